import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, startCamp } from '../../../test/camp';
import { adminPost, gateAndTent, insertSignedInPerson, type Person } from '../../../test/camp-registrations';
import { rowsOf } from '../../db/raw';
import * as schema from '../../db/schema/index';
import {
  applicationDecisions,
  applications,
  auditRecords,
  drawEntries,
  emailOutbox,
  loginCodes,
  passkeys,
  payments,
  rateLimitCounters,
  refunds,
  registrations,
  securityEvents,
  shiftWaits,
  testEmailHistory,
  userNotes,
  users,
  webauthnChallenges,
} from '../../db/schema/index';

// The erasure of an account (docs/product.md §12 My data, decision 063) against the whole schema: every column of
// every table is listed here with what the erasure does to it, so a new column cannot hold personal data unnoticed;
// then a person with something in every corner is erased and no value of theirs is left anywhere.

/** What happens to a column when its person is erased. */
type Rule =
  | 'not personal' // ids, states, amounts, dates, the camp's own settings and catalog
  | 'nulled' // set to null on the person's row
  | 'replaced' // set to a value that names nobody
  | 'reset' // set back to its default
  | 'row deleted' // the person's rows of this table are deleted
  | 'row scrubbed'; // the person's rows stay, this value is blanked

const ALL_NOT_PERSONAL = 'not personal' as const;

