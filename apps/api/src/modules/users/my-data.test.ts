import { MY_DATA_MESSAGES } from '@camp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type Camp, insertRegistration, messageOf, startCamp } from '../../../test/camp';
import { gateAndTent, insertSignedInPerson } from '../../../test/camp-registrations';
import { rowsOf } from '../../db/raw';
import {
  applications,
  loginCodes,
  passkeys,
  payments,
  refreshTokens,
  securityEvents,
  userNotes,
  users,
  webauthnChallenges,
} from '../../db/schema/index';
import { purgeExpired } from './retention-purge';

// My data (docs/product.md §12 My data, decision 063): the export, deleting one's own account, an admin's erasure,
// and the daily retention purge.

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('my data: /api/users/me/data, DELETE /api/users/me, /api/users/{id}/data and /erase', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
  });
  afterAll(async () => {
    await camp?.close();
  });

  it('exports the caller’s profile, registrations with options, answers and shifts, payments, passkeys and events', async () => {
    const db = camp.t.database.db;
    const person = await insertSignedInPerson(camp, { firstName: 'Ivy', lastName: 'Export', city: 'Reno' });
    const { job, option, field } = await gateAndTent(camp);
    const registration = await insertRegistration(db, {
      userId: person.id,
      year: 2026,
      campingOptionIds: [option],
      jobIds: [job],
      fieldValues: { [field]: 'NV 123' },
    });
    await db.insert(payments).values({
      userId: person.id,
      registrationId: registration,
      amountCents: 10000,
      status: 'COMPLETED',
      providerRefId: 'cs_test_secret_ref',
    });
    await db.insert(passkeys).values({
      userId: person.id,
      credentialId: 'cred-ivy',
      publicKey: 'pk-ivy',
      deviceType: 'singleDevice',
      name: 'Phone',
    });
    await db
      .insert(userNotes)
      .values({ userId: person.id, authorId: camp.admin.userId, body: 'Admin-only words' });
    await db
      .insert(securityEvents)
      .values({ type: 'sign_in.success', subjectUserId: person.id, email: person.email, ip: '192.0.2.9' });
    const questionId = crypto.randomUUID();
    await db.insert(applications).values({
      userId: person.id,
      year: 2026,
      status: 'APPROVED',
      about: 'I build shade.',
      answers: [{ questionId, question: 'Skills?', answer: 'Welding' }],
      message: 'Welcome!',
      decidedBy: camp.admin.userId,
      decidedAt: new Date('2026-03-01T10:00:00.000Z'),
    });

    const response = await camp.call('GET', '/api/users/me/data', person);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = response.json<Record<string, unknown>>();
    expect(data).toEqual({
      exportedAt: ISO,
      profile: expect.objectContaining({
        id: person.id,
        email: person.email,
        firstName: 'Ivy',
        lastName: 'Export',
        city: 'Reno',
        phone: '555-0100',
      }),
      registrations: [
        expect.objectContaining({
          id: registration,
          year: 2026,
          status: 'CONFIRMED',
          campingOptions: [{ id: option, name: 'Tent' }],
          answers: [{ fieldId: field, field: 'Plate', value: 'NV 123' }],
          shifts: [
            {
              jobId: job,
              job: 'Greeter',
              shift: 'Morning',
              day: 'MONDAY',
              startTime: '09:00',
              endTime: '12:00',
              attendance: null,
              attendanceAt: null,
            },
          ],
          waitlistOffers: [],
          shiftWaits: [],
        }),
      ],
      drawEntries: [],
      payments: [
        expect.objectContaining({
          registrationId: registration,
          amountCents: 10000,
          currency: 'USD',
          status: 'COMPLETED',
          provider: 'STRIPE',
          refunds: [],
        }),
      ],
      applications: [
        {
          year: 2026,
          status: 'APPROVED',
          about: 'I build shade.',
          answers: [{ questionId, question: 'Skills?', answer: 'Welding' }],
          message: 'Welcome!',
          submittedAt: ISO,
          decidedAt: '2026-03-01T10:00:00.000Z',
        },
      ],
      securityEvents: [{ type: 'sign_in.success', createdAt: ISO, email: person.email, ip: '192.0.2.9' }],
      passkeys: [
        { name: 'Phone', createdAt: ISO, lastUsedAt: null, deviceType: 'singleDevice', backedUp: false },
      ],
      calendarFeed: { version: 0 },
    });
    // Never the provider's reference, the internal note, who decided the application, or anyone else's details.
    expect(response.body).not.toContain('cs_test_secret_ref');
    expect(response.body).not.toContain('Admin-only words');
    expect(response.body).not.toContain(camp.admin.userId);

    // An admin gets the very same file for the person.
    const admin = await camp.call('GET', `/api/users/${person.id}/data`, camp.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect({ ...admin.json<Record<string, unknown>>(), exportedAt: 'x' }).toEqual({
      ...data,
      exportedAt: 'x',
    });
    expect((await camp.call('GET', `/api/users/${person.id}/data`, camp.staff)).statusCode).toBe(403);
  });

  it('DELETE /users/me refuses an address that is not the account’s (400, account untouched)', async () => {
    const person = await insertSignedInPerson(camp, { firstName: 'Kim' });
    const wrong = await camp.call('DELETE', '/api/users/me', person, { confirmEmail: 'someone@example.org' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MY_DATA_MESSAGES.confirmEmailMismatch,
    });
    const empty = await camp.call('DELETE', '/api/users/me', person, { confirmEmail: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toEqual([MY_DATA_MESSAGES.confirmEmailRequired]);
    const [row] = await camp.t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ firstName: 'Kim', deletedAt: null });
  });

  it('DELETE /users/me erases the account, ends its sessions, and a new sign-in with the address is a new account', async () => {
    const db = camp.t.database.db;
    const person = await insertSignedInPerson(camp, { email: 'leaving@example.org', firstName: 'Lee' });
    await db.insert(webauthnChallenges).values({
      challenge: 'c-leaving',
      kind: 'REGISTER',
      userId: person.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await camp.call('DELETE', '/api/users/me', person, {
      confirmEmail: 'LEAVING@example.org',
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await camp.call('GET', '/api/auth/profile', person)).statusCode).toBe(401);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, person.id))).toEqual([]);
    expect(
      await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, person.id)),
    ).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      email: `deleted-${person.id}@deleted.invalid`,
      firstName: null,
      deletedAt: expect.any(Date),
    });
    const [event] = await db
      .select({
        type: securityEvents.type,
        actor: securityEvents.actorUserId,
        details: securityEvents.details,
      })
      .from(securityEvents)
      .where(sql`${securityEvents.subjectUserId} = ${person.id} and ${securityEvents.type} = 'user.erased'`);
    expect(event).toEqual({ type: 'user.erased', actor: person.id, details: { by: 'self' } });

    // Signing in again with the same address makes a fresh, empty account.
    const { signIn } = await import('../../../test/session');
    const again = await signIn(camp.t.app, camp.smtp, 'leaving@example.org');
    expect(again.userId).not.toBe(person.id);
    const fresh = await camp.call('GET', '/api/auth/profile', again);
    expect(fresh.json()).toMatchObject({ email: 'leaving@example.org', firstName: null });
  });

  it('POST /users/{id}/erase: 409 for oneself, the last admin and an erased account; 400 for the wrong address', async () => {
    const self = await camp.call('POST', `/api/users/${camp.admin.userId}/erase`, camp.admin, {
      confirmEmail: 'admin@example.org',
    });
    expect(self.statusCode).toBe(409);
    expect(messageOf(self)).toBe(MY_DATA_MESSAGES.cannotEraseSelf);

    // The only admin deleting their own account: refused, they would leave the camp without one.
    const lastAdmin = await camp.call('DELETE', '/api/users/me', camp.admin, {
      confirmEmail: 'admin@example.org',
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(messageOf(lastAdmin)).toBe(MY_DATA_MESSAGES.cannotEraseLastAdmin);

    const person = await insertSignedInPerson(camp, { firstName: 'Max' });
    const wrong = await camp.call('POST', `/api/users/${person.id}/erase`, camp.admin, {
      confirmEmail: 'other@example.org',
    });
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe(MY_DATA_MESSAGES.adminConfirmEmailMismatch);
    const done = await camp.call('POST', `/api/users/${person.id}/erase`, camp.admin, {
      confirmEmail: person.email,
    });
    expect(done.statusCode, done.body).toBe(204);
    const twice = await camp.call('POST', `/api/users/${person.id}/erase`, camp.admin, {
      confirmEmail: `deleted-${person.id}@deleted.invalid`,
    });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(MY_DATA_MESSAGES.alreadyErased);
    const unknown = await camp.call('POST', `/api/users/${crypto.randomUUID()}/erase`, camp.admin, {
      confirmEmail: 'x@example.org',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('retention purge', () => {
  // An app of its own with nobody signed in: only this test's rows are there to purge.
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes only what is past its period, once a day even with two workers at once', async () => {
    const db = t.database.db;
    const day = 24 * 3600 * 1000;
    // Two days on: the app's own worker already did today's purge when it started.
    const now = new Date(Date.now() + 2 * day);
    const at = (days: number) => new Date(now.getTime() - days * day);
    const [person] = await db
      .insert(users)
      .values({ email: 'purge@example.org' })
      .returning({ id: users.id });
    const user = person!.id;
    await db.insert(loginCodes).values([
      { email: 'old-code@example.org', codeHash: 'old', expiresAt: at(1.5) },
      { email: 'new-code@example.org', codeHash: 'new', expiresAt: at(0.5) },
    ]);
    await db.insert(refreshTokens).values([
      { userId: user, familyId: crypto.randomUUID(), tokenHash: 'expired-long-ago', expiresAt: at(31) },
      {
        userId: user,
        familyId: crypto.randomUUID(),
        tokenHash: 'revoked-long-ago',
        expiresAt: at(-30),
        revokedAt: at(31),
      },
      {
        userId: user,
        familyId: crypto.randomUUID(),
        tokenHash: 'revoked-lately',
        expiresAt: at(-30),
        revokedAt: at(29),
      },
    ]);
    await db.insert(webauthnChallenges).values([
      { challenge: 'expired', kind: 'SIGN_IN', expiresAt: at(0.01) },
      { challenge: 'live', kind: 'SIGN_IN', expiresAt: at(-0.01) },
    ]);
    await db.insert(securityEvents).values([
      { type: 'sign_in.success', email: 'old-event@example.org', createdAt: at(366) },
      { type: 'sign_in.success', email: 'young-event@example.org', createdAt: at(364) },
    ]);

    const [first, second] = await Promise.all([purgeExpired(db, now), purgeExpired(db, now)]);
    const done = [first, second].filter((result) => result !== null);
    expect(done).toEqual([{ loginCodes: 1, refreshTokens: 2, webauthnChallenges: 1, securityEvents: 1 }]);
    // Later the same day (another process, or after a restart): nothing more.
    expect(await purgeExpired(db, new Date(now.getTime() + 3600_000))).toBeNull();

    const left = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ v: string }>(await db.execute(query)).map((row) => row.v);
    expect(
      await left(sql`select email as v from login_codes where email like '%-code@%' order by 1`),
    ).toEqual(['new-code@example.org']);
    expect(
      await left(sql`select token_hash as v from refresh_tokens where token_hash like '%-l%' order by 1`),
    ).toEqual(['revoked-lately']);
    expect(await left(sql`select challenge as v from webauthn_challenges order by 1`)).toEqual(['live']);
    expect(
      await left(sql`select email as v from security_events where email like '%-event@%' order by 1`),
    ).toEqual(['young-event@example.org']);

    // The next day the purge runs again.
    await db.insert(loginCodes).values({ email: 'next-day@example.org', codeHash: 'x', expiresAt: at(1.5) });
    expect(await purgeExpired(db, new Date(now.getTime() + day))).toEqual({
      loginCodes: 2,
      refreshTokens: 0,
      webauthnChallenges: 1,
      securityEvents: 0,
    });
  });
});
