import {
  type AdminWaitlist,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_ADMIN_TEXTS,
  WAITLIST_MESSAGES,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import { adminPost, insertSignedInPerson, YEAR } from '../../../test/camp-registrations';
import {
  insertWaitlisted,
  offersOf,
  openOfferOf,
  pendingTasksOf,
  startQuietWaitlistCamp,
} from '../../../test/camp-waitlist';
import { timedTasks, waitlistOffers } from '../../db/schema/index';
import { recountPlaces } from '../registrations/capacity';
import {
  auditRowsOf,
  expectCountersMatch,
  outboxRowsTo,
  registrationRow as registrationRowOf,
} from '../../../test/rows';

// The admins' Waitlist screen's API (docs/product.md §10): GET /admin/waitlist and its four actions.

describe('admin waitlist', () => {
  let camp: Camp;
  let names = 0;

  beforeAll(async () => {
    // The app's own worker stays out of the way: fills are looked at as task rows.
    camp = await startQuietWaitlistCamp({ timeZone: 'America/Los_Angeles' });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const option = (maxSignups: number, extra: Record<string, unknown> = {}) => {
    names += 1;
    const name = `Admin option ${String(names).padStart(2, '0')}`;
    return adminPost(camp, '/api/camping-options', { name, maxSignups, participantDues: 0, ...extra });
  };
  const holder = async (campingOptionIds: string[]) => {
    const id = await insertRegistration(db(), { status: 'CONFIRMED', year: YEAR, campingOptionIds });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds, jobIds: [] }));
    return id;
  };
  const waiting = async (campingOptionIds: string[], firstName = 'Wait') => {
    const person = await insertSignedInPerson(camp, { firstName, lastName: `Er${(names += 1)}` });
    const id = await insertWaitlisted(db(), { year: YEAR, userId: person.id, campingOptionIds });
    return { ...person, registrationId: id };
  };
  const get = (query = '') => camp.call('GET', `/api/admin/waitlist${query}`, camp.admin);
  const act = (registrationId: string, action: string, body?: unknown, session = camp.admin) =>
    camp.call('POST', `/api/admin/waitlist/${registrationId}/${action}`, session, body);
  const lineOf = (body: AdminWaitlist, campingOptionId: string) =>
    body.options.find((entry) => entry.campingOptionId === campingOptionId);
  const registrationRow = (id: string) => registrationRowOf(db(), id);
  const auditsOf = (registrationId: string) => auditRowsOf(db(), registrationId);
  const mailsTo = (email: string) => outboxRowsTo(db(), email);
  const pendingFill = async () => (await pendingTasksOf(db(), YEAR, 'WAITLIST_FILL')).length;

  it('lists every option of the year with its places and its line in order, both lines for two options', async () => {
    const tent = await option(2);
    const rv = await option(1);
    const empty = await option(0, { waitlistEnabled: false });
    await holder([tent]);
    await holder([rv]);
    const first = await waiting([tent, rv], 'Ada');
    const second = await waiting([tent], 'Bo');

    const response = await get(`?year=${YEAR}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminWaitlist>();
    expect(body.year).toBe(YEAR);
    expect(lineOf(body, empty)).toEqual({
      campingOptionId: empty,
      name: expect.stringMatching(/^Admin option/),
      enabled: true,
      waitlistEnabled: false,
      taken: 0,
      held: 0,
      maxSignups: 0,
      line: [],
    });
    const tentLine = lineOf(body, tent)!;
    expect(tentLine).toMatchObject({ taken: 1, held: 0, maxSignups: 2, waitlistEnabled: true });
    expect(tentLine.line.map((entry) => [entry.registrationId, entry.position, entry.offer])).toEqual([
      [first.registrationId, 1, null],
      [second.registrationId, 2, null],
    ]);
    const row = await registrationRow(first.registrationId);
    expect(tentLine.line[0]).toEqual({
      registrationId: first.registrationId,
      name: expect.stringMatching(/^Ada Er\d+$/),
      email: first.email,
      joinedAt: row.waitlistedAt!.toISOString(),
      position: 1,
      offer: null,
      lastOffer: null,
    });
    expect(lineOf(body, rv)!.line.map((entry) => [entry.registrationId, entry.position])).toEqual([
      [first.registrationId, 1],
    ]);
    expect(body.totals.waitlisted).toBeGreaterThanOrEqual(2);

    // Without a year: the registration year.
    const byDefault = await get();
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json<AdminWaitlist>().year).toBe(YEAR);
    // Another year: the options, with nobody waiting.
    const other = await get('?year=2031');
    expect(lineOf(other.json<AdminWaitlist>(), tent)).toMatchObject({ taken: 0, held: 0, line: [] });
    expect(other.json<AdminWaitlist>().totals).toEqual({ waitlisted: 0, openOffers: 0, shiftWaiting: 0 });
  });

  it('is for admins only, answers 404 for unknown ids, 400 for bad input and 409 off the waitlist', async () => {
    const tent = await option(5);
    const person = await waiting([tent]);
    for (const session of [camp.staff, camp.participant]) {
      expect((await camp.call('GET', '/api/admin/waitlist', session)).statusCode).toBe(403);
      expect((await act(person.registrationId, 'offer', undefined, session)).statusCode).toBe(403);
    }
    expect((await camp.call('GET', '/api/admin/waitlist', null)).statusCode).toBe(401);
    // The person themself may not act on their own line either.
    const own = await camp.call('POST', `/api/admin/waitlist/${person.registrationId}/skip`, person as never);
    expect(own.statusCode).toBe(403);

    const unknown = await act(randomUUID(), 'offer');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Registration not found',
    });
    const badId = await act('not-a-uuid', 'skip');
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual([WAITLIST_ADMIN_MESSAGES.registrationId]);
    const badYear = await get('?year=abc');
    expect(badYear.statusCode).toBe(400);
    expect(messagesOf(badYear)).toEqual([WAITLIST_ADMIN_MESSAGES.year]);
    const badDirection = await act(person.registrationId, 'move', {
      campingOptionId: tent,
      direction: 'left',
    });
    expect(badDirection.statusCode).toBe(400);
    expect(messagesOf(badDirection)).toEqual([WAITLIST_ADMIN_MESSAGES.direction]);
    const noReason = await act(person.registrationId, 'remove', {});
    expect(noReason.statusCode).toBe(400);
    expect(messagesOf(noReason)).toEqual([WAITLIST_ADMIN_MESSAGES.reason]);
    const extra = await act(person.registrationId, 'skip', { reason: 'x', sneaky: true });
    expect(extra.statusCode).toBe(400);
    expect(await registrationRow(person.registrationId)).toMatchObject({ status: 'WAITLISTED' });

    const confirmed = await holder([tent]);
    const notWaiting = await act(confirmed, 'offer');
    expect(notWaiting.statusCode).toBe(409);
    expect(messagesOf(notWaiting)).toEqual([WAITLIST_MESSAGES.notWaitlisted]);
  });

  it('Offer now: holds free places out of line order, records the admin and mails; 409 when none is free', async () => {
    const tent = await option(2);
    await holder([tent]);
    const first = await waiting([tent]);
    const second = await waiting([tent]);

    const offered = await act(second.registrationId, 'offer', { reason: 'Crew lead' });
    expect(offered.statusCode, offered.body).toBe(200);
    const entry = lineOf(offered.json<AdminWaitlist>(), tent)!.line[1]!;
    const offer = await openOfferOf(db(), second.registrationId);
    expect(offer).toMatchObject({ state: 'OPEN', offeredBy: camp.admin.userId, year: YEAR });
    expect(entry.offer).toEqual({
      id: offer!.id,
      state: 'OPEN',
      offeredAt: offer!.offeredAt.toISOString(),
      expiresAt: offer!.expiresAt.toISOString(),
    });
    expect(offer!.expiresAt.getTime() - offer!.offeredAt.getTime()).toBe(48 * 3_600_000);
    expect(lineOf(offered.json<AdminWaitlist>(), tent)).toMatchObject({ taken: 1, held: 1 });
    expect(await openOfferOf(db(), first.registrationId)).toBeUndefined();
    const audits = await auditsOf(second.registrationId);
    expect(audits.map((row) => [row.actionType, row.adminUserId, row.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, 'Crew lead'],
    ]);
    expect(audits[0]!.newValues).toEqual({
      offerId: offer!.id,
      campingOptionIds: [tent],
      expiresAt: offer!.expiresAt.toISOString(),
    });
    const mails = await mailsTo(second.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Dust Camp: a place is free for you']);
    await expectCountersMatch(db(), YEAR);

    const again = await act(second.registrationId, 'offer');
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([WAITLIST_ADMIN_MESSAGES.alreadyOffered]);

    // The option is now full (1 taken + 1 held of 2): 409 naming it, nothing changed.
    const full = await act(first.registrationId, 'offer');
    expect(full.statusCode).toBe(409);
    const name = lineOf(offered.json<AdminWaitlist>(), tent)!.name;
    expect(full.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: WAITLIST_MESSAGES.noPlaceFree(name),
    });
    expect(await offersOf(db(), first.registrationId)).toEqual([]);
    expect(await auditsOf(first.registrationId)).toEqual([]);
    await expectCountersMatch(db(), YEAR);
  });

  it('Skip: ends the open offer as SKIPPED, frees its places for the line, and puts the person at the end', async () => {
    const tent = await option(1);
    const first = await waiting([tent]);
    const second = await waiting([tent]);
    expect((await act(first.registrationId, 'offer')).statusCode).toBe(200);
    const offer = await openOfferOf(db(), first.registrationId);
    await db().delete(timedTasks).where(eq(timedTasks.year, YEAR));

    const skipped = await act(first.registrationId, 'skip', {});
    expect(skipped.statusCode, skipped.body).toBe(200);
    const [row] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id));
    expect(row).toMatchObject({ state: 'SKIPPED', decidedBy: camp.admin.userId });
    expect(await registrationRow(first.registrationId)).toMatchObject({ status: 'WAITLISTED' });
    const line = lineOf(skipped.json<AdminWaitlist>(), tent)!;
    expect(line).toMatchObject({ taken: 0, held: 0 });
    expect(
      line.line.map((entry) => [entry.registrationId, entry.position, entry.lastOffer?.state ?? null]),
    ).toEqual([
      [second.registrationId, 1, null],
      [first.registrationId, 2, 'SKIPPED'],
    ]);
    expect(await pendingFill()).toBe(1);
    const audits = await auditsOf(first.registrationId);
    expect(audits.map((audit) => [audit.actionType, audit.adminUserId, audit.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, null],
      ['WAITLIST_SKIP', camp.admin.userId, WAITLIST_ADMIN_TEXTS.skippedReason],
    ]);
    expect((await mailsTo(first.email)).map((mail) => mail.subject)).toEqual([
      'Dust Camp: a place is free for you',
      'Dust Camp: your waitlist offer was withdrawn',
    ]);
    await expectCountersMatch(db(), YEAR);

    const none = await act(first.registrationId, 'skip');
    expect(none.statusCode).toBe(409);
    expect(messagesOf(none)).toEqual([WAITLIST_ADMIN_MESSAGES.noOpenOffer]);
  });

  it('Remove: cancels with the reason, withdraws the open offer, audits and mails', async () => {
    const tent = await option(1);
    const person = await waiting([tent]);
    expect((await act(person.registrationId, 'offer')).statusCode).toBe(200);

    const removed = await act(person.registrationId, 'remove', { reason: '  Asked us by phone  ' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(lineOf(removed.json<AdminWaitlist>(), tent)).toMatchObject({ taken: 0, held: 0, line: [] });
    expect(await registrationRow(person.registrationId)).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Asked us by phone',
      lineKey: null,
      waitlistedAt: null,
    });
    expect(
      (await offersOf(db(), person.registrationId)).map((offer) => [offer.state, offer.decidedBy]),
    ).toEqual([['WITHDRAWN', camp.admin.userId]]);
    const audits = await auditsOf(person.registrationId);
    expect(audits.map((audit) => [audit.actionType, audit.adminUserId, audit.reason])).toEqual([
      ['WAITLIST_OFFER', camp.admin.userId, null],
      ['WAITLIST_REMOVE', camp.admin.userId, 'Asked us by phone'],
      ['CAMPING_OPTION_REMOVE', camp.admin.userId, 'Asked us by phone'],
    ]);
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Dust Camp: a place is free for you',
      `Dust Camp: you were removed from the waitlist for ${YEAR}`,
    ]);
    expect(mails[1]!.text).toContain('Reason: Asked us by phone');
    await expectCountersMatch(db(), YEAR);

    const again = await act(person.registrationId, 'remove', { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([WAITLIST_MESSAGES.notWaitlisted]);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await camp.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const paths = [
      '/api/admin/waitlist',
      ...['offer', 'skip', 'remove', 'move'].map(
        (action) => `/api/admin/waitlist/{registrationId}/${action}`,
      ),
    ];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(paths));
    expect(document.paths['/api/admin/waitlist']!.get!.tags).toEqual(['waitlist']);
    expect(Object.keys(document.paths['/api/admin/waitlist/{registrationId}/move']!)).toEqual(['post']);
  });

  it('Move: swaps places with the neighbour in the line of one option; 409 at the top and the bottom', async () => {
    const tent = await option(1);
    const rv = await option(1);
    const a = await waiting([tent]);
    const b = await waiting([tent, rv]);
    const c = await waiting([tent]);

    const top = await act(a.registrationId, 'move', { campingOptionId: tent, direction: 'up' });
    expect(top.statusCode).toBe(409);
    expect(top.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: WAITLIST_ADMIN_MESSAGES.atTop,
    });
    const bottom = await act(c.registrationId, 'move', { campingOptionId: tent, direction: 'down' });
    expect(bottom.statusCode).toBe(409);
    expect(messagesOf(bottom)).toEqual([WAITLIST_ADMIN_MESSAGES.atBottom]);
    const alone = await act(b.registrationId, 'move', { campingOptionId: rv, direction: 'down' });
    expect(messagesOf(alone)).toEqual([WAITLIST_ADMIN_MESSAGES.atBottom]);
    const elsewhere = await act(a.registrationId, 'move', { campingOptionId: rv, direction: 'up' });
    expect(elsewhere.statusCode).toBe(409);
    expect(messagesOf(elsewhere)).toEqual([WAITLIST_ADMIN_MESSAGES.notInLine]);

    const keyA = (await registrationRow(a.registrationId)).lineKey;
    const keyB = (await registrationRow(b.registrationId)).lineKey;
    const moved = await act(b.registrationId, 'move', { campingOptionId: tent, direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(lineOf(moved.json<AdminWaitlist>(), tent)!.line.map((entry) => entry.registrationId)).toEqual([
      b.registrationId,
      a.registrationId,
      c.registrationId,
    ]);
    expect((await registrationRow(b.registrationId)).lineKey).toBe(keyA);
    expect((await registrationRow(a.registrationId)).lineKey).toBe(keyB);
    const [audit] = await auditsOf(b.registrationId);
    expect(audit).toMatchObject({
      actionType: 'WAITLIST_MOVE',
      adminUserId: camp.admin.userId,
      oldValues: { campingOptionId: tent, position: 2 },
      newValues: { campingOptionId: tent, position: 1, swappedWith: a.registrationId },
    });

    const down = await act(b.registrationId, 'move', { campingOptionId: tent, direction: 'down' });
    expect(down.statusCode).toBe(200);
    expect(lineOf(down.json<AdminWaitlist>(), tent)!.line.map((entry) => entry.registrationId)).toEqual([
      a.registrationId,
      b.registrationId,
      c.registrationId,
    ]);
  });
});