/** table → column → rule. A column missing here (or listed but gone) fails the first test. */
const COLUMNS: Record<string, Record<string, Rule>> = {
  users: {
    id: 'not personal',
    email: 'replaced', // deleted-{id}@deleted.invalid
    first_name: 'nulled',
    last_name: 'nulled',
    playa_name: 'nulled',
    profile_picture: 'nulled',
    role: 'reset',
    is_email_verified: 'reset',
    phone: 'nulled',
    city: 'nulled',
    state_province: 'nulled',
    country: 'nulled',
    emergency_contact: 'nulled',
    allow_registration: 'reset',
    allow_early_registration: 'reset',
    allow_deferred_dues_payment: 'reset',
    allow_no_job: 'reset',
    internal_notes: 'nulled',
    password_hash: 'nulled',
    calendar_feed_version: 'replaced', // +1: every earlier feed link stops working
    deleted_at: 'replaced',
    created_at: 'not personal',
    updated_at: 'not personal',
  },
  user_notes: {
    id: 'row deleted',
    user_id: 'row deleted',
    author_id: 'not personal', // notes an erased admin wrote about others stay, as a former admin's
    body: 'row deleted',
    created_at: 'row deleted',
    updated_at: 'row deleted',
  },
  // Application approval (decision 065): the person's applications go, their decisions with them (cascade).
  applications: {
    id: 'row deleted',
    user_id: 'row deleted',
    year: 'row deleted',
    status: 'row deleted',
    about: 'row deleted',
    answers: 'row deleted',
    message: 'row deleted',
    decided_by: 'not personal', // what an erased admin decided on others' applications stays, as a former admin's
    decided_at: 'row deleted',
    created_at: 'row deleted',
    updated_at: 'row deleted',
  },
  application_decisions: {
    id: 'row deleted',
    application_id: 'row deleted',
    status: 'row deleted',
    message: 'row deleted',
    decided_by: 'not personal',
    created_at: 'row deleted',
  },
  login_codes: {
    id: 'row deleted',
    email: 'row deleted',
    code_hash: 'row deleted',
    requested_ip: 'row deleted',
    expires_at: 'row deleted',
    failed_attempts: 'row deleted',
    link_token_hash: 'row deleted',
    browser_hash: 'row deleted',
    created_at: 'row deleted',
  },
  passkeys: {
    id: 'row deleted',
    user_id: 'row deleted',
    credential_id: 'row deleted',
    public_key: 'row deleted',
    counter: 'row deleted',
    transports: 'row deleted',
    device_type: 'row deleted',
    backed_up: 'row deleted',
    name: 'row deleted',
    last_used_at: 'row deleted',
    created_at: 'row deleted',
  },
  webauthn_challenges: {
    id: 'row deleted',
    challenge: 'row deleted',
    kind: 'row deleted',
    user_id: 'row deleted',
    expires_at: 'row deleted',
    created_at: 'row deleted',
  },
  refresh_tokens: {
    id: 'row deleted',
    user_id: 'row deleted',
    family_id: 'row deleted',
    token_hash: 'row deleted',
    expires_at: 'row deleted',
    rotated_at: 'row deleted',
    revoked_at: 'row deleted',
    created_at: 'row deleted',
  },
  rate_limit_counters: { key: 'row deleted', window_start: 'row deleted', hits: 'row deleted' },
  security_events: {
    id: 'not personal',
    type: 'not personal',
    actor_user_id: 'not personal',
    subject_user_id: 'not personal',
    email: 'row scrubbed',
    ip: 'row scrubbed',
    details: 'row scrubbed', // a change's old and new values of the person
    created_at: 'not personal',
  },
  email_outbox: {
    id: 'row deleted',
    to_address: 'row deleted',
    subject: 'row deleted',
    html: 'row deleted',
    text: 'row deleted',
    status: 'row deleted',
    attempts: 'row deleted',
    next_attempt_at: 'row deleted',
    locked_until: 'row deleted',
    last_error: 'row deleted',
    sent_at: 'row deleted',
    created_at: 'row deleted',
  },
  test_email_history: {
    id: 'not personal',
    recipient_email: 'replaced',
    subject: 'not personal',
    status: 'not personal',
    sent_at: 'not personal',
    error_message: 'not personal',
    sent_by_user_id: 'not personal',
    created_at: 'not personal',
  },
  registrations: {
    id: 'not personal',
    user_id: 'not personal',
    year: 'not personal',
    status: 'not personal', // unchanged: the counts and places stay
    accepted_terms_at: 'not personal',
    cancelled_at: 'not personal',
    cancellation_reason: 'row scrubbed',
    line_key: 'not personal',
    waitlisted_at: 'not personal',
    pay_by: 'not personal',
    pay_reminded_at: 'not personal',
    created_at: 'not personal',
    updated_at: 'not personal',
  },
  registration_field_values: {
    id: 'row deleted',
    registration_id: 'row deleted',
    field_id: 'row deleted',
    value: 'row deleted',
    created_at: 'row deleted',
    updated_at: 'row deleted',
  },
  audit_records: {
    id: 'not personal',
    transaction_id: 'not personal',
    action_type: 'not personal',
    admin_user_id: 'not personal',
    registration_id: 'not personal',
    reason: 'row scrubbed', // an admin's words, which may name the person (migration 0015 lets the erasure blank them)
    old_values: 'not personal', // statuses, options, jobs, ids
    new_values: 'not personal',
    created_at: 'not personal',
  },
  draw_entries: {
    id: 'not personal',
    year: 'not personal',
    user_id: 'not personal',
    state: 'not personal',
    camp_with: 'row scrubbed', // theirs emptied; their address out of everyone else's
    camping_option_ids: 'not personal',
    job_ids: 'not personal',
    field_values: 'row scrubbed',
    accepted_terms_at: 'not personal',
    drawn_position: 'not personal',
    registration_id: 'not personal',
    created_at: 'not personal',
    updated_at: 'not personal',
  },
  payments: {
    id: 'not personal',
    user_id: 'not personal',
    registration_id: 'not personal',
    amount_cents: 'not personal',
    currency: 'not personal',
    status: 'not personal',
    provider: 'not personal',
    provider_ref_id: 'not personal',
    payment_intent_id: 'not personal',
    method: 'not personal',
    reference: 'not personal', // the camp's receipt or check number, kept for its accounts (decision 063)
    refunded_at: 'not personal',
    refund_ref_id: 'not personal',
    created_at: 'not personal',
    updated_at: 'not personal',
  },
  refunds: {
    id: 'not personal',
    payment_id: 'not personal',
    amount_cents: 'not personal',
    status: 'not personal',
    reason: 'not personal', // the camp's accounting reason, kept (decision 063)
    source: 'not personal',
    provider_ref_id: 'not personal',
    idempotency_key: 'not personal',
    admin_user_id: 'not personal',
    failure_reason: 'not personal',
    attempts: 'not personal',
    last_attempt_at: 'not personal',
    retries: 'not personal',
    notify: 'not personal',
    transaction_id: 'not personal',
    created_at: 'not personal',
    updated_at: 'not personal',
  },
};

