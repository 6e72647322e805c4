import { type Job, RETIRED_WORK_TEXTS, type Shift, type WorkScheduleShift } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, messagesOf } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import { insertHolder, insertShiftWait, shiftWaitRow } from '../../../test/camp-shift-waits';
import { startQuietWaitlistCamp, waitlistWorker } from '../../../test/camp-waitlist';
import { jobs, registrationJobs, shifts, timedTasks } from '../../db/schema/index';

// Retired jobs and shifts (docs/product.md §11 "Retired jobs and shifts"): PATCH active, hidden from every list but
// the admins', refused for every new assignment with the one message, and kept by the people already on them.

const retiredMessage = (label: string) => RETIRED_WORK_TEXTS.jobRetired(label);
const GREETER = 'Greeter (Morning, Monday)';
const BAR = 'Bar (Evening, Tuesday)';

describe('retired jobs and shifts', () => {
  let camp: Camp;
  let morning: string;
  let evening: string;
  let greeter: string;
  let runner: string;
  let bar: string;
  let dayPass: string;

  beforeAll(async () => {
    // Only the test's own worker fills: a reactivation's fill is looked at as its task, then run.
    camp = await startQuietWaitlistCamp();
    const gate = await adminPost(camp, '/api/job-categories', {
      name: 'Gate',
      description: 'Greets arrivals',
    });
    morning = await adminShift(camp, 'Morning', 'MONDAY', '09:00', '13:00');
    evening = await adminShift(camp, 'Evening', 'TUESDAY', '18:00', '22:00');
    const job = (name: string, shiftId: string, maxRegistrations: number) =>
      adminPost(camp, '/api/jobs', {
        name,
        location: 'Front gate',
        categoryId: gate,
        shiftId,
        maxRegistrations,
        waitlistEnabled: true,
      });
    greeter = await job('Greeter', morning, 5);
    runner = await job('Runner', morning, 1);
    bar = await job('Bar', evening, 5);
    dayPass = await adminPost(camp, '/api/camping-options', { name: 'Day Pass' });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const patch = (kind: 'jobs' | 'shifts', id: string, body: unknown, as = camp.admin) =>
    camp.call('PATCH', `/api/${kind}/${id}`, as, body);
  const setActive = async (kind: 'jobs' | 'shifts', id: string, active: boolean) => {
    const response = await patch(kind, id, { active });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const pendingFills = () => db().select().from(timedTasks).where(eq(timedTasks.kind, 'WAITLIST_FILL'));
  const clearFills = () => db().delete(timedTasks).where(eq(timedTasks.kind, 'WAITLIST_FILL'));
  const jobIdsFor = async (as: Camp['admin']) => {
    const response = await camp.call('GET', '/api/jobs', as);
    expect(response.statusCode).toBe(200);
    return response.json<Job[]>();
  };

  it('creates work active, retires it with PATCH active: false and reactivates it with true', async () => {
    const created = await camp.call('GET', `/api/jobs/${greeter}`, camp.admin);
    expect(created.json<Job>()).toMatchObject({ active: true, shift: { active: true } });

    const retired = await setActive('jobs', greeter, false);
    expect(retired.json<Job>()).toMatchObject({
      id: greeter,
      active: false,
      shift: { id: morning, active: true },
    });
    const [row] = await db().select({ active: jobs.active }).from(jobs).where(eq(jobs.id, greeter));
    expect(row).toEqual({ active: false });

    const retiredShift = await setActive('shifts', evening, false);
    expect(retiredShift.json<Shift>()).toMatchObject({ id: evening, active: false });
    expect(retiredShift.json<Shift>().jobs!.map((job) => [job.id, job.active])).toEqual([[bar, true]]);

    const back = await setActive('jobs', greeter, true);
    expect(back.json<Job>().active).toBe(true);
    await setActive('shifts', evening, true);
  });

  it('refuses an active that is not true or false, and a participant or staff member retiring', async () => {
    for (const kind of ['jobs', 'shifts'] as const) {
      const id = kind === 'jobs' ? greeter : morning;
      const bad = await patch(kind, id, { active: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Active must be true or false']);
      for (const who of [camp.participant, camp.staff]) {
        const refused = await patch(kind, id, { active: false }, who);
        expect(refused.statusCode).toBe(403);
      }
    }
    const [row] = await db().select({ active: shifts.active }).from(shifts).where(eq(shifts.id, morning));
    expect(row).toEqual({ active: true });
  });

  it('lists retired jobs, and the jobs of retired shifts, for admins only, with active: false', async () => {
    await setActive('jobs', greeter, false);
    await setActive('shifts', evening, false);
    try {
      for (const who of [camp.participant, camp.staff]) {
        expect((await jobIdsFor(who)).map((job) => job.id)).toEqual([runner]);
        const listed = await camp.call('GET', '/api/shifts', who);
        expect(listed.json<Shift[]>().map((shift) => [shift.id, shift.jobs!.map((job) => job.id)])).toEqual([
          [morning, [runner]],
        ]);
        // One by id stays readable (it is in its people's history), marked retired.
        const one = await camp.call('GET', `/api/jobs/${greeter}`, who);
        expect(one.statusCode).toBe(200);
        expect(one.json<Job>().active).toBe(false);
        const shift = await camp.call('GET', `/api/shifts/${evening}`, who);
        expect(shift.statusCode).toBe(200);
        expect(shift.json<Shift>()).toMatchObject({ active: false, jobs: [] });
      }

      const all = await jobIdsFor(camp.admin);
      expect(all.map((job) => [job.name, job.active, job.shift.active])).toEqual([
        ['Greeter', false, true],
        ['Runner', true, true],
        ['Bar', true, false],
      ]);
      const shiftsForAdmin = await camp.call('GET', '/api/shifts', camp.admin);
      expect(
        shiftsForAdmin
          .json<Shift[]>()
          .map((shift) => [shift.name, shift.active, shift.jobs!.map((job) => [job.name, job.active])]),
      ).toEqual([
        [
          'Morning',
          true,
          [
            ['Greeter', false],
            ['Runner', true],
          ],
        ],
        ['Evening', false, [['Bar', true]]],
      ]);
    } finally {
      await setActive('jobs', greeter, true);
      await setActive('shifts', evening, true);
    }
  });

  describe('new assignments', () => {
    let ada: Person;

    beforeAll(async () => {
      await setActive('jobs', greeter, false);
      await setActive('shifts', evening, false);
      ada = await insertSignedInPerson(camp);
    });
    afterAll(async () => {
      await setActive('jobs', greeter, true);
      await setActive('shifts', evening, true);
    });

    it('refuses a submission choosing a retired job or one of a retired shift, storing nothing', async () => {
      const one = await submitCamp(camp, ada, { campingOptions: [dayPass], jobs: [greeter] });
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: retiredMessage(GREETER),
      });
      const both = await submitCamp(camp, ada, { campingOptions: [dayPass], jobs: [runner, greeter, bar] });
      expect(both.statusCode).toBe(409);
      expect(messagesOf(both)).toEqual([retiredMessage(GREETER), retiredMessage(BAR)]);
      const waiting = await submitCamp(camp, ada, { campingOptions: [dayPass], jobs: [], waitJobs: [bar] });
      expect(waiting.statusCode).toBe(409);
      expect(messagesOf(waiting)).toEqual([retiredMessage(BAR)]);
      const mine = await camp.t.app.inject({
        method: 'GET',
        url: '/api/registrations/me',
        headers: ada.headers,
      });
      expect(mine.json()).toEqual([]);
    });

    it("refuses an admin's edit adding a retired job; keeping one the person has still saves", async () => {
      // Bo has the greeter job from before it was retired.
      const bo = await insertSignedInPerson(camp);
      const registrationId = await insertHolder(db(), { userId: bo.id, jobIds: [greeter] });
      const edit = (jobIds: string[]) =>
        camp.call('PUT', `/api/admin/registrations/${registrationId}`, camp.admin, {
          jobIds,
          notes: 'Shift change',
        });
      const added = await edit([greeter, bar]);
      expect(added.statusCode).toBe(409);
      expect(added.json()).toEqual({ statusCode: 409, error: 'Conflict', message: retiredMessage(BAR) });

      const kept = await edit([greeter, runner]);
      expect(kept.statusCode, kept.body).toBe(200);
      const links = await db()
        .select({ jobId: registrationJobs.jobId })
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId));
      expect(links.map((link) => link.jobId).sort()).toEqual([greeter, runner].sort());
      // Runner's one place goes back for the tests below.
      expect((await edit([greeter])).statusCode).toBe(200);
    });

    it("refuses joining a retired job's waitlist, and an admin's offer from its line", async () => {
      const cy = await insertSignedInPerson(camp);
      await insertHolder(db(), { userId: cy.id });
      const join = await camp.t.app.inject({
        method: 'POST',
        url: '/api/shift-waits',
        headers: cy.headers,
        payload: { jobId: bar },
      });
      expect(join.statusCode).toBe(409);
      expect(join.json()).toEqual({ statusCode: 409, error: 'Conflict', message: retiredMessage(BAR) });

      const dan = await insertHolder(db(), {});
      const wait = await insertShiftWait(db(), dan, bar);
      const offer = await camp.call('POST', `/api/admin/waitlist/shift-waits/${wait}/offer`, camp.admin, {});
      expect(offer.statusCode).toBe(409);
      expect(messagesOf(offer)).toEqual([retiredMessage(BAR)]);
      expect((await shiftWaitRow(db(), wait)).state).toBe('WAITING');
    });
  });

  it("leaves a retired job's line dormant; reactivating it schedules a fill that offers the place", async () => {
    // Runner has one place, held; Dee waits for it.
    const holder = await insertHolder(db(), { jobIds: [runner] });
    const dee = await insertHolder(db(), {});
    const wait = await insertShiftWait(db(), dee, runner);
    await setActive('jobs', runner, false);
    const cancelled = await camp.call('DELETE', `/api/admin/registrations/${holder}`, camp.admin, {
      reason: 'Cannot come',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await waitlistWorker(camp).drain();
    expect((await shiftWaitRow(db(), wait)).state).toBe('WAITING');

    await clearFills();
    await setActive('jobs', runner, true);
    expect(await pendingFills()).toHaveLength(1);
    expect(await waitlistWorker(camp).drain()).toMatchObject({ shiftOffers: 1 });
    expect((await shiftWaitRow(db(), wait)).state).toBe('OFFERED');

    // The same through the shift: retiring it leaves the line alone, reactivating it fills.
    await clearFills();
    await setActive('shifts', morning, false);
    expect(await pendingFills()).toEqual([]);
    await setActive('shifts', morning, true);
    expect(await pendingFills()).toHaveLength(1);
  });

  it('keeps the people already on a retired job: their registration, the work schedule, the roster', async () => {
    const eve = await insertSignedInPerson(camp, { firstName: 'Eve', lastName: 'Keeper' });
    const registrationId = await insertHolder(db(), { userId: eve.id, jobIds: [bar] });
    await setActive('shifts', evening, false);
    try {
      const mine = await camp.t.app.inject({
        method: 'GET',
        url: '/api/registrations/me',
        headers: eve.headers,
      });
      expect(mine.statusCode).toBe(200);
      const [registration] = mine.json<Array<{ id: string; jobs: Array<{ job: Job }> }>>();
      expect(registration!.id).toBe(registrationId);
      expect(registration!.jobs.map(({ job }) => [job.id, job.active, job.shift.active])).toEqual([
        [bar, true, false],
      ]);

      const schedule = await camp.call(
        'GET',
        `/api/shifts/with-jobs-and-registrations?year=${YEAR}`,
        camp.staff,
      );
      const eveningRow = schedule.json<WorkScheduleShift[]>().find((shift) => shift.id === evening);
      expect(eveningRow).toMatchObject({ active: false });
      expect(eveningRow!.jobs[0]!.registrations.map((entry) => entry.id)).toContain(registrationId);

      const roster = await camp.call('GET', `/api/shifts/${evening}/registrations?year=${YEAR}`, camp.staff);
      expect(roster.statusCode).toBe(200);
      expect(roster.json<Array<{ id: string }>>().map((row) => row.id)).toContain(registrationId);

      const stillLinked = await db()
        .select({ id: registrationJobs.id })
        .from(registrationJobs)
        .where(and(eq(registrationJobs.registrationId, registrationId), eq(registrationJobs.jobId, bar)));
      expect(stillLinked).toHaveLength(1);
    } finally {
      await setActive('shifts', evening, true);
    }
  });
});
