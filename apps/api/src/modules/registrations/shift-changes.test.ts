import {
  type Registration,
  REGISTRATION_MESSAGES,
  RETIRED_WORK_TEXTS,
  SHIFT_CHANGE_MESSAGES,
  SHIFT_OVERLAP_MESSAGES,
} from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
} from '../../../test/camp-registrations';
import { insertHolder, insertShiftWait, shiftWaitRow } from '../../../test/camp-shift-waits';
import { startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import {
  auditRowsOf,
  expectCountersMatch as expectCountersMatchRows,
  outboxRowsTo,
} from '../../../test/rows';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  timedTasks,
} from '../../db/schema/index';
import { recountPlaces } from './capacity';

// A person changes their own shifts (docs/product.md §11 "Changing my shifts", decision 057).

describe('POST /registrations/me/shift-changes', () => {
  let camp: Camp;
  let categoryId: string;
  let staffCategoryId: string;
  let morning: string;
  let afternoon: string;
  let jobCount = 0;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp({ timeZone: 'America/Los_Angeles' });
    categoryId = await adminPost(camp, '/api/job-categories', {
      name: 'Gate',
      description: 'Greets arrivals',
    });
    staffCategoryId = await adminPost(camp, '/api/job-categories', {
      name: 'Radio',
      description: 'Staff radio desk',
      staffOnly: true,
    });
    morning = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '12:00');
    afternoon = await adminShift(camp, 'Afternoon', 'TUESDAY', '13:00', '16:00');
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const expectCountersMatch = () => expectCountersMatchRows(db(), YEAR);
  const job = (
    maxRegistrations = 5,
    extra: { shiftId?: string; categoryId?: string; waitlistEnabled?: boolean } = {},
  ) =>
    adminPost(camp, '/api/jobs', {
      name: `Greeter ${(jobCount += 1)}`,
      location: 'Front gate',
      categoryId,
      shiftId: morning,
      maxRegistrations,
      ...extra,
    });
  const change = (person: Pick<Person, 'headers'> | null, body: unknown) =>
    camp.t.app.inject({
      method: 'POST',
      url: '/api/registrations/me/shift-changes',
      headers: person?.headers ?? {},
      payload: body as object,
    });
  const mine = async (person: Pick<Person, 'headers'>) =>
    (
      await camp.t.app.inject({
        method: 'GET',
        url: `/api/registrations/me?year=${YEAR}`,
        headers: person.headers,
      })
    ).json<Registration[]>()[0];
  /** A signed-in person with a CONFIRMED registration of YEAR holding `jobIds`. */
  const holder = async (jobIds: string[], status: 'CONFIRMED' | 'PENDING' = 'CONFIRMED') => {
    const person = await insertSignedInPerson(camp);
    const registrationId = await insertHolder(db(), { userId: person.id, jobIds, status });
    return { ...person, registrationId };
  };
  const refused = (status: number, message: string | string[]) => ({
    statusCode: status,
    error: status === 400 ? 'Bad Request' : 'Conflict',
    message,
  });
  const expectRefused = async (
    response: LightMyRequestResponse,
    status: number,
    message: string | string[],
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual(refused(status, message));
  };
  const heldJobs = async (registrationId: string) =>
    (
      await db()
        .select({ jobId: registrationJobs.jobId })
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId))
    )
      .map((row) => row.jobId)
      .sort();

  it('swaps one shift for another in one call: the registration as GET answers it, audit, mail, fill', async () => {
    const first = await job();
    const second = await job(5, { shiftId: afternoon });
    const person = await holder([first]);
    await db().delete(timedTasks);

    const response = await change(person, { drop: [first], take: [second] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(await mine(person));
    expect(response.json<Registration>().jobs.map((link) => link.job.id)).toEqual([second]);
    expect(await heldJobs(person.registrationId)).toEqual([second]);
    await expectCountersMatch();

    const audits = await auditRowsOf(db(), person.registrationId);
    expect(audits.map((row) => [row.actionType, row.adminUserId])).toEqual(
      expect.arrayContaining([
        ['WORK_SHIFT_REMOVE', null],
        ['WORK_SHIFT_ADD', null],
      ]),
    );
    expect(audits).toHaveLength(2);
    expect(new Set(audits.map((row) => row.transactionId)).size).toBe(1);
    expect(audits.find((row) => row.actionType === 'WORK_SHIFT_REMOVE')?.oldValues).toEqual({
      jobId: first,
      name: expect.stringContaining('Morning'),
    });

    const [mail] = await outboxRowsTo(db(), person.email);
    expect(mail?.subject).toBe('Dust Camp: your shifts changed');
    expect(mail?.text).toContain('You changed your work shifts for 2027 at Dust Camp.');
    expect(mail?.text).toMatch(/Dropped: Greeter \d+ — Morning \(Monday 09:00–12:00\)/);
    expect(mail?.text).toMatch(/Taken: Greeter \d+ — Afternoon \(Tuesday 13:00–16:00\)/);
    expect(mail?.text).toMatch(/Your shifts now: Greeter \d+ — Afternoon/);
    // The dropped place goes to the shift lines' fill.
    expect(await db().select().from(timedTasks)).not.toHaveLength(0);
  });

  it('drops only, and takes only', async () => {
    const [a, b] = [await job(), await job(5, { shiftId: afternoon })];
    const person = await holder([a, b], 'PENDING');
    expect((await change(person, { drop: [b] })).statusCode).toBe(200);
    expect(await heldJobs(person.registrationId)).toEqual([a]);
    const taken = await change(person, { take: [b] });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await heldJobs(person.registrationId)).toEqual([a, b].sort());
    await expectCountersMatch();
  });

  it('refuses what does not make sense, with the shared messages, and stores nothing', async () => {
    const held = await job();
    const other = await job(5, { shiftId: afternoon });
    const staffOnly = await job(5, { categoryId: staffCategoryId, shiftId: afternoon });
    const person = await holder([held]);
    const label = async (id: string) => {
      const [row] = await db().select({ name: jobs.name }).from(jobs).where(eq(jobs.id, id));
      return row?.name ?? '';
    };
    const missing = '00000000-0000-4000-8000-000000000001';

    await expectRefused(await change(person, {}), 400, SHIFT_CHANGE_MESSAGES.nothing);
    await expectRefused(await change(person, { take: [missing] }), 400, [
      REGISTRATION_MESSAGES.unknownJob(missing),
    ]);
    await expectRefused(await change(person, { take: [staffOnly] }), 400, [
      REGISTRATION_MESSAGES.unknownJob(staffOnly),
    ]);
    await expectRefused(await change(person, { drop: [other] }), 400, [
      SHIFT_CHANGE_MESSAGES.notHeld(`${await label(other)} (Afternoon, Tuesday)`),
    ]);
    await expectRefused(await change(person, { take: [held] }), 400, [
      SHIFT_CHANGE_MESSAGES.alreadyHeld(`${await label(held)} (Morning, Monday)`),
    ]);
    await expectRefused(await change(person, { drop: [held], take: [held] }), 400, [
      SHIFT_CHANGE_MESSAGES.dropAndTake(`${await label(held)} (Morning, Monday)`),
    ]);
    const notAList = await change(person, { drop: 'all' });
    expect(notAList.json()).toEqual(refused(400, ['Shifts must be a list of job ids']));
    // Another person's registration cannot be named: the body has no such field.
    const someoneElse = await holder([held]);
    const named = await change(person, { take: [other], registrationId: someoneElse.registrationId });
    expect(named.statusCode).toBe(400);
    expect(await heldJobs(someoneElse.registrationId)).toEqual([held]);
    expect((await change(null, { take: [other] })).statusCode).toBe(401);

    expect(await heldJobs(person.registrationId)).toEqual([held]);
    expect(await auditRowsOf(db(), person.registrationId)).toEqual([]);
    await expectCountersMatch();
  });

  it('lets staff take staff-only work', async () => {
    const staffOnly = await job(5, { categoryId: staffCategoryId, shiftId: afternoon });
    const staff = await insertSignedInPerson(camp, { role: 'STAFF' });
    await insertHolder(db(), { userId: staff.id, jobIds: [] });
    const response = await change(staff, { take: [staffOnly] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a full job, a retired job and a checked-in shift with 409', async () => {
    const full = await job(1, { shiftId: afternoon });
    await insertHolder(db(), { jobIds: [full] });
    const retired = await job(5, { shiftId: afternoon });
    await db().update(jobs).set({ active: false }).where(eq(jobs.id, retired));
    const checkedIn = await job();
    const person = await holder([checkedIn]);
    const name = async (id: string) =>
      (await db().select({ name: jobs.name }).from(jobs).where(eq(jobs.id, id)))[0]?.name ?? '';

    await expectRefused(
      await change(person, { take: [full] }),
      409,
      REGISTRATION_MESSAGES.jobFull(await name(full), 'TUESDAY'),
    );
    await expectRefused(await change(person, { take: [retired] }), 409, [
      RETIRED_WORK_TEXTS.jobRetired(`${await name(retired)} (Afternoon, Tuesday)`),
    ]);
    await db()
      .update(registrationJobs)
      .set({ attendance: 'SHOWED', attendanceAt: new Date() })
      .where(
        and(
          eq(registrationJobs.registrationId, person.registrationId),
          eq(registrationJobs.jobId, checkedIn),
        ),
      );
    await expectRefused(await change(person, { drop: [checkedIn] }), 409, [
      SHIFT_CHANGE_MESSAGES.checkedIn(`${await name(checkedIn)} (Morning, Monday)`),
    ]);
    expect(await heldJobs(person.registrationId)).toEqual([checkedIn]);
    await expectCountersMatch();
  });

  it('keeps the shift step rules: the shifts the camping options ask for', async () => {
    const [option] = await db()
      .insert(campingOptions)
      .values({ name: 'Tent', workShiftsRequired: 1 })
      .returning({ id: campingOptions.id });
    const only = await job();
    const person = await holder([only]);
    await db()
      .insert(registrationCampingOptions)
      .values({ registrationId: person.registrationId, campingOptionId: option!.id });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [option!.id], jobIds: [] }));
    await expectRefused(await change(person, { drop: [only] }), 400, [
      'You need to select at least 1 shift',
      'You must select at least 1 shift for your camping options (Tent: 1)',
    ]);
    // A swap keeps the count.
    const instead = await job(5, { shiftId: afternoon });
    expect((await change(person, { drop: [only], take: [instead] })).statusCode).toBe(200);
  });

  it('refuses a taken shift that overlaps one held, once the camp has dates', async () => {
    await configure(camp, { openingSunday: '2027-08-29' });
    try {
      const held = await job();
      const sameTime = await job(5, { shiftId: await adminShift(camp, 'Early', 'MONDAY', '08:00', '10:00') });
      const person = await holder([held]);
      const names = async (id: string) =>
        (await db().select({ name: jobs.name }).from(jobs).where(eq(jobs.id, id)))[0]?.name ?? '';
      await expectRefused(await change(person, { take: [sameTime] }), 400, [
        SHIFT_OVERLAP_MESSAGES.overlap(
          `${await names(held)} — Morning (Monday, Aug 30, 09:00–12:00)`,
          `${await names(sameTime)} — Early (Monday, Aug 30, 08:00–10:00)`,
        ),
      ]);
      // Swapping one for the other is fine.
      expect((await change(person, { drop: [held], take: [sameTime] })).statusCode).toBe(200);
      const [mail] = await outboxRowsTo(db(), person.email);
      expect(mail?.text).toContain('— Early (Monday, Aug 30, 08:00–10:00)');
    } finally {
      await configure(camp, { openingSunday: null });
    }
  });

  it('refuses to drop a shift that has started', async () => {
    await configure(camp, { openingSunday: '2026-08-30' });
    try {
      const held = await job();
      const person = await holder([held]);
      const [row] = await db().select({ name: jobs.name }).from(jobs).where(eq(jobs.id, held));
      await expectRefused(await change(person, { drop: [held] }), 409, [
        SHIFT_CHANGE_MESSAGES.started(`${row?.name} (Morning, Monday)`),
      ]);
    } finally {
      await configure(camp, { openingSunday: null });
    }
  });

  it('is closed once registration is closed and the "Shift changes close" date has passed', async () => {
    const a = await job();
    const b = await job(5, { shiftId: afternoon });
    const person = await holder([a]);
    await configure(camp, { registrationOpen: false, shiftChangesClose: '2020-06-30' });
    try {
      await expectRefused(
        await change(person, { drop: [a], take: [b] }),
        409,
        SHIFT_CHANGE_MESSAGES.closed(YEAR),
      );
      await configure(camp, { registrationOpen: false, shiftChangesClose: null });
      await expectRefused(
        await change(person, { drop: [a], take: [b] }),
        409,
        SHIFT_CHANGE_MESSAGES.closed(YEAR),
      );
      // Until the date, inclusive, registration closed or not.
      await configure(camp, { registrationOpen: false, shiftChangesClose: '2099-12-31' });
      const open = await change(person, { drop: [a], take: [b] });
      expect(open.statusCode, open.body).toBe(200);
      const config = await camp.call('GET', '/api/public/config');
      expect(config.json()).toMatchObject({ shiftChangesClose: '2099-12-31' });
      const wrong = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        shiftChangesClose: '2099-02-30',
      });
      expect(wrong.json()).toEqual(refused(400, ['Shift changes close must be a date (YYYY-MM-DD)']));
    } finally {
      await configure(camp, { registrationOpen: true, shiftChangesClose: null });
    }
  });

  it('needs a registration of the year that holds places', async () => {
    const a = await job();
    const nobody = await insertSignedInPerson(camp);
    await expectRefused(await change(nobody, { take: [a] }), 409, SHIFT_CHANGE_MESSAGES.noRegistration(YEAR));
    const waiting = await insertSignedInPerson(camp);
    await insertRegistration(db(), { userId: waiting.id, status: 'WAITLISTED', year: YEAR });
    await expectRefused(
      await change(waiting, { take: [a] }),
      409,
      SHIFT_CHANGE_MESSAGES.noRegistration(YEAR),
    );
  });

  it('taking a job the person waits for ends the wait', async () => {
    const wanted = await job(2, { shiftId: afternoon, waitlistEnabled: true });
    await insertHolder(db(), { jobIds: [wanted] });
    const person = await holder([]);
    const waitId = await insertShiftWait(db(), person.registrationId, wanted);
    const response = await change(person, { take: [wanted] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await shiftWaitRow(db(), waitId)).toMatchObject({ state: 'LEFT', decidedBy: person.id });
    await expectCountersMatch();
  });

  it('gives the last places to as many people as there are, however many race for them', async () => {
    const last = await job(2, { shiftId: afternoon });
    const people = await Promise.all(Array.from({ length: 6 }, () => holder([])));
    const answers = await Promise.all(people.map((person) => change(person, { take: [last] })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await db().select().from(registrationJobs).where(eq(registrationJobs.jobId, last))).toHaveLength(
      2,
    );
    await expectCountersMatch();
  });
});