/** Tables that hold nothing about a person: the camp's settings, catalog, work and bookkeeping. */
const NOT_PERSONAL_TABLES = [
  'camp_config',
  'application_settings',
  'camping_options',
  'camping_option_fields',
  'camping_option_job_categories',
  'job_categories',
  'jobs',
  'shifts',
  'registration_camping_options',
  'registration_jobs',
  'shift_reminders',
  'shift_waits',
  'waitlist_offers',
  'timed_tasks',
  'draws',
  'payment_events',
];

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe('erasure: every column of every table', () => {
  it('classifies every column (a new column needs a rule here)', () => {
    const found: Record<string, string[]> = {};
    for (const table of tables)
      found[getTableName(table)] = Object.values(getTableColumns(table)).map((column) => column.name);
    const listed: Record<string, string[]> = {};
    for (const [table, columns] of Object.entries(COLUMNS)) listed[table] = Object.keys(columns);
    for (const table of NOT_PERSONAL_TABLES) {
      expect(COLUMNS[table], `${table} is listed twice`).toBeUndefined();
      listed[table] = found[table] ?? [`(no table ${table})`];
    }
    const sorted = (record: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(record)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, columns]) => [table, [...columns].sort()]),
      );
    expect(sorted(listed)).toEqual(sorted(found));
    expect(ALL_NOT_PERSONAL).toBe('not personal');
  });
});

