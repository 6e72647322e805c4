import {
  formatDateTimeInZone,
  type MyShiftWaits,
  REGISTRATION_MESSAGES,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITS_MAX,
  type ShiftWaitResponse,
} from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import { configure, insertSignedInPerson, type Person, YEAR } from '../../../test/camp-registrations';
import {
  answerShiftWait,
  insertHolder,
  insertShiftWait,
  shiftWaitJobs,
  shiftWaitRow,
  shiftWaitsOf,
} from '../../../test/camp-shift-waits';
import { pendingTasksOf, startQuietWaitlistCamp, waitlistWorker } from '../../../test/camp-waitlist';
import {
  auditRowsOf,
  expectCountersMatch as expectCountersMatchRows,
  outboxRowsTo,
} from '../../../test/rows';
import { registrationJobs, shiftWaits } from '../../db/schema/index';

const HOUR = 3_600_000;

// The shift waitlist's participant API, its fill, expiry and reminders (docs/product.md §10, decision 052).

describe('Shift waitlist: joining, offers, accepting, declining, leaving', () => {
  let camp: Camp;
  let job: (maxRegistrations: number, waitlistEnabled?: boolean) => Promise<string>;

  beforeAll(async () => {
    // Only the test's own workers fill, on their own clocks.
    camp = await startQuietWaitlistCamp({ timeZone: 'America/Los_Angeles' });
    job = await shiftWaitJobs(camp);
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const expectCountersMatch = () => expectCountersMatchRows(db(), YEAR);
  const join = (person: Pick<Person, 'headers'> | null, body: unknown) =>
    camp.t.app.inject({
      method: 'POST',
      url: '/api/shift-waits',
      headers: person?.headers ?? {},
      payload: body as object,
    });
  const mine = (person: Pick<Person, 'headers'>) =>
    camp.t.app.inject({ method: 'GET', url: '/api/shift-waits/me', headers: person.headers });
  /** A signed-in person with a CONFIRMED registration of YEAR (holding `jobIds`). */
  const registered = async (jobIds: string[] = [], status: 'CONFIRMED' | 'WAITLISTED' = 'CONFIRMED') => {
    const person = await insertSignedInPerson(camp);
    const registrationId =
      status === 'CONFIRMED'
        ? await insertHolder(db(), { userId: person.id, jobIds })
        : await insertRegistration(db(), { userId: person.id, status, year: YEAR, jobIds });
    return { ...person, registrationId };
  };
  /** A job of one place, taken. */
  const fullJob = async (waitlistEnabled = true) => {
    const id = await job(1, waitlistEnabled);
    const holder = await insertHolder(db(), { jobIds: [id] });
    return { id, holder };
  };
  const cancel = (registrationId: string) =>
    camp.call('DELETE', `/api/admin/registrations/${registrationId}`, camp.admin, {
      reason: 'Cannot come this year',
    });
  const allShiftWaits = () => db().select().from(shiftWaits);

  it('joins a full job: 201 with the entry, its position, one audit record, nothing else', async () => {
    const { id: jobId } = await fullJob();
    const first = await registered();
    const second = await registered();
    const joined = await join(first, { jobId });
    expect(joined.statusCode, joined.body).toBe(201);
    const { shiftWait } = joined.json<ShiftWaitResponse>();
    expect(shiftWait).toMatchObject({
      registrationId: first.registrationId,
      state: 'WAITING',
      position: 1,
      active: true,
      offer: null,
      job: { id: jobId, location: 'Front gate', shift: { dayOfWeek: 'MONDAY', startTime: '09:00' } },
    });
    expect((await join(second, { jobId })).json<ShiftWaitResponse>().shiftWait.position).toBe(2);
    const audits = await auditRowsOf(db(), first.registrationId);
    expect(audits.map((row) => [row.actionType, row.adminUserId, row.newValues])).toEqual([
      ['WAITLIST_JOIN', null, expect.objectContaining({ shiftWaitId: shiftWait.id, jobId })],
    ]);
    // Waiting is no shift.
    expect(await db().select().from(registrationJobs).where(eq(registrationJobs.jobId, jobId))).toHaveLength(
      1,
    );
    await expectCountersMatch();

    const list = await mine(first);
    expect(list.statusCode).toBe(200);
    expect(list.json<MyShiftWaits>().shiftWaits.map((wait) => [wait.id, wait.position])).toEqual([
      [shiftWait.id, 1],
    ]);
  });

  it('refuses a join with a clear message and writes nothing', async () => {
    const { id: full } = await fullJob();
    const { id: noWaitlist } = await fullJob(false);
    const free = await job(5);
    const staffJob = await (await shiftWaitJobs(camp, { staffOnly: true }))(1);
    await insertHolder(db(), { jobIds: [staffJob] });
    const person = await registered([]);
    // Holds the last place of a job with its waitlist on.
    const heldJob = await job(1);
    const holding = await registered([heldJob]);
    const unregistered = await insertSignedInPerson(camp);
    const cancelled = await insertSignedInPerson(camp);
    await insertRegistration(db(), { userId: cancelled.id, status: 'CANCELLED', year: YEAR });
    const before = await allShiftWaits();

    const expectRefused = async (
      response: Awaited<ReturnType<typeof join>>,
      status: number,
      messages: string[],
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(messagesOf(response)).toEqual(messages);
    };
    expect((await join(null, { jobId: full })).statusCode).toBe(401);
    await expectRefused(await join(unregistered, { jobId: full }), 409, [
      SHIFT_WAITLIST_MESSAGES.noRegistration,
    ]);
    await expectRefused(await join(cancelled, { jobId: full }), 409, [
      SHIFT_WAITLIST_MESSAGES.noRegistration,
    ]);
    await expectRefused(await join(person, { jobId: 'nope' }), 400, [SHIFT_WAITLIST_MESSAGES.jobId]);
    const unknownField = await join(person, { jobId: full, extra: true });
    expect(unknownField.statusCode).toBe(400);
    await expectRefused(await join(person, { jobId: crypto.randomUUID() }), 404, [
      SHIFT_WAITLIST_MESSAGES.jobNotFound,
    ]);
    // Staff-only work does not exist for a participant.
    await expectRefused(await join(person, { jobId: staffJob }), 404, [SHIFT_WAITLIST_MESSAGES.jobNotFound]);
    const [noWaitlistMessage] = messagesOf(await join(person, { jobId: noWaitlist }));
    expect(noWaitlistMessage).toMatch(/^"Greeter \d+ \(Morning \d+, Monday\)" has no waitlist$/);
    const notFull = await join(person, { jobId: free });
    expect(notFull.statusCode).toBe(409);
    expect(messagesOf(notFull)[0]).toMatch(/has free places\. Choose it instead of waiting\.$/);
    const assigned = await join(holding, { jobId: heldJob });
    expect(assigned.statusCode).toBe(409);
    expect(messagesOf(assigned)[0]).toMatch(/^You already have a place on "Greeter/);
    expect(await allShiftWaits()).toEqual(before);

    expect((await join(person, { jobId: full })).statusCode).toBe(201);
    const again = await join(person, { jobId: full });
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)[0]).toMatch(/^You are already in line for "Greeter/);

    // At most SHIFT_WAITS_MAX open entries.
    for (let n = 1; n < SHIFT_WAITS_MAX; n += 1) {
      const { id } = await fullJob();
      expect((await join(person, { jobId: id })).statusCode).toBe(201);
    }
    const { id: oneMore } = await fullJob();
    await expectRefused(await join(person, { jobId: oneMore }), 409, [SHIFT_WAITLIST_MESSAGES.tooMany]);
    expect(await shiftWaitsOf(db(), person.registrationId)).toHaveLength(SHIFT_WAITS_MAX);
    expect(await auditRowsOf(db(), holding.registrationId)).toEqual([]);

    // Registration closed: the submission's rule and message.
    await configure(camp, { registrationOpen: false });
    try {
      const { id: closedJob } = await fullJob();
      const other = await registered();
      await expectRefused(await join(other, { jobId: closedJob }), 403, [REGISTRATION_MESSAGES.closed(YEAR)]);
      expect(await shiftWaitsOf(db(), other.registrationId)).toEqual([]);
    } finally {
      await configure(camp, { registrationOpen: true });
    }
  });

  it('offers a freed place to the first in line only, passing over a dormant entry; decline passes it on', async () => {
    const { id: jobId, holder } = await fullJob();
    const dormant = await registered([], 'WAITLISTED');
    const first = await registered();
    const second = await registered();
    const third = await registered();
    const dormantWait = await insertShiftWait(db(), dormant.registrationId, jobId);
    const waits = [
      await insertShiftWait(db(), first.registrationId, jobId),
      await insertShiftWait(db(), second.registrationId, jobId),
      await insertShiftWait(db(), third.registrationId, jobId),
    ];
    expect((await cancel(holder)).statusCode).toBe(200);
    const before = Date.now();
    const pass = await waitlistWorker(camp).drain();
    expect(pass).toMatchObject({ fills: 1, shiftOffers: 1, failed: 0 });

    const offered = await shiftWaitRow(db(), waits[0]!);
    expect(offered).toMatchObject({ state: 'OFFERED', offeredBy: null, warnedAt: null, endedAt: null });
    expect(offered.expiresAt!.getTime() - offered.offeredAt!.getTime()).toBe(48 * HOUR);
    expect(offered.offeredAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect((await shiftWaitRow(db(), waits[1]!)).state).toBe('WAITING');
    expect((await shiftWaitRow(db(), waits[2]!)).state).toBe('WAITING');
    expect((await shiftWaitRow(db(), dormantWait)).state).toBe('WAITING');
    await expectCountersMatch();
    const [mail] = await outboxRowsTo(db(), first.email);
    expect(mail?.subject).toMatch(
      /^Dust Camp: a place on Greeter \d+ \(Morning \d+, Monday\) is free for you$/,
    );
    const deadline = formatDateTimeInZone(offered.expiresAt!, 'America/Los_Angeles');
    expect(mail?.text).toContain(`We are holding it for you until ${deadline}.`);
    expect(await outboxRowsTo(db(), second.email)).toEqual([]);

    // The person sees it first, with its deadline; the dormant entry is not active.
    const list = (await mine(first)).json<MyShiftWaits>().shiftWaits;
    expect(list).toEqual([
      expect.objectContaining({
        id: waits[0],
        state: 'OFFERED',
        position: null,
        active: true,
        offer: { offeredAt: offered.offeredAt!.toISOString(), expiresAt: offered.expiresAt!.toISOString() },
      }),
    ]);
    expect((await mine(dormant)).json<MyShiftWaits>().shiftWaits).toEqual([
      expect.objectContaining({ id: dormantWait, state: 'WAITING', position: 1, active: false }),
    ]);
    expect((await mine(second)).json<MyShiftWaits>().shiftWaits[0]?.position).toBe(3);

    // Someone else's entry is not found; nothing changes.
    const stolen = await answerShiftWait(camp, second, waits[0]!, 'accept');
    expect(stolen.statusCode).toBe(404);
    expect(messagesOf(stolen)).toEqual([SHIFT_WAITLIST_MESSAGES.notFound]);
    expect((await answerShiftWait(camp, second, waits[0]!, 'decline')).statusCode).toBe(404);
    expect((await answerShiftWait(camp, camp.admin, waits[0]!, 'leave')).statusCode).toBe(404);
    expect((await answerShiftWait(camp, null, waits[0]!, 'accept')).statusCode).toBe(401);
    const badId = await answerShiftWait(camp, first, 'not-an-id', 'accept');
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual([SHIFT_WAITLIST_MESSAGES.shiftWaitId]);
    // A WAITING entry has no offer to answer.
    const early = await answerShiftWait(camp, second, waits[1]!, 'accept');
    expect(early.statusCode).toBe(409);
    expect(messagesOf(early)).toEqual([SHIFT_WAITLIST_MESSAGES.offerClosed]);
    expect((await answerShiftWait(camp, second, waits[1]!, 'decline')).statusCode).toBe(409);
    expect((await shiftWaitRow(db(), waits[0]!)).state).toBe('OFFERED');

    const declined = await answerShiftWait(camp, first, waits[0]!, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<ShiftWaitResponse>().shiftWait).toMatchObject({ state: 'DECLINED', offer: null });
    expect(await shiftWaitRow(db(), waits[0]!)).toMatchObject({ state: 'DECLINED', decidedBy: first.id });
    expect((await auditRowsOf(db(), first.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_OFFER',
      'WAITLIST_DECLINE',
    ]);
    expect(await waitlistWorker(camp).drain()).toMatchObject({ shiftOffers: 1 });
    expect((await shiftWaitRow(db(), waits[1]!)).state).toBe('OFFERED');
    expect((await shiftWaitRow(db(), waits[2]!)).state).toBe('WAITING');
    await expectCountersMatch();
    const again = await answerShiftWait(camp, first, waits[0]!, 'decline');
    expect(again.statusCode).toBe(409);
  });

  it('accepts an offer: the shift is theirs, the place passes from the offer to the link, mail and audit', async () => {
    const { id: jobId, holder } = await fullJob();
    const person = await registered();
    const waitId = await insertShiftWait(db(), person.registrationId, jobId);
    await cancel(holder);
    await waitlistWorker(camp).drain();
    expect((await shiftWaitRow(db(), waitId)).state).toBe('OFFERED');

    const accepted = await answerShiftWait(camp, person, waitId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ShiftWaitResponse>().shiftWait).toMatchObject({ state: 'ACCEPTED', offer: null });
    expect(await shiftWaitRow(db(), waitId)).toMatchObject({ state: 'ACCEPTED', decidedBy: person.id });
    const links = await db()
      .select()
      .from(registrationJobs)
      .where(
        and(eq(registrationJobs.registrationId, person.registrationId), eq(registrationJobs.jobId, jobId)),
      );
    expect(links).toHaveLength(1);
    await expectCountersMatch();
    const subjects = (await outboxRowsTo(db(), person.email)).map((mail) => mail.subject);
    expect(subjects[1]).toMatch(/^Dust Camp: Greeter \d+ \(Morning \d+, Monday\) is one of your shifts$/);
    expect((await auditRowsOf(db(), person.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_OFFER',
      'WAITLIST_ACCEPT',
    ]);
    expect((await mine(person)).json<MyShiftWaits>().shiftWaits).toEqual([]);
    expect((await answerShiftWait(camp, person, waitId, 'accept')).statusCode).toBe(409);
    expect((await answerShiftWait(camp, person, waitId, 'leave')).statusCode).toBe(409);
  });

  it('leaves a line while waiting, and while offered (the place goes on)', async () => {
    const { id: jobId, holder } = await fullJob();
    const first = await registered();
    const second = await registered();
    const firstWait = await insertShiftWait(db(), first.registrationId, jobId);
    const secondWait = await insertShiftWait(db(), second.registrationId, jobId);
    const left = await answerShiftWait(camp, second, secondWait, 'leave');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<ShiftWaitResponse>().shiftWait.state).toBe('LEFT');
    expect((await auditRowsOf(db(), second.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_LEAVE',
    ]);
    await cancel(holder);
    await waitlistWorker(camp).drain();
    expect((await shiftWaitRow(db(), firstWait)).state).toBe('OFFERED');
    expect((await answerShiftWait(camp, first, firstWait, 'leave')).statusCode).toBe(200);
    expect(await shiftWaitRow(db(), firstWait)).toMatchObject({
      state: 'LEFT',
      offeredAt: null,
      expiresAt: null,
    });
    await expectCountersMatch();
    const [task] = await pendingTasksOf(db(), YEAR);
    expect(task).toBeDefined();
  });

  it('warns once before the deadline, then expires the offer: back to the end of the line, the next is offered', async () => {
    const { id: jobId, holder } = await fullJob();
    const first = await registered();
    const second = await registered();
    const firstWait = await insertShiftWait(db(), first.registrationId, jobId);
    const secondWait = await insertShiftWait(db(), second.registrationId, jobId);
    await cancel(holder);
    const start = new Date();
    expect(await waitlistWorker(camp, () => start).drain()).toMatchObject({ shiftOffers: 1, shiftWarned: 0 });
    const keyBefore = (await shiftWaitRow(db(), firstWait)).lineKey;

    // (The open offers of the tests before this one fall due on this clock too.)
    const nearly = new Date(start.getTime() + 37 * HOUR);
    const warnedPass = await waitlistWorker(camp, () => nearly).drain();
    expect(warnedPass.shiftWarned).toBeGreaterThanOrEqual(1);
    expect(warnedPass.shiftExpired).toBe(0);
    expect(await shiftWaitRow(db(), firstWait)).toMatchObject({ state: 'OFFERED', warnedAt: nearly });
    expect(await waitlistWorker(camp, () => nearly).drain()).toMatchObject({ shiftWarned: 0 });
    const warnings = (await outboxRowsTo(db(), first.email)).filter((mail) =>
      mail.subject.includes('runs out soon'),
    );
    expect(warnings).toHaveLength(1);

    const late = new Date(start.getTime() + 49 * HOUR);
    const expiredPass = await waitlistWorker(camp, () => late).drain();
    expect(expiredPass.shiftExpired).toBeGreaterThanOrEqual(1);
    const requeued = await shiftWaitRow(db(), firstWait);
    expect(requeued).toMatchObject({
      state: 'WAITING',
      offeredAt: null,
      expiresAt: null,
      lastOfferState: 'EXPIRED',
      lastOfferEndedAt: late,
      endedAt: null,
    });
    expect(requeued.lineKey).toBeGreaterThan(keyBefore);
    expect((await shiftWaitRow(db(), secondWait)).state).toBe('OFFERED');
    expect((await mine(first)).json<MyShiftWaits>().shiftWaits[0]).toMatchObject({ position: 2 });
    const expiredMail = (await outboxRowsTo(db(), first.email)).filter((mail) =>
      mail.subject.includes('has run out'),
    );
    expect(expiredMail).toHaveLength(1);
    expect((await auditRowsOf(db(), first.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_OFFER',
      'WAITLIST_EXPIRE',
    ]);
    await expectCountersMatch();
  });

  it('answers an accept after the deadline with 409 offerExpired, requeueing the entry there and then', async () => {
    const { id: jobId, holder } = await fullJob();
    const person = await registered();
    const waitId = await insertShiftWait(db(), person.registrationId, jobId);
    await cancel(holder);
    await waitlistWorker(camp).drain();
    await db()
      .update(shiftWaits)
      .set({ offeredAt: new Date(Date.now() - 50 * HOUR), expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(shiftWaits.id, waitId));
    const late = await answerShiftWait(camp, person, waitId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(messagesOf(late)).toEqual([SHIFT_WAITLIST_MESSAGES.offerExpired]);
    expect(await shiftWaitRow(db(), waitId)).toMatchObject({ state: 'WAITING', lastOfferState: 'EXPIRED' });
    expect(
      await db()
        .select()
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, person.registrationId)),
    ).toEqual([]);
    await expectCountersMatch();
  });

  it('fills a job whose limit an admin raises', async () => {
    const { id: jobId } = await fullJob();
    const person = await registered();
    const waitId = await insertShiftWait(db(), person.registrationId, jobId);
    const raised = await camp.call('PATCH', `/api/jobs/${jobId}`, camp.admin, { maxRegistrations: 2 });
    expect(raised.statusCode, raised.body).toBe(200);
    const [task] = await pendingTasksOf(db(), YEAR);
    expect(task).toBeDefined();
    // (An entry of a test before this one that went back to the line may be offered its place again too.)
    expect((await waitlistWorker(camp).drain()).shiftOffers).toBeGreaterThanOrEqual(1);
    expect((await shiftWaitRow(db(), waitId)).state).toBe('OFFERED');
    await expectCountersMatch();
  });
});
