import type { CampingOption, Job, Registration } from '@camp/shared';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/database';
import { FakeStripe } from '../../../test/fake-stripe';
import {
  payments,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  timedTasks,
} from '../../db/schema/index';
import { inCheckout as inCheckoutFor, startKitchenCamp, useStripeCamp } from '../../../test/camp-payments';
import { activePlaceCounts, JOB_PLACES, OPTION_PLACES } from '../registrations/capacity';
import {
  adminActionTrail,
  adminKitchenJob,
  adminPost,
  auditTrail,
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
  adminShift,
  submitCamp,
  registrationStatus,
} from '../../../test/camp-registrations';
import { type Camp, insertRegistration, messageOf, messagesOf, startCamp } from '../../../test/camp';
import { expectCountersMatch, outboxRowsTo } from '../../../test/rows';

// PUT /admin/registrations/{id}: the admin edit (docs/product.md §5 Admin edit, §4 audit action types).

describe('Admin registrations API: PUT /admin/registrations/{id} (edit)', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;
  let lodge: string;
  let dishes: string;
  let greeter: string;
  let soloShift: string;

  const db = () => camp.t.database.db;

  useStripeCamp(fake, startKitchenCamp, async (kitchen) => {
    ({ camp } = kitchen);
    // The app's waitlist worker (woken by every edit) stays out of the way: these tests read the places an
    // edit leaves, before any fill offers them on.
    await camp.t.app.ready();
    await camp.t.app.services.waitlist.stop();
    const { category, tuesday } = kitchen;
    const monday = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '12:00');
    const job = (name: string, shiftId: string, maxRegistrations: number) =>
      adminKitchenJob(camp, { name, categoryId: category, shiftId, maxRegistrations });
    dishes = await job('Dishes', tuesday, 5);
    greeter = await job('Greeter', monday, 5);
    soloShift = await job('Head Chef', monday, 1);
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent Camping',
      participantDues: 100,
      maxSignups: 10,
      jobCategoryIds: [category],
    });
    lodge = await adminPost(camp, '/api/camping-options', {
      name: 'Lodge',
      participantDues: 250,
      maxSignups: 10,
    });
  });

  const edit = (id: string, body: unknown, as: Camp['admin'] | null = camp.admin) =>
    camp.call('PUT', `/api/admin/registrations/${id}`, as, body);

  /** Registers through the wizard's endpoint (places taken by the capacity code): answers the id. */
  async function register(person: Person, campingOptions = [tent], jobIds = [dishes]): Promise<string> {
    const response = await submitCamp(camp, person, { campingOptions, jobs: jobIds });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ registration: { id: string } }>().registration.id;
  }

  /** Each place as GET shows it, checked against the registrations holding it. */
  async function places(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const [name, id, path] of [
      ['tent', tent, 'camping-options'],
      ['lodge', lodge, 'camping-options'],
      ['dishes', dishes, 'jobs'],
      ['greeter', greeter, 'jobs'],
      ['chef', soloShift, 'jobs'],
    ] as const) {
      const response = await camp.call('GET', `/api/${path}/${id}`, camp.admin);
      expect(response.statusCode, response.body).toBe(200);
      const shown = response.json<CampingOption | Job>().currentRegistrations;
      const counted = await activePlaceCounts(path === 'jobs' ? JOB_PLACES : OPTION_PLACES, [id], db(), YEAR);
      expect(shown, name).toBe(counted.get(id) ?? 0);
      result[name] = shown;
    }
    return result;
  }

  async function links(id: string) {
    const jobRows = await db().select().from(registrationJobs).where(eq(registrationJobs.registrationId, id));
    const optionRows = await db()
      .select()
      .from(registrationCampingOptions)
      .where(eq(registrationCampingOptions.registrationId, id));
    return {
      jobIds: jobRows.map((row) => row.jobId).sort(),
      campingOptionIds: optionRows.map((row) => row.campingOptionId).sort(),
    };
  }

  const trail = (id: string) => auditTrail(camp, id);

  const duesOf = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.registrationId, id))).map((row) => [
      row.status,
      row.amountCents,
    ]);

  const pendingFills = async () =>
    (await db().select().from(timedTasks).where(eq(timedTasks.state, 'PENDING'))).map((row) => row.year);

  async function lineOf(id: string) {
    const [row] = await db()
      .select({ lineKey: registrations.lineKey, waitlistedAt: registrations.waitlistedAt })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row;
  }

  const statusOf = (id: string) => registrationStatus(camp, id);

  it('refuses bad input, no change, other roles and unknown or cancelled registrations, changing nothing', async () => {
    const person = await insertSignedInPerson(camp);
    const id = await register(person);
    const before = await places();
    const unknownJob = randomUUID();
    const cases: Array<[unknown, string[]]> = [
      [{}, ['No changes have been made to the registration.']],
      [
        { status: 'PENDING', jobIds: [dishes], campingOptionIds: [tent] },
        ['No changes have been made to the registration.'],
      ],
      [
        { jobIds: [dishes, dishes], notes: 'Only a note' },
        ['No changes have been made to the registration.'],
      ],
      [{ status: 'CANCELLED' }, ['Use the cancel registration function to cancel registrations.']],
      [{ status: 'DONE' }, ['Status must be one of PENDING, CONFIRMED or WAITLISTED']],
      [{ campingOptionIds: [] }, ['Please select at least one camping option']],
      [{ jobIds: 'all' }, ['jobIds must be a list of job ids']],
      [{ jobIds: ['nope'] }, ['Invalid job id']],
      [{ status: 'CONFIRMED', notes: 'x'.repeat(1001) }, ['Notes must be at most 1000 characters']],
      [{ status: 'CONFIRMED', sendNotification: 'yes' }, ['sendNotification must be true or false']],
      [{ jobIds: [dishes, unknownJob] }, [`Job ${unknownJob} does not exist`]],
    ];
    for (const [body, messages] of cases) {
      const response = await edit(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(response), JSON.stringify(body)).toEqual(messages);
    }
    expect((await edit(id, { status: 'CONFIRMED', extra: 1 })).statusCode).toBe(400);
    for (const who of [camp.staff, camp.participant]) {
      expect((await edit(id, { status: 'CONFIRMED' }, who)).statusCode).toBe(403);
    }
    expect((await edit(id, { status: 'CONFIRMED' }, null)).statusCode).toBe(401);
    const unknown = await edit(randomUUID(), { status: 'CONFIRMED' });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Registration not found');

    expect(await statusOf(id)).toBe('PENDING');
    expect(await links(id)).toEqual({ jobIds: [dishes], campingOptionIds: [tent] });
    expect(await places()).toEqual(before);
    expect(await trail(id)).toEqual([]);

    const cancelled = await insertRegistration(db(), { status: 'CANCELLED', year: YEAR });
    const response = await edit(cancelled, { status: 'CONFIRMED' });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Cancelled registrations cannot be edited.');
    expect(await statusOf(cancelled)).toBe('CANCELLED');
  });

  it('moves shifts and options: places follow at once, dues follow the options, one audited action', async () => {
    const person = await insertSignedInPerson(camp);
    const id = await register(person);
    const before = await places();
    expect(await duesOf(id)).toEqual([['PENDING', 10000]]);
    await db().delete(timedTasks);

    const response = await edit(id, {
      status: 'WAITLISTED',
      jobIds: [greeter],
      campingOptionIds: [lodge],
      notes: '  Moved to the lodge at their request  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const registration = response.json<Registration>();
    expect(registration).toMatchObject({ id, status: 'WAITLISTED', year: YEAR });
    expect(registration.jobs.map((item) => item.job.id)).toEqual([greeter]);
    expect(registration.campingOptions.map((item) => item.campingOption.id)).toEqual([lodge]);

    // On the waitlist it holds nothing (docs/product.md §10): every place goes back, the line is told to fill
    // them, and it joins the end of the line.
    expect(await places()).toEqual({
      ...before,
      tent: before.tent! - 1,
      dishes: before.dishes! - 1,
    });
    expect(await links(id)).toEqual({ jobIds: [greeter], campingOptionIds: [lodge] });
    expect(await pendingFills()).toEqual([YEAR]);
    expect(await lineOf(id)).toMatchObject({ lineKey: expect.any(Number), waitlistedAt: expect.any(Date) });
    expect(registration.waitlist).toMatchObject({
      offer: null,
      positions: [{ campingOptionId: lodge, name: 'Lodge', position: 1 }],
    });
    await expectCountersMatch(db(), YEAR);
    expect(await duesOf(id)).toEqual([['PENDING', 25000]]);

    const { types, byType } = await adminActionTrail(camp, id, 'Moved to the lodge at their request');
    expect(types).toEqual([
      'CAMPING_OPTION_ADD',
      'CAMPING_OPTION_REMOVE',
      'REGISTRATION_EDIT',
      'WORK_SHIFT_ADD',
      'WORK_SHIFT_REMOVE',
    ]);
    expect(byType.get('REGISTRATION_EDIT')).toMatchObject({
      oldValues: {
        status: 'PENDING',
        campingOptions: ['Tent Camping'],
        jobs: ['Dishes (Tuesday lunch, Tuesday)'],
      },
      newValues: {
        status: 'WAITLISTED',
        campingOptions: ['Lodge'],
        jobs: ['Greeter (Monday morning, Monday)'],
      },
    });
    expect(byType.get('WORK_SHIFT_ADD')).toMatchObject({
      oldValues: null,
      newValues: { jobId: greeter, name: 'Greeter (Monday morning, Monday)' },
    });
    expect(byType.get('WORK_SHIFT_REMOVE')).toMatchObject({
      oldValues: { jobId: dishes, name: 'Dishes (Tuesday lunch, Tuesday)' },
      newValues: null,
    });
    expect(byType.get('CAMPING_OPTION_ADD')).toMatchObject({
      newValues: { campingOptionId: lodge, name: 'Lodge' },
    });
    expect(byType.get('CAMPING_OPTION_REMOVE')).toMatchObject({
      oldValues: { campingOptionId: tent, name: 'Tent Camping' },
    });
    // No notification asked, none written.
    expect(await outboxRowsTo(db(), person.email, '%updated%')).toEqual([]);

    // Off the waitlist it takes its places again (the dues stay), and leaves the line.
    await db().delete(timedTasks);
    const confirmed = await edit(id, { status: 'CONFIRMED' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(id)).toBe('CONFIRMED');
    expect(confirmed.json<Registration>().waitlist).toBeNull();
    expect(await places()).toEqual({
      ...before,
      tent: before.tent! - 1,
      lodge: before.lodge! + 1,
      dishes: before.dishes! - 1,
      greeter: before.greeter! + 1,
    });
    expect(await lineOf(id)).toEqual({ lineKey: null, waitlistedAt: null });
    expect(await pendingFills()).toEqual([]);
    await expectCountersMatch(db(), YEAR);
    expect(await duesOf(id)).toEqual([['PENDING', 25000]]);
    const first = byType.get('REGISTRATION_EDIT')!.transactionId;
    const second = (await trail(id)).filter((record) => record.transactionId !== first);
    expect(second.map((record) => [record.actionType, record.reason, record.newValues?.status])).toEqual([
      ['REGISTRATION_EDIT', null, 'CONFIRMED'],
    ]);
  });

  it('refuses a move into a full job or option with 409 naming it, changing nothing', async () => {
    const first = await register(await insertSignedInPerson(camp), [tent], [soloShift]);
    const person = await insertSignedInPerson(camp);
    const id = await register(person);
    const before = await places();
    expect(before.chef).toBe(1);

    const response = await edit(id, { status: 'CONFIRMED', jobIds: [soloShift], sendNotification: true });
    expect(response.statusCode, response.body).toBe(409);
    expect(messageOf(response)).toBe('The "Head Chef" shift on Monday is full');
    expect(await places()).toEqual(before);
    expect(await links(id)).toEqual({ jobIds: [dishes], campingOptionIds: [tent] });
    expect(await statusOf(id)).toBe('PENDING');
    expect(await trail(id)).toEqual([]);
    expect(await outboxRowsTo(db(), person.email, '%updated%')).toEqual([]);

    // Removing the first holder frees the place at once; then the move succeeds.
    const freed = await edit(first, { jobIds: [] });
    expect(freed.statusCode, freed.body).toBe(200);
    const moved = await edit(id, { jobIds: [soloShift, dishes] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await places()).toEqual(before);
    expect(await links(id)).toEqual({ jobIds: [dishes, soloShift].sort(), campingOptionIds: [tent] });
  });

  it('with sendNotification the person gets a mail with what the registration now holds, notes left out', async () => {
    const person = await insertSignedInPerson(camp, { firstName: 'Robin' });
    const id = await register(person);
    const response = await edit(id, {
      status: 'CONFIRMED',
      campingOptionIds: [tent, lodge],
      notes: 'Internal: paid cash at the gate',
      sendNotification: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const mails = await outboxRowsTo(db(), person.email, '%updated%');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Dust Camp: your registration for ${YEAR} has been updated`);
    expect(mails[0]?.text).toContain('Hello Robin,');
    expect(mails[0]?.text).toContain('Status: Confirmed');
    expect(mails[0]?.text).toContain('Camping: Lodge, Tent Camping');
    expect(mails[0]?.text).toContain('Work shifts: Dishes (Tuesday lunch, Tuesday)');
    expect(mails[0]?.text).not.toContain('Internal');
  });

  it('dates the shifts in that mail once the camp has event dates', async () => {
    await configure(camp, { openingSunday: '2027-08-29' });
    try {
      const person = await insertSignedInPerson(camp, { firstName: 'Ines' });
      const id = await register(person);
      const response = await edit(id, { status: 'CONFIRMED', sendNotification: true });
      expect(response.statusCode, response.body).toBe(200);
      const [mail] = await outboxRowsTo(db(), person.email, '%updated%');
      expect(mail?.text).toContain('Work shifts: Dishes (Tuesday lunch, Tuesday, Aug 31, 11:00–14:00)');
    } finally {
      await configure(camp, { openingSunday: null });
    }
  });

  it('expires an open Checkout of the old dues first when the options change', async () => {
    const { registrationId } = await inCheckoutFor(camp, [tent], 10000);
    const session = fake.lastSession();
    const response = await edit(registrationId, { campingOptionIds: [lodge] });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.session(session.id).status).toBe('expired');
    expect(await duesOf(registrationId)).toEqual(
      expect.arrayContaining([
        ['FAILED', 10000],
        ['PENDING', 25000],
      ]),
    );
    expect(await duesOf(registrationId)).toHaveLength(2);
  });
});

// PGlite has one connection, so races cannot show there (docs/architecture.md §7): this suite needs PostgreSQL.
describe.skipIf(testDatabaseKind() === 'pglite')('Admin edit under concurrency (PostgreSQL)', () => {
  let camp: Camp;
  let tent: string;
  let lodge: string;
  let lastPlace: string;
  let other: string;

  beforeAll(async () => {
    camp = await startCamp();
    await configure(camp);
    const category = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets' });
    const shift = await adminShift(camp, 'Opening', 'OPENING_SUNDAY', '08:00', '12:00');
    const job = (name: string, maxRegistrations: number) =>
      adminPost(camp, '/api/jobs', {
        name,
        location: 'Gate',
        categoryId: category,
        shiftId: shift,
        maxRegistrations,
      });
    lastPlace = await job('Gate Lead', 1);
    other = await job('Gate Greeter', 50);
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent',
      participantDues: 0,
      maxSignups: 50,
    });
    lodge = await adminPost(camp, '/api/camping-options', {
      name: 'Lodge',
      participantDues: 0,
      maxSignups: 50,
    });
  });
  afterAll(async () => {
    await camp?.close();
  });

  async function registered(campingOptionIds: string[], jobIds: string[]): Promise<string> {
    const person = await insertSignedInPerson(camp);
    const response = await submitCamp(camp, person, { campingOptions: campingOptionIds, jobs: jobIds });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ registration: { id: string } }>().registration.id;
  }

  const editAs = (headers: Person['headers'], id: string, body: unknown) =>
    camp.t.app.inject({
      method: 'PUT',
      url: `/api/admin/registrations/${id}`,
      headers,
      payload: body as object,
    });

  async function counter(id: string, places: typeof JOB_PLACES): Promise<{ stored: number; rows: number }> {
    const [row] = await camp.t.database.db
      .select({ current: places.table.currentRegistrations })
      .from(places.table)
      .where(eq(places.table.id, id));
    const rows = (await activePlaceCounts(places, [id], camp.t.database.db, YEAR)).get(id) ?? 0;
    return { stored: row?.current ?? -1, rows };
  }

  it('two admins moving two people into the last place at once: one wins, the other gets 409, never oversold', async () => {
    const secondAdmin = await insertSignedInPerson(camp, { role: 'ADMIN' });
    for (let round = 0; round < 5; round += 1) {
      const a = await registered([tent], [other]);
      const b = await registered([tent], [other]);
      const [first, second] = await Promise.all([
        editAs(camp.admin.headers, a, { jobIds: [lastPlace] }),
        editAs(secondAdmin.headers, b, { jobIds: [lastPlace] }),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes, `${first.body} ${second.body}`).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(messageOf(loser)).toBe('The "Gate Lead" shift on Opening Sunday is full');
      expect(await counter(lastPlace, JOB_PLACES)).toEqual({ stored: 1, rows: 1 });
      // Free the place for the next round: the winner goes back to its other job.
      const winner = first.statusCode === 200 ? a : b;
      const back = await editAs(camp.admin.headers, winner, { jobIds: [other] });
      expect(back.statusCode, back.body).toBe(200);
      expect(await counter(lastPlace, JOB_PLACES)).toEqual({ stored: 0, rows: 0 });
    }
    const greeters = await counter(other, JOB_PLACES);
    expect(greeters.stored).toBe(greeters.rows);
  });

  it('crossing moves (tent→lodge while lodge→tent) never deadlock and keep the counters exact', async () => {
    const pairs = await Promise.all(
      Array.from(
        { length: 10 },
        async () => [await registered([tent], []), await registered([lodge], [])] as const,
      ),
    );
    const responses = await Promise.all(
      pairs.flatMap(([inTent, inLodge]) => [
        editAs(camp.admin.headers, inTent, { campingOptionIds: [lodge] }),
        editAs(camp.admin.headers, inLodge, { campingOptionIds: [tent] }),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    for (const id of [tent, lodge]) {
      const { stored, rows } = await counter(id, OPTION_PLACES);
      expect(stored).toBe(rows);
    }
  });
});