describe('erasure: nothing of the person is left', () => {
  let camp: Camp;
  let person: Person;
  let other: Person;
  let registrationId: string;
  const EMAIL = 'Erin.Erasable@Example.org';
  const VALUES = {
    firstName: 'Erinqz',
    lastName: 'Erasableqz',
    playaName: 'Sparkleqz',
    phone: '555-0123-77',
    city: 'Qzville',
    stateProvince: 'Qzstate',
    country: 'Qzland',
    emergencyContact: 'Motherqz Erasableqz, 555-0199-88',
    profilePicture: 'https://pictures.example.org/erinqz.png',
  };
  const ANSWER = 'Plate QZ-1234-ERIN';
  const IP = '203.0.113.77';
  const PASSKEY_NAME = 'Erinqz laptop';

  beforeAll(async () => {
    camp = await startCamp();
    const db = camp.t.database.db;
    person = await insertSignedInPerson(camp, { email: EMAIL, ...VALUES });
    other = await insertSignedInPerson(camp, { firstName: 'Otto', lastName: 'Other' });
    const { category, shift, job, option, field } = await gateAndTent(camp);
    const fullJob = await adminPost(camp, '/api/jobs', {
      name: 'Runner',
      location: 'Gate',
      categoryId: category,
      shiftId: shift,
      maxRegistrations: 1,
      waitlistEnabled: true,
    });
    registrationId = await insertRegistration(db, {
      userId: person.id,
      status: 'CONFIRMED',
      campingOptionIds: [option],
      jobIds: [job],
      fieldValues: { [field]: ANSWER },
    });
    await insertRegistration(db, { userId: other.id, status: 'PENDING', campingOptionIds: [option] });
    await db
      .update(registrations)
      .set({ cancellationReason: null })
      .where(eq(registrations.id, registrationId));
    await db.insert(shiftWaits).values({ registrationId, jobId: fullJob, year: new Date().getUTCFullYear() });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: person.id,
        registrationId,
        amountCents: 10000,
        status: 'COMPLETED',
        provider: 'MANUAL',
        method: 'CASH',
        reference: 'Receipt 0077',
      })
      .returning({ id: payments.id });
    await db.insert(refunds).values({
      paymentId: payment!.id,
      amountCents: 2500,
      status: 'SUCCEEDED',
      source: 'ADMIN',
      reason: 'Early',
    });
    await db.insert(payments).values({ userId: person.id, registrationId, amountCents: 4000 });
    await db.insert(auditRecords).values({
      actionType: 'REGISTRATION_EDIT',
      adminUserId: camp.admin.userId,
      registrationId,
      reason: `${VALUES.firstName} asked for the morning shift`,
      newValues: { status: 'CONFIRMED' },
    });
    await db
      .insert(userNotes)
      .values({ userId: person.id, authorId: camp.admin.userId, body: `${VALUES.playaName} rides in` });
    await db.insert(securityEvents).values([
      {
        type: 'sign_in.success',
        actorUserId: person.id,
        subjectUserId: person.id,
        email: EMAIL.toLowerCase(),
        ip: IP,
      },
      { type: 'sign_in.wrong_code', email: EMAIL.toLowerCase(), ip: IP, details: { reason: 'wrong code' } },
      {
        type: 'user.updated',
        actorUserId: camp.admin.userId,
        subjectUserId: person.id,
        ip: '198.51.100.1',
        details: { id: person.id, changes: { city: { old: 'Elsewhere', new: VALUES.city } } },
      },
    ]);
    const [application] = await db
      .insert(applications)
      .values({
        userId: person.id,
        year: 2099,
        status: 'APPROVED',
        about: `${VALUES.playaName} brings a dome`,
        answers: [
          { questionId: crypto.randomUUID(), question: 'Skills?', answer: `${VALUES.lastName} welds` },
        ],
        message: `Welcome, ${VALUES.firstName}`,
        decidedBy: camp.admin.userId,
        decidedAt: new Date(),
      })
      .returning({ id: applications.id });
    await db.insert(applicationDecisions).values({
      applicationId: application!.id,
      status: 'APPROVED',
      message: `Welcome, ${VALUES.firstName}`,
      decidedBy: camp.admin.userId,
    });
    await db.insert(passkeys).values({
      userId: person.id,
      credentialId: 'cred-erinqz',
      publicKey: 'pk-erinqz',
      deviceType: 'multiDevice',
      name: PASSKEY_NAME,
    });
    await db.insert(webauthnChallenges).values({
      challenge: 'challenge-erinqz',
      kind: 'REGISTER',
      userId: person.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db.insert(loginCodes).values({
      email: EMAIL.toLowerCase(),
      codeHash: 'hash-erinqz',
      requestedIp: IP,
      expiresAt: new Date(Date.now() + 600_000),
    });
    await db
      .insert(rateLimitCounters)
      .values({ key: `login-code:email:${EMAIL.toLowerCase()}`, windowStart: new Date(), hits: 1 });
    await db.insert(emailOutbox).values([
      {
        toAddress: EMAIL.toLowerCase(),
        subject: 'Welcome',
        html: `<p>Hi ${VALUES.firstName}</p>`,
        text: `Hi ${VALUES.firstName}`,
      },
      {
        toAddress: EMAIL,
        subject: 'Sent',
        html: '<p>Sent</p>',
        text: 'Sent',
        status: 'SENT',
        sentAt: new Date(),
      },
    ]);
    await db.insert(testEmailHistory).values({ recipientEmail: EMAIL.toLowerCase(), subject: 'Test' });
    await db.insert(drawEntries).values([
      {
        year: 2099,
        userId: person.id,
        campingOptionIds: [option],
        campWith: ['otto@example.org'],
        fieldValues: { [field]: ANSWER },
        acceptedTermsAt: new Date(),
      },
      {
        year: 2099,
        userId: other.id,
        campingOptionIds: [option],
        campWith: [EMAIL.toLowerCase(), 'friend@example.org'],
        acceptedTermsAt: new Date(),
      },
    ]);
  });
  afterAll(async () => {
    await camp?.close();
  });

  /** Every text, jsonb and array column of every table, searched for the value (case aside). */
  async function placesHolding(value: string): Promise<string[]> {
    const db = camp.t.database.db;
    const found: string[] = [];
    for (const table of tables) {
      for (const column of Object.values(getTableColumns(table))) {
        if (!['PgText', 'PgJsonb', 'PgArray'].includes(column.columnType)) continue;
        const [row] = rowsOf<{ n: number | string }>(
          await db.execute(
            sql`select count(*) as n from ${table} where position(lower(${value}) in lower(${sql.identifier(column.name)}::text)) > 0`,
          ),
        );
        if (Number(row?.n) > 0) found.push(`${getTableName(table)}.${column.name}`);
      }
    }
    return found;
  }

  const totals = async () => {
    const report = await camp.call('GET', '/api/reports/registrations', camp.admin);
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json<{
      counts: Record<string, number>;
      registrations: { id: string; status: string; paidAmount: number; outstandingAmount: number }[];
    }>();
    const list = await camp.call('GET', '/api/payments', camp.admin);
    expect(list.statusCode, list.body).toBe(200);
    return {
      counts: body.counts,
      rows: body.registrations.map(({ id, status, paidAmount, outstandingAmount }) => ({
        id,
        status,
        paidAmount,
        outstandingAmount,
      })),
      payments: list
        .json<{ payments: { id: string; amount: number; status: string }[] }>()
        .payments.map(({ id, amount, status }) => ({ id, amount, status }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
  };

  it('finds the values before (the search works), erases, and finds none after; counts and money unchanged', async () => {
    const values = [EMAIL, ...Object.values(VALUES), ANSWER, IP, PASSKEY_NAME];
    const before: Record<string, string[]> = {};
    for (const value of values) before[value] = await placesHolding(value);
    expect(before[EMAIL]).toEqual(
      expect.arrayContaining([
        'users.email',
        'login_codes.email',
        'security_events.email',
        'email_outbox.to_address',
        'test_email_history.recipient_email',
        'draw_entries.camp_with',
        'rate_limit_counters.key',
      ]),
    );
    expect(before[ANSWER]).toEqual(['registration_field_values.value', 'draw_entries.field_values']);
    expect(before[VALUES.city]).toEqual(['users.city', 'security_events.details']);
    expect(before[VALUES.firstName]).toEqual(
      expect.arrayContaining(['users.first_name', 'audit_records.reason', 'email_outbox.html']),
    );
    expect(before[IP]).toEqual(['login_codes.requested_ip', 'security_events.ip']);
    expect(before[VALUES.playaName]).toEqual(expect.arrayContaining(['applications.about']));
    expect(before[VALUES.lastName]).toEqual(expect.arrayContaining(['applications.answers']));
    expect(before[VALUES.firstName]).toEqual(
      expect.arrayContaining(['applications.message', 'application_decisions.message']),
    );
    const totalsBefore = await totals();
    expect(totalsBefore.counts).toMatchObject({ total: 2, confirmed: 1, pending: 1 });
    expect(totalsBefore.rows.find((row) => row.id === registrationId)).toEqual({
      id: registrationId,
      status: 'CONFIRMED',
      paidAmount: 75,
      outstandingAmount: 40,
    });

    const response = await camp.call('POST', `/api/users/${person.id}/erase`, camp.admin, {
      confirmEmail: ' erin.erasable@example.ORG ',
    });
    expect(response.statusCode, response.body).toBe(204);

    const left: Record<string, string[]> = {};
    for (const value of values) {
      const places = await placesHolding(value);
      if (places.length > 0) left[value] = places;
    }
    // Nothing of theirs is left anywhere, the admins' audit reasons included (migration 0015).
    expect(left).toEqual({});
    expect(await totals()).toEqual(totalsBefore);

    const db = camp.t.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      email: `deleted-${person.id}@deleted.invalid`,
      firstName: null,
      lastName: null,
      playaName: null,
      phone: null,
      emergencyContact: null,
      role: 'PARTICIPANT',
      calendarFeedVersion: 1,
      deletedAt: expect.any(Date),
    });
    // The other person's draw entry keeps their other friend; the person's own entry stays, emptied.
    const entries = await db.select().from(drawEntries);
    expect(
      entries.map((e) => ({ user: e.userId, campWith: e.campWith, fieldValues: e.fieldValues })),
    ).toEqual(
      expect.arrayContaining([
        { user: other.id, campWith: ['friend@example.org'], fieldValues: {} },
        { user: person.id, campWith: [], fieldValues: {} },
      ]),
    );
    // The events stay, without address or client address; one more says the account was erased.
    const events = await db
      .select({
        type: securityEvents.type,
        email: securityEvents.email,
        ip: securityEvents.ip,
        details: securityEvents.details,
      })
      .from(securityEvents)
      .where(eq(securityEvents.subjectUserId, person.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'sign_in.success', email: null, ip: null, details: null },
        { type: 'user.updated', email: null, ip: null, details: { id: person.id, erased: true } },
        { type: 'user.erased', email: null, ip: null, details: { by: 'admin' } },
      ]),
    );
    expect(events).toHaveLength(3);
    // The old session no longer works.
    const profile = await camp.call('GET', '/api/auth/profile', person);
    expect(profile.statusCode).toBe(401);
  });
});
