import {
  type AdminShiftLine,
  type AdminWaitlist,
  jobLabel,
  SHIFT_WAITLIST_MESSAGES,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_ADMIN_TEXTS,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import { adminPost, adminShift, insertSignedInPerson, YEAR } from '../../../test/camp-registrations';
import { pendingTasksOf, startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import { registrationJobs, shiftWaits, timedTasks } from '../../db/schema/index';
import { recountPlaces } from '../registrations/capacity';
import {
  auditRowsOf,
  expectCountersMatch as expectCountersMatchRows,
  outboxRowsTo,
  registrationRow,
} from '../../../test/rows';

// The admin Waitlist screen's shift lines (docs/product.md §10, decision 052): GET /admin/waitlist's `shifts` and
// the four actions on one entry of a job's line.

const HOUR = 3_600_000;

describe('admin waitlist: shift lines', () => {
  let camp: Camp;
  let category: string;
  let monday: string;
  let names = 0;

  beforeAll(async () => {
    // The app's own worker stays out of the way: fills are looked at as task rows.
    camp = await startQuietWaitlistCamp({ timeZone: 'America/Los_Angeles' });
    category = await adminPost(camp, '/api/job-categories', { name: 'Bar', description: 'Pours drinks' });
    monday = await adminShift(camp, 'Monday evening', 'MONDAY', '18:00', '22:00');
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  /** A job of its own name on `shiftId` (Monday evening unless told), its waitlist on unless told. */
  const job = async (maxRegistrations: number, extra: Record<string, unknown> = {}) => {
    names += 1;
    const name = `Bar ${String(names).padStart(2, '0')}`;
    const id = await adminPost(camp, '/api/jobs', {
      name,
      location: 'Main bar',
      categoryId: category,
      shiftId: monday,
      maxRegistrations,
      waitlistEnabled: true,
      ...extra,
    });
    return { id, name };
  };
  /** A CONFIRMED registration of YEAR holding the jobs (counters recounted, as a repair would). */
  const holder = async (jobIds: string[]) => {
    const id = await insertRegistration(db(), { status: 'CONFIRMED', year: YEAR, jobIds });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [], jobIds }));
    return id;
  };
  /** A signed-in person with a registration of YEAR (holding places unless WAITLISTED) in the job's line. */
  const waiting = async (
    jobId: string,
    { firstName = 'Wait', status = 'CONFIRMED' as 'CONFIRMED' | 'PENDING' | 'WAITLISTED' } = {},
  ) => {
    const person = await insertSignedInPerson(camp, { firstName, lastName: `Er${(names += 1)}` });
    const registrationId = await insertRegistration(db(), { status, year: YEAR, userId: person.id });
    const [wait] = await db().insert(shiftWaits).values({ registrationId, jobId, year: YEAR }).returning();
    return { ...person, registrationId, shiftWaitId: wait!.id };
  };
  const get = (query = '') => camp.call('GET', `/api/admin/waitlist${query}`, camp.admin);
  const act = (shiftWaitId: string, action: string, body?: unknown, session = camp.admin) =>
    camp.call('POST', `/api/admin/waitlist/shift-waits/${shiftWaitId}/${action}`, session, body);
  const lineOf = (body: AdminWaitlist, jobId: string): AdminShiftLine | undefined =>
    body.shifts.find((entry) => entry.jobId === jobId);
  const waitRow = async (id: string) => {
    const [row] = await db().select().from(shiftWaits).where(eq(shiftWaits.id, id));
    return row!;
  };
  const auditsOf = (registrationId: string) => auditRowsOf(db(), registrationId);
  const mailsTo = (email: string) => outboxRowsTo(db(), email);
  const label = (name: string) => jobLabel(name, 'Monday evening', 'MONDAY');
  const pendingFill = async () => (await pendingTasksOf(db(), YEAR, 'WAITLIST_FILL')).length;
  const clearFills = () => db().delete(timedTasks).where(eq(timedTasks.year, YEAR));
  const expectCountersMatch = () => expectCountersMatchRows(db(), YEAR);

  it('lists every job with its waitlist on or people in line, in festival order, with places and the line', async () => {
    const tuesday = await adminShift(camp, 'Tuesday dawn', 'TUESDAY', '06:00', '08:00');
    const early = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '12:00');
    const late = await job(2, { shiftId: tuesday });
    const bar = await job(2);
    const morning = await job(1, { shiftId: early });
    const off = await job(1, { waitlistEnabled: false });
    const offWithLine = await job(1, { waitlistEnabled: false });
    await holder([bar.id]);
    await holder([morning.id]);
    await holder([offWithLine.id]);
    const ada = await waiting(bar.id, { firstName: 'Ada' });
    const bo = await waiting(bar.id, { firstName: 'Bo', status: 'WAITLISTED' });
    const cy = await waiting(offWithLine.id, { firstName: 'Cy', status: 'PENDING' });
    // An ended entry is not in line.
    const gone = await waiting(bar.id);
    await db()
      .update(shiftWaits)
      .set({ state: 'LEFT', endedAt: new Date() })
      .where(eq(shiftWaits.id, gone.shiftWaitId));

    const response = await get(`?year=${YEAR}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminWaitlist>();
    const mine = new Set([late.id, bar.id, morning.id, off.id, offWithLine.id]);
    expect(body.shifts.filter((line) => mine.has(line.jobId)).map((line) => line.name)).toEqual([
      morning.name,
      bar.name,
      offWithLine.name,
      late.name,
    ]);
    const row = await waitRow(ada.shiftWaitId);
    expect(lineOf(body, bar.id)).toEqual({
      jobId: bar.id,
      name: bar.name,
      location: 'Main bar',
      shift: {
        id: monday,
        name: 'Monday evening',
        description: null,
        startTime: '18:00',
        endTime: '22:00',
        dayOfWeek: 'MONDAY',
        dayOffset: 1,
        active: true,
      },
      waitlistEnabled: true,
      taken: 1,
      held: 0,
      maxRegistrations: 2,
      line: [
        {
          shiftWaitId: ada.shiftWaitId,
          registrationId: ada.registrationId,
          name: expect.stringMatching(/^Ada Er\d+$/),
          email: ada.email,
          joinedAt: row.joinedAt.toISOString(),
          position: 1,
          active: true,
          offer: null,
          lastOffer: null,
        },
        expect.objectContaining({ shiftWaitId: bo.shiftWaitId, position: 2, active: false }),
      ],
    });
    expect(lineOf(body, offWithLine.id)).toMatchObject({
      waitlistEnabled: false,
      taken: 1,
      line: [expect.objectContaining({ shiftWaitId: cy.shiftWaitId, active: true })],
    });
    expect(lineOf(body, late.id)).toMatchObject({ taken: 0, held: 0, line: [] });
    expect(body.totals.shiftWaiting).toBe(3);
    expect(body.totals.openOffers).toBe(0);

    // Another year: the jobs whose waitlist is on, with nobody in line.
    const other = (await get('?year=2031')).json<AdminWaitlist>();
    expect(other.shifts.some((line) => line.jobId === offWithLine.id)).toBe(false);
    expect(lineOf(other, bar.id)).toMatchObject({ taken: 0, held: 0, line: [] });
    expect(other.totals).toEqual({ waitlisted: 0, openOffers: 0, shiftWaiting: 0 });
    await db()
      .update(shiftWaits)
      .set({ state: 'LEFT', endedAt: new Date() })
      .where(eq(shiftWaits.jobId, offWithLine.id));
  });

  it('is for admins only, answers 404 for unknown or ended entries and 400 for bad input', async () => {
    const bar = await job(1);
    const person = await waiting(bar.id);
    for (const session of [camp.staff, camp.participant]) {
      for (const action of ['offer', 'skip', 'move', 'remove']) {
        const body = action === 'move' ? { direction: 'up' } : { reason: 'Because' };
        expect((await act(person.shiftWaitId, action, body, session)).statusCode).toBe(403);
      }
    }
    expect((await act(person.shiftWaitId, 'offer', {}, null as never)).statusCode).toBe(401);
    // The person themself may not act on their own line either.
    expect((await act(person.shiftWaitId, 'offer', {}, person as never)).statusCode).toBe(403);

    const unknown = await act(randomUUID(), 'offer');
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: SHIFT_WAITLIST_MESSAGES.notFound,
    });
    const badId = await act('not-a-uuid', 'skip');
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual([SHIFT_WAITLIST_MESSAGES.shiftWaitId]);
    const badDirection = await act(person.shiftWaitId, 'move', { direction: 'left' });
    expect(badDirection.statusCode).toBe(400);
    expect(messagesOf(badDirection)).toEqual([WAITLIST_ADMIN_MESSAGES.direction]);
    const optionMove = await act(person.shiftWaitId, 'move', { direction: 'up', campingOptionId: bar.id });
    expect(optionMove.statusCode).toBe(400);
    const noReason = await act(person.shiftWaitId, 'remove', {});
    expect(noReason.statusCode).toBe(400);
    expect(messagesOf(noReason)).toEqual([WAITLIST_ADMIN_MESSAGES.reason]);
    const shortReason = await act(person.shiftWaitId, 'remove', { reason: '  a ' });
    expect(messagesOf(shortReason)).toEqual([WAITLIST_ADMIN_MESSAGES.reason]);
    const extra = await act(person.shiftWaitId, 'skip', { reason: 'x', sneaky: true });
    expect(extra.statusCode).toBe(400);
    expect(await waitRow(person.shiftWaitId)).toMatchObject({ state: 'WAITING', endedAt: null });
    expect(await auditsOf(person.registrationId)).toEqual([]);

    await db()
      .update(shiftWaits)
      .set({ state: 'DECLINED', endedAt: new Date() })
      .where(eq(shiftWaits.id, person.shiftWaitId));
    for (const action of ['offer', 'skip', 'move']) {
      const ended = await act(person.shiftWaitId, action, action === 'move' ? { direction: 'up' } : {});
      expect(ended.statusCode).toBe(404);
      expect(messagesOf(ended)).toEqual([SHIFT_WAITLIST_MESSAGES.notFound]);
    }
  });

  it('Offer now: holds a free place out of line order, records the admin and mails; 409 when full or not active', async () => {
    const bar = await job(2);
    await holder([bar.id]);
    const first = await waiting(bar.id);
    const second = await waiting(bar.id);
    const dormant = await waiting(bar.id, { status: 'WAITLISTED' });

    const notActive = await act(dormant.shiftWaitId, 'offer');
    expect(notActive.statusCode).toBe(409);
    expect(messagesOf(notActive)).toEqual([SHIFT_WAITLIST_MESSAGES.adminNotActive]);

    const offered = await act(second.shiftWaitId, 'offer', { reason: 'Knows the bar' });
    expect(offered.statusCode, offered.body).toBe(200);
    const row = await waitRow(second.shiftWaitId);
    expect(row).toMatchObject({ state: 'OFFERED', offeredBy: camp.admin.userId, warnedAt: null });
    expect(row.expiresAt!.getTime() - row.offeredAt!.getTime()).toBe(48 * HOUR);
    const line = lineOf(offered.json<AdminWaitlist>(), bar.id)!;
    expect(line).toMatchObject({ taken: 1, held: 1 });
    expect(line.line.map((entry) => [entry.shiftWaitId, entry.position, entry.offer])).toEqual([
      [first.shiftWaitId, 1, null],
      [
        second.shiftWaitId,
        2,
        { offeredAt: row.offeredAt!.toISOString(), expiresAt: row.expiresAt!.toISOString() },
      ],
      [dormant.shiftWaitId, 3, null],
    ]);
    expect(offered.json<AdminWaitlist>().totals.openOffers).toBeGreaterThanOrEqual(1);
    // No link row yet: the offer holds the place.
    expect(
      await db()
        .select()
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, second.registrationId)),
    ).toEqual([]);
    const audits = await auditsOf(second.registrationId);
    expect(audits.map((audit) => [audit.actionType, audit.adminUserId, audit.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, 'Knows the bar'],
    ]);
    expect(audits[0]!.newValues).toEqual({
      shiftWaitId: second.shiftWaitId,
      jobId: bar.id,
      expiresAt: row.expiresAt!.toISOString(),
    });
    expect((await mailsTo(second.email)).map((mail) => mail.subject)).toEqual([
      `Dust Camp: a place on ${label(bar.name)} is free for you`,
    ]);
    await expectCountersMatch();

    const again = await act(second.shiftWaitId, 'offer');
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([SHIFT_WAITLIST_MESSAGES.alreadyOffered]);

    // The job is now full (1 taken + 1 held of 2): 409 naming it, nothing changed.
    const full = await act(first.shiftWaitId, 'offer');
    expect(full.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: SHIFT_WAITLIST_MESSAGES.noPlaceFree(label(bar.name)),
    });
    expect(await waitRow(first.shiftWaitId)).toMatchObject({ state: 'WAITING', offeredAt: null });
    expect(await auditsOf(first.registrationId)).toEqual([]);
    expect(await mailsTo(first.email)).toEqual([]);
    await expectCountersMatch();
  });

  it('Skip: ends the open offer, gives its place to the line, and puts the person at the end of the line', async () => {
    const bar = await job(1);
    const first = await waiting(bar.id);
    const second = await waiting(bar.id);
    expect((await act(first.shiftWaitId, 'offer')).statusCode).toBe(200);
    const offered = await waitRow(first.shiftWaitId);
    await clearFills();

    const none = await act(second.shiftWaitId, 'skip');
    expect(none.statusCode).toBe(409);
    expect(messagesOf(none)).toEqual([SHIFT_WAITLIST_MESSAGES.noOpenOffer]);

    const skipped = await act(first.shiftWaitId, 'skip', {});
    expect(skipped.statusCode, skipped.body).toBe(200);
    const row = await waitRow(first.shiftWaitId);
    expect(row).toMatchObject({
      state: 'WAITING',
      offeredAt: null,
      expiresAt: null,
      offeredBy: null,
      lastOfferState: 'SKIPPED',
      endedAt: null,
    });
    expect(row.lineKey).toBeGreaterThan((await waitRow(second.shiftWaitId)).lineKey);
    const line = lineOf(skipped.json<AdminWaitlist>(), bar.id)!;
    expect(line).toMatchObject({ taken: 0, held: 0 });
    expect(line.line.map((entry) => [entry.shiftWaitId, entry.position, entry.lastOffer])).toEqual([
      [second.shiftWaitId, 1, null],
      [first.shiftWaitId, 2, { state: 'SKIPPED', endedAt: row.lastOfferEndedAt!.toISOString() }],
    ]);
    expect(await pendingFill()).toBe(1);
    const audits = await auditsOf(first.registrationId);
    expect(audits.map((audit) => [audit.actionType, audit.adminUserId, audit.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, null],
      ['WAITLIST_SKIP', camp.admin.userId, WAITLIST_ADMIN_TEXTS.skippedReason],
    ]);
    expect(audits[1]).toMatchObject({
      oldValues: {
        shiftWaitId: first.shiftWaitId,
        jobId: bar.id,
        state: 'OFFERED',
        expiresAt: offered.expiresAt!.toISOString(),
      },
      newValues: { shiftWaitId: first.shiftWaitId, jobId: bar.id, state: 'WAITING', lastOffer: 'SKIPPED' },
    });
    expect((await mailsTo(first.email)).map((mail) => mail.subject)).toEqual([
      `Dust Camp: a place on ${label(bar.name)} is free for you`,
      `Dust Camp: your offer for ${label(bar.name)} was withdrawn`,
    ]);
    await expectCountersMatch();

    const again = await act(first.shiftWaitId, 'skip', { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([SHIFT_WAITLIST_MESSAGES.noOpenOffer]);
  });

  it('Remove: ends the wait with the reason, gives back an offered place, audits and mails; the registration stays', async () => {
    const bar = await job(1);
    const person = await waiting(bar.id);
    const other = await waiting(bar.id);
    expect((await act(person.shiftWaitId, 'offer')).statusCode).toBe(200);
    await clearFills();

    const removed = await act(person.shiftWaitId, 'remove', { reason: '  Asked us by phone  ' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await waitRow(person.shiftWaitId)).toMatchObject({
      state: 'REMOVED',
      decidedBy: camp.admin.userId,
      endedAt: expect.any(Date),
    });
    expect(lineOf(removed.json<AdminWaitlist>(), bar.id)).toMatchObject({
      taken: 0,
      held: 0,
      line: [expect.objectContaining({ shiftWaitId: other.shiftWaitId, position: 1 })],
    });
    expect(await registrationRow(db(), person.registrationId)).toMatchObject({ status: 'CONFIRMED' });
    expect(await pendingFill()).toBe(1);
    const audits = await auditsOf(person.registrationId);
    expect(audits.map((audit) => [audit.actionType, audit.adminUserId, audit.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, null],
      ['WAITLIST_REMOVE', camp.admin.userId, 'Asked us by phone'],
    ]);
    expect(audits[1]).toMatchObject({
      oldValues: { shiftWaitId: person.shiftWaitId, jobId: bar.id, state: 'OFFERED' },
      newValues: { shiftWaitId: person.shiftWaitId, jobId: bar.id, state: 'REMOVED' },
    });
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Dust Camp: a place on ${label(bar.name)} is free for you`,
      `Dust Camp: you were removed from the waitlist for ${label(bar.name)}`,
    ]);
    expect(mails[1]!.text).toContain('Reason: Asked us by phone');
    await expectCountersMatch();

    // A WAITING entry is removed too, with no place to give back.
    await clearFills();
    expect((await act(other.shiftWaitId, 'remove', { reason: 'Duplicate' })).statusCode).toBe(200);
    expect(await waitRow(other.shiftWaitId)).toMatchObject({ state: 'REMOVED' });
    expect(await pendingFill()).toBe(0);

    const again = await act(person.shiftWaitId, 'remove', { reason: 'Once more' });
    expect(again.statusCode).toBe(404);
    expect(messagesOf(again)).toEqual([SHIFT_WAITLIST_MESSAGES.notFound]);
  });

  it("Move: swaps places with the neighbour in the job's line; 409 at the top and the bottom", async () => {
    const bar = await job(1);
    const a = await waiting(bar.id);
    const b = await waiting(bar.id);
    const c = await waiting(bar.id);
    // Another job's line does not count as a neighbour.
    const other = await job(1);
    await waiting(other.id);

    const top = await act(a.shiftWaitId, 'move', { direction: 'up' });
    expect(top.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: SHIFT_WAITLIST_MESSAGES.atTop,
    });
    const bottom = await act(c.shiftWaitId, 'move', { direction: 'down' });
    expect(bottom.statusCode).toBe(409);
    expect(messagesOf(bottom)).toEqual([SHIFT_WAITLIST_MESSAGES.atBottom]);

    const keyA = (await waitRow(a.shiftWaitId)).lineKey;
    const keyB = (await waitRow(b.shiftWaitId)).lineKey;
    const moved = await act(b.shiftWaitId, 'move', { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(lineOf(moved.json<AdminWaitlist>(), bar.id)!.line.map((entry) => entry.shiftWaitId)).toEqual([
      b.shiftWaitId,
      a.shiftWaitId,
      c.shiftWaitId,
    ]);
    expect((await waitRow(b.shiftWaitId)).lineKey).toBe(keyA);
    expect((await waitRow(a.shiftWaitId)).lineKey).toBe(keyB);
    const [audit] = await auditsOf(b.registrationId);
    expect(audit).toMatchObject({
      actionType: 'WAITLIST_MOVE',
      adminUserId: camp.admin.userId,
      oldValues: { shiftWaitId: b.shiftWaitId, jobId: bar.id, position: 2 },
      newValues: { shiftWaitId: b.shiftWaitId, jobId: bar.id, position: 1, swappedWith: a.shiftWaitId },
    });

    const down = await act(a.shiftWaitId, 'move', { direction: 'down' });
    expect(down.statusCode).toBe(200);
    expect(lineOf(down.json<AdminWaitlist>(), bar.id)!.line.map((entry) => entry.shiftWaitId)).toEqual([
      b.shiftWaitId,
      c.shiftWaitId,
      a.shiftWaitId,
    ]);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await camp.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    for (const action of ['offer', 'skip', 'remove', 'move']) {
      const path = document.paths[`/api/admin/waitlist/shift-waits/{shiftWaitId}/${action}`];
      expect(Object.keys(path ?? {}), action).toEqual(['post']);
      expect(path!.post!.tags).toEqual(['waitlist']);
    }
  });
});
