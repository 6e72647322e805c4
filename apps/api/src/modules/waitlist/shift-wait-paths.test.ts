import { REGISTRATION_MESSAGES, SHIFT_WAITLIST_MESSAGES } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import { adminPost, insertSignedInPerson, submitCamp, YEAR } from '../../../test/camp-registrations';
import {
  answerShiftWait,
  insertHolder,
  insertShiftWait,
  shiftWaitJobs,
  shiftWaitRow,
  shiftWaitsOf,
} from '../../../test/camp-shift-waits';
import { pendingTasksOf, startQuietWaitlistCamp, waitlistWorker } from '../../../test/camp-waitlist';
import { scheduleWaitlistFill } from './tasks';
import { auditRowsOf, expectCountersMatch as expectCountersMatchRows } from '../../../test/rows';
import { campingOptions, registrationJobs, shiftWaits, waitlistOffers } from '../../db/schema/index';

// The shift lines and the registration's other paths (docs/product.md §10, decision 052): the submission's
// waitJobs, every cancel, and the admin edit.

describe('Shift waitlist: the submission and the other paths', () => {
  let camp: Camp;
  let job: (maxRegistrations: number, waitlistEnabled?: boolean) => Promise<string>;
  let tent: string;
  /** Full (1 place), its waitlist on. */
  let cabin: string;

  beforeAll(async () => {
    camp = await startQuietWaitlistCamp();
    job = await shiftWaitJobs(camp);
    tent = await adminPost(camp, '/api/camping-options', { name: 'Tent', maxSignups: 100 });
    cabin = await adminPost(camp, '/api/camping-options', { name: 'Cabin', maxSignups: 1 });
    await db().update(campingOptions).set({ waitlistEnabled: true }).where(eq(campingOptions.id, cabin));
    await insertHolder(db(), { campingOptionIds: [cabin] });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const expectCountersMatch = () => expectCountersMatchRows(db(), YEAR);
  const fullJob = async (waitlistEnabled = true) => {
    const id = await job(1, waitlistEnabled);
    const holder = await insertHolder(db(), { jobIds: [id] });
    return { id, holder };
  };
  const pendingFill = () => pendingTasksOf(db(), YEAR, 'WAITLIST_FILL');
  /** Runs the pending fills (so the next assertion reads only what the next change scheduled). */
  const drain = () => waitlistWorker(camp).drain();
  const registrationOf = (response: Awaited<ReturnType<typeof submitCamp>>) =>
    response.json<{ registration: { id: string } }>().registration.id;

  it('stores the shifts a submission waits for as WAITING entries, and schedules a fill', async () => {
    await drain();
    const { id: full } = await fullJob();
    const { id: alsoFull } = await fullJob();
    const person = await insertSignedInPerson(camp);
    const response = await submitCamp(camp, person, {
      campingOptions: [tent],
      waitJobs: [full, alsoFull, full],
    });
    expect(response.statusCode, response.body).toBe(201);
    const registrationId = registrationOf(response);
    const waits = await shiftWaitsOf(db(), registrationId);
    expect(waits.map((wait) => [wait.jobId, wait.state, wait.year])).toEqual([
      [full, 'WAITING', YEAR],
      [alsoFull, 'WAITING', YEAR],
    ]);
    expect(waits[1]!.lineKey).toBeGreaterThan(waits[0]!.lineKey);
    // Waits are no shifts.
    expect(
      await db().select().from(registrationJobs).where(eq(registrationJobs.registrationId, registrationId)),
    ).toEqual([]);
    const joins = await auditRowsOf(db(), registrationId, 'WAITLIST_JOIN');
    expect(joins.map((row) => row.newValues)).toEqual([
      { shiftWaitId: waits[0]!.id, jobId: full },
      { shiftWaitId: waits[1]!.id, jobId: alsoFull },
    ]);
    expect(await pendingFill()).toHaveLength(1);
    await expectCountersMatch();
  });

  it('keeps a waitlisted submission’s shift waits dormant', async () => {
    const { id: full, holder } = await fullJob();
    const person = await insertSignedInPerson(camp);
    const response = await submitCamp(camp, person, {
      campingOptions: [cabin],
      joinWaitlist: true,
      waitJobs: [full],
    });
    expect(response.statusCode, response.body).toBe(201);
    const registrationId = registrationOf(response);
    const [wait] = await shiftWaitsOf(db(), registrationId);
    expect(wait).toMatchObject({ state: 'WAITING', jobId: full });
    // A place frees on the job: the dormant entry is passed over.
    await camp.call('DELETE', `/api/admin/registrations/${holder}`, camp.admin, {
      reason: 'Cannot come now',
    });
    expect(await drain()).toMatchObject({ shiftOffers: 0 });
    expect((await shiftWaitRow(db(), wait!.id)).state).toBe('WAITING');
  });

  it('refuses bad waitJobs with the submission’s 400/409 and stores nothing', async () => {
    const { id: full } = await fullJob();
    const { id: noWaitlist } = await fullJob(false);
    const free = await job(5);
    const staffJob = await (await shiftWaitJobs(camp, { staffOnly: true }))(1);
    const person = await insertSignedInPerson(camp);
    const before = await db().select().from(shiftWaits);
    const refused = async (body: Record<string, unknown>, status: number) => {
      const response = await submitCamp(camp, person, { campingOptions: [tent], ...body });
      expect(response.statusCode, response.body).toBe(status);
      return messagesOf(response);
    };
    const unknown = crypto.randomUUID();
    expect(await refused({ waitJobs: [unknown] }, 400)).toEqual([REGISTRATION_MESSAGES.unknownJob(unknown)]);
    expect(await refused({ waitJobs: [staffJob] }, 400)).toEqual([
      REGISTRATION_MESSAGES.unknownJob(staffJob),
    ]);
    expect(await refused({ waitJobs: 'x' }, 400)).toEqual([SHIFT_WAITLIST_MESSAGES.waitJobs]);
    expect(await refused({ jobs: [free], waitJobs: [free] }, 400)).toEqual([
      expect.stringMatching(/^"Greeter \d+ \(Morning \d+, Monday\)" cannot be both chosen and waited for$/),
    ]);
    const many = await Promise.all(Array.from({ length: 11 }, () => job(1)));
    expect(await refused({ waitJobs: many }, 400)).toEqual([SHIFT_WAITLIST_MESSAGES.tooMany]);
    expect(await refused({ waitJobs: [full, noWaitlist] }, 409)).toEqual([
      expect.stringMatching(/^"Greeter \d+ \(Morning \d+, Monday\)" has no waitlist$/),
    ]);
    expect(await db().select().from(shiftWaits)).toEqual(before);
  });

  it('ends every entry when the registration is cancelled by an admin, giving an offer’s place back', async () => {
    const { id: offeredJob, holder } = await fullJob();
    const { id: waitedJob } = await fullJob();
    const person = await insertSignedInPerson(camp);
    const registrationId = await insertHolder(db(), { userId: person.id, campingOptionIds: [tent] });
    const offered = await insertShiftWait(db(), registrationId, offeredJob);
    const waiting = await insertShiftWait(db(), registrationId, waitedJob);
    const next = await insertHolder(db(), { campingOptionIds: [tent] });
    const nextWait = await insertShiftWait(db(), next, offeredJob);
    await camp.call('DELETE', `/api/admin/registrations/${holder}`, camp.admin, {
      reason: 'Cannot come now',
    });
    await drain();
    expect((await shiftWaitRow(db(), offered)).state).toBe('OFFERED');

    const cancelled = await camp.call('DELETE', `/api/admin/registrations/${registrationId}`, camp.admin, {
      reason: 'Cannot come now',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const id of [offered, waiting]) {
      expect(await shiftWaitRow(db(), id)).toMatchObject({
        state: 'CANCELLED',
        decidedBy: camp.admin.userId,
        offeredAt: null,
        endedAt: expect.any(Date),
      });
    }
    await expectCountersMatch();
    // The place goes to the next in line.
    expect(await drain()).toMatchObject({ shiftOffers: 1 });
    expect((await shiftWaitRow(db(), nextWait)).state).toBe('OFFERED');
    await expectCountersMatch();
  });

  it('ends the entries of a person who leaves the camping waitlist or declines a camping offer', async () => {
    const { id: full } = await fullJob();
    const leaver = await insertSignedInPerson(camp);
    const leaving = await insertRegistration(db(), {
      userId: leaver.id,
      status: 'WAITLISTED',
      year: YEAR,
      campingOptionIds: [cabin],
    });
    const leaverWait = await insertShiftWait(db(), leaving, full);
    const left = await camp.t.app.inject({
      method: 'POST',
      url: `/api/registrations/${leaving}/leave-waitlist`,
      headers: leaver.headers,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await shiftWaitRow(db(), leaverWait)).toMatchObject({ state: 'CANCELLED', decidedBy: leaver.id });

    const decliner = await insertSignedInPerson(camp);
    const declining = await insertRegistration(db(), {
      userId: decliner.id,
      status: 'WAITLISTED',
      year: YEAR,
      campingOptionIds: [tent],
    });
    const declinerWait = await insertShiftWait(db(), declining, full);
    await db().transaction((tx) => scheduleWaitlistFill(tx, YEAR));
    await drain();
    // The camping offer the fill made (the tent has room).
    const [offer] = await db()
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.registrationId, declining), eq(waitlistOffers.state, 'OPEN')));
    expect(offer).toBeDefined();
    const declined = await camp.t.app.inject({
      method: 'POST',
      url: `/api/waitlist-offers/${offer!.id}/decline`,
      headers: decliner.headers,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await shiftWaitRow(db(), declinerWait)).toMatchObject({
      state: 'CANCELLED',
      decidedBy: decliner.id,
    });
    await expectCountersMatch();
  });

  it('an admin edit to WAITLISTED requeues shift offers; one that gives a waited job ends that line', async () => {
    const { id: offeredJob, holder } = await fullJob();
    const { id: givenJob, holder: givenHolder } = await fullJob();
    const person = await insertSignedInPerson(camp);
    const registrationId = await insertHolder(db(), { userId: person.id, campingOptionIds: [tent] });
    const offered = await insertShiftWait(db(), registrationId, offeredJob);
    const given = await insertShiftWait(db(), registrationId, givenJob);
    await camp.call('DELETE', `/api/admin/registrations/${holder}`, camp.admin, {
      reason: 'Cannot come now',
    });
    await camp.call('DELETE', `/api/admin/registrations/${givenHolder}`, camp.admin, {
      reason: 'Cannot come now',
    });
    await drain();
    expect((await shiftWaitRow(db(), offered)).state).toBe('OFFERED');
    expect((await shiftWaitRow(db(), given)).state).toBe('OFFERED');

    // The admin gives the person the job they were offered: the line ends LEFT, the place is the link's.
    const gave = await camp.call('PUT', `/api/admin/registrations/${registrationId}`, camp.admin, {
      jobIds: [givenJob],
    });
    expect(gave.statusCode, gave.body).toBe(200);
    expect(await shiftWaitRow(db(), given)).toMatchObject({ state: 'LEFT', decidedBy: camp.admin.userId });
    await expectCountersMatch();

    const moved = await camp.call('PUT', `/api/admin/registrations/${registrationId}`, camp.admin, {
      status: 'WAITLISTED',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await shiftWaitRow(db(), offered)).toMatchObject({
      state: 'WAITING',
      offeredAt: null,
      lastOfferState: 'SKIPPED',
    });
    await expectCountersMatch();
    const audits = await auditRowsOf(db(), registrationId);
    expect(
      audits
        .filter((row) => row.actionType === 'WAITLIST_LEAVE' || row.actionType === 'WAITLIST_SKIP')
        .map((row) => [row.actionType, row.adminUserId]),
    ).toEqual([
      ['WAITLIST_LEAVE', camp.admin.userId],
      ['WAITLIST_SKIP', camp.admin.userId],
    ]);
    // Dormant now: the freed place is not offered back to them.
    await drain();
    expect((await shiftWaitRow(db(), offered)).state).toBe('WAITING');
    // Back off the waitlist: the entry wakes, a fill is scheduled, and it is offered.
    const back = await camp.call('PUT', `/api/admin/registrations/${registrationId}`, camp.admin, {
      status: 'CONFIRMED',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await pendingFill()).toHaveLength(1);
    await drain();
    expect((await shiftWaitRow(db(), offered)).state).toBe('OFFERED');
    const answered = await answerShiftWait(camp, person, offered, 'accept');
    expect(answered.statusCode, answered.body).toBe(200);
    await expectCountersMatch();
  });
});
