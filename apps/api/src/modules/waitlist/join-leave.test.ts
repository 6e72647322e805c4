import { type Registration, WAITLIST_MESSAGES } from '@camp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKitchenJob,
  adminPost,
  adminShift,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import { type Camp, messageOf, messagesOf } from '../../../test/camp';
import {
  campingOptions,
  jobs,
  payments,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  timedTasks,
  waitlistOffers,
} from '../../db/schema/index';
import { recountPlaces } from '../registrations/capacity';
import { startQuietWaitlistCamp } from '../../../test/camp-waitlist';
import {
  auditRowsOf,
  expectCountersMatch,
  outboxRowsTo,
  outboxSubjectsTo,
  registrationRow,
} from '../../../test/rows';

// Joining and leaving the waitlist, and the admin's cancel and edit reasoning in held places
// (docs/product.md §10, decision 048).

describe('Waitlist: joining, positions, leaving, admin cancel and edit', () => {
  let camp: Camp;
  /** Full (1 place), waitlist on. */
  let cabin: string;
  /** Full (1 place), waitlist off. */
  let yurt: string;
  /** Room for many. */
  let tent: string;
  let dishes: string;

  const db = () => camp.t.database.db;

  beforeAll(async () => {
    // The app's own worker (woken by admin cancels and edits) stays out of the way: these tests read the fills
    // a change schedules, before any runs.
    camp = await startQuietWaitlistCamp();
    dishes = await adminKitchenJob(camp, {
      name: 'Dishes',
      categoryId: await adminPost(camp, '/api/job-categories', { name: 'Kitchen', description: 'Cooking' }),
      shiftId: await adminShift(camp, 'Tuesday lunch', 'TUESDAY', '11:00', '14:00'),
      maxRegistrations: 20,
    });
    cabin = await adminPost(camp, '/api/camping-options', {
      name: 'Cabin',
      participantDues: 100,
      maxSignups: 1,
    });
    yurt = await adminPost(camp, '/api/camping-options', {
      name: 'Yurt',
      participantDues: 50,
      maxSignups: 1,
    });
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent',
      participantDues: 0,
      maxSignups: 50,
    });
    await db().update(campingOptions).set({ waitlistEnabled: false }).where(eq(campingOptions.id, yurt));
    // The first person takes the last place of the cabin and of the yurt.
    const first = await insertSignedInPerson(camp);
    expect((await submitCamp(camp, first, { campingOptions: [cabin, yurt] })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await camp?.close();
  });

  const counters = async () =>
    Object.fromEntries(
      [
        ...(await db()
          .select({ id: campingOptions.id, n: campingOptions.currentRegistrations })
          .from(campingOptions)),
        ...(await db().select({ id: jobs.id, n: jobs.currentRegistrations }).from(jobs)),
      ].map((row) => [row.id, row.n]),
    );
  const pendingFills = async () =>
    (await db().select().from(timedTasks).where(eq(timedTasks.state, 'PENDING'))).map((row) => row.year);

  /** Joins the cabin's line (a place an earlier test freed is taken back first: the cabin stays full). */
  async function join(person: Person, optionIds = [cabin], jobIds = [dishes]): Promise<Registration> {
    await db()
      .update(campingOptions)
      .set({ maxSignups: campingOptions.currentRegistrations })
      .where(eq(campingOptions.id, cabin));
    const response = await submitCamp(camp, person, {
      campingOptions: optionIds,
      jobs: jobIds,
      joinWaitlist: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { registration } = response.json<{ registration: Registration }>();
    expect(registration.status).toBe('WAITLISTED');
    return registration;
  }

  /**
   * An open offer for a waitlisted registration, holding its options as the fill makes one: a place comes
   * free on each (its limit goes up by one), and the offer holds it.
   */
  async function offerTo(id: string, optionIds: string[]): Promise<string> {
    await db()
      .update(campingOptions)
      .set({ maxSignups: sql`${campingOptions.maxSignups} + 1` })
      .where(inArray(campingOptions.id, optionIds));
    const [offer] = await db()
      .insert(waitlistOffers)
      .values({ registrationId: id, year: YEAR, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: waitlistOffers.id });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: optionIds, jobIds: [] }));
    return offer!.id;
  }

  it('stores a submission whose only full option has a waitlist as WAITLISTED, holding no place', async () => {
    const before = await counters();
    const person = await insertSignedInPerson(camp, { firstName: 'Wanda' });
    const response = await submitCamp(camp, person, {
      campingOptions: [cabin, tent],
      jobs: [dishes],
      joinWaitlist: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ jobRegistration: { status: string }; registration: Registration }>();
    expect(body.jobRegistration.status).toBe('WAITLISTED');
    const registration = body.registration;
    expect(registration).toMatchObject({ status: 'WAITLISTED', payments: [], amountOwed: 0 });
    expect(registration.waitlist).toEqual({
      joinedAt: expect.any(String),
      positions: [
        { campingOptionId: cabin, name: 'Cabin', position: 1 },
        { campingOptionId: tent, name: 'Tent', position: 1 },
      ],
      offer: null,
    });

    const row = await registrationRow(db(), registration.id);
    expect(row).toMatchObject({
      status: 'WAITLISTED',
      lineKey: expect.any(Number),
      waitlistedAt: expect.any(Date),
    });
    expect(registration.waitlist?.joinedAt).toBe(row!.waitlistedAt!.toISOString());
    // Its links are kept, no place is taken, no dues are owed yet.
    const optionLinks = await db()
      .select()
      .from(registrationCampingOptions)
      .where(eq(registrationCampingOptions.registrationId, registration.id));
    expect(optionLinks.map((link) => link.campingOptionId).sort()).toEqual([cabin, tent].sort());
    const jobLinks = await db()
      .select()
      .from(registrationJobs)
      .where(eq(registrationJobs.registrationId, registration.id));
    expect(jobLinks.map((link) => link.jobId)).toEqual([dishes]);
    expect(await counters()).toEqual(before);
    expect(await db().select().from(payments).where(eq(payments.registrationId, registration.id))).toEqual(
      [],
    );
    expect(await auditRowsOf(db(), registration.id)).toMatchObject([
      { actionType: 'WAITLIST_JOIN', adminUserId: null },
    ]);
    expect(await outboxSubjectsTo(db(), person.email)).toEqual([
      'Dust Camp: you joined the waitlist for 2027',
    ]);
    const [mail] = await outboxRowsTo(db(), person.email);
    expect(mail!.text).toContain('You are number 1 in line for "Cabin".');
    await expectCountersMatch(db(), YEAR);

    // The same read answers it on the dashboard.
    const mine = await camp.t.app.inject({
      method: 'GET',
      url: '/api/registrations/me',
      headers: person.headers,
    });
    expect(mine.json<Registration[]>()[0]!.waitlist).toEqual(registration.waitlist);
  });

  it('refuses a full option without a waitlist (409), and any full option without joinWaitlist', async () => {
    const before = await counters();
    const person = await insertSignedInPerson(camp);
    const noWaitlist = await submitCamp(camp, person, { campingOptions: [yurt], joinWaitlist: true });
    expect(noWaitlist.statusCode).toBe(409);
    expect(messageOf(noWaitlist)).toBe(WAITLIST_MESSAGES.optionFullNoWaitlist('Yurt'));
    const both = await submitCamp(camp, person, { campingOptions: [cabin, yurt], joinWaitlist: true });
    expect(both.statusCode).toBe(409);
    expect(messageOf(both)).toBe('"Yurt" is full and has no waitlist');
    const notAsked = await submitCamp(camp, person, { campingOptions: [cabin] });
    expect(notAsked.statusCode).toBe(409);
    expect(messageOf(notAsked)).toBe('"Cabin" is full');
    expect(await db().select().from(registrations).where(eq(registrations.userId, person.id))).toEqual([]);
    expect(await counters()).toEqual(before);

    // Nothing full: joinWaitlist changes nothing.
    const normal = await submitCamp(camp, person, { campingOptions: [tent], joinWaitlist: true });
    expect(normal.statusCode, normal.body).toBe(201);
    expect(normal.json<{ registration: Registration }>().registration).toMatchObject({
      status: 'CONFIRMED',
      waitlist: null,
    });
    await expectCountersMatch(db(), YEAR);
  });

  it('gives three people positions in join order, per option', async () => {
    const people = [
      await insertSignedInPerson(camp),
      await insertSignedInPerson(camp),
      await insertSignedInPerson(camp),
    ];
    const joined: Registration[] = [];
    for (const person of people) joined.push(await join(person));
    const ids = joined.map((registration) => registration.id);
    const listed = await camp.call('GET', `/api/registrations?year=${YEAR}`, camp.admin);
    expect(listed.statusCode).toBe(200);
    const positions = listed
      .json<Registration[]>()
      .filter((registration) => ids.includes(registration.id))
      .map(
        (registration) =>
          [registration.id, registration.waitlist?.positions.map((line) => line.position)] as const,
      );
    // Wanda (the first test) is first in the cabin's line.
    expect(new Map(positions)).toEqual(
      new Map([
        [ids[0], [2]],
        [ids[1], [3]],
        [ids[2], [4]],
      ]),
    );
    expect(joined.map((registration) => registration.waitlist?.positions[0]?.position)).toEqual([2, 3, 4]);
  });

  it('lets only the owner leave the waitlist: cancelled, offer withdrawn, places back, a fill scheduled', async () => {
    const person = await insertSignedInPerson(camp);
    const registration = await join(person, [cabin, tent]);
    const leave = (id: string, who: { headers: Record<string, string> }) =>
      camp.t.app.inject({
        method: 'POST',
        url: `/api/registrations/${id}/leave-waitlist`,
        headers: who.headers,
      });

    // Someone else's: not found; an admin is not the owner either.
    const other = await insertSignedInPerson(camp);
    expect((await leave(registration.id, other)).statusCode).toBe(404);
    expect((await leave(registration.id, camp.admin)).statusCode).toBe(404);
    expect(messagesOf(await leave('nope', person))).toEqual(['Invalid registration id']);
    // Not on the waitlist.
    const confirmed = await submitCamp(camp, other, { campingOptions: [tent] });
    const notWaiting = await leave(confirmed.json<{ registration: Registration }>().registration.id, other);
    expect(notWaiting.statusCode).toBe(409);
    expect(messageOf(notWaiting)).toBe(WAITLIST_MESSAGES.notWaitlisted);
    expect((await registrationRow(db(), registration.id)).status).toBe('WAITLISTED');

    // An open offer holds the cabin and the tent; leaving withdraws it and gives them back.
    await db().delete(timedTasks);
    const offer = await offerTo(registration.id, [cabin, tent]);
    const held = await counters();
    const response = await leave(registration.id, person);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Registration>()).toMatchObject({ status: 'CANCELLED', waitlist: null });
    expect(await registrationRow(db(), registration.id)).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Left the waitlist',
      lineKey: null,
      waitlistedAt: null,
    });
    const [ended] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer));
    expect(ended).toMatchObject({ state: 'WITHDRAWN', decidedBy: person.id });
    expect(await counters()).toEqual({ ...held, [cabin]: held[cabin]! - 1, [tent]: held[tent]! - 1 });
    expect(await pendingFills()).toEqual([YEAR]);
    expect((await auditRowsOf(db(), registration.id)).map((row) => row.actionType)).toContain(
      'WAITLIST_LEAVE',
    );
    expect(await outboxSubjectsTo(db(), person.email)).toContain('Dust Camp: you left the waitlist for 2027');
    expect((await leave(registration.id, person)).statusCode).toBe(409);
    await expectCountersMatch(db(), YEAR);
  });

  it('admin cancel of a waitlisted registration gives back nothing it did not hold', async () => {
    const person = await insertSignedInPerson(camp);
    const registration = await join(person);
    await db().delete(timedTasks);
    const before = await counters();
    const response = await camp.call('DELETE', `/api/admin/registrations/${registration.id}`, camp.admin, {
      reason: 'Changed plans',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await counters()).toEqual(before);
    expect(await registrationRow(db(), registration.id)).toMatchObject({
      status: 'CANCELLED',
      lineKey: null,
    });
    expect(await pendingFills()).toEqual([]);
    await expectCountersMatch(db(), YEAR);

    // With an open offer: the offer ends WITHDRAWN and its held option goes back to the line.
    const offered = await join(await insertSignedInPerson(camp));
    await offerTo(offered.id, [cabin]);
    const held = await counters();
    const cancelled = await camp.call('DELETE', `/api/admin/registrations/${offered.id}`, camp.admin, {
      reason: 'Changed plans',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await counters()).toEqual({ ...held, [cabin]: held[cabin]! - 1 });
    const offers = await db()
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.registrationId, offered.id));
    expect(offers.map((offer) => [offer.state, offer.decidedBy])).toEqual([['WITHDRAWN', camp.admin.userId]]);
    expect(await pendingFills()).toEqual([YEAR]);
    await expectCountersMatch(db(), YEAR);
  });

  it('admin edit off the waitlist takes the places an open offer did not hold; options cannot change meanwhile', async () => {
    const registration = await join(await insertSignedInPerson(camp), [cabin, tent]);
    const offer = await offerTo(registration.id, [cabin, tent]);
    const edit = (body: unknown) =>
      camp.call('PUT', `/api/admin/registrations/${registration.id}`, camp.admin, body);
    const optionsEdit = await edit({ campingOptionIds: [tent] });
    expect(optionsEdit.statusCode).toBe(409);
    expect(messageOf(optionsEdit)).toBe(WAITLIST_MESSAGES.offerOpen);

    await db().delete(timedTasks);
    const held = await counters();
    const response = await edit({ status: 'PENDING' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Registration>()).toMatchObject({ status: 'PENDING', waitlist: null });
    // The offer's options were held already: only the job is taken now.
    expect(await counters()).toEqual({ ...held, [dishes]: held[dishes]! + 1 });
    const [ended] = await db().select().from(waitlistOffers).where(eq(waitlistOffers.id, offer));
    expect(ended).toMatchObject({ state: 'WITHDRAWN', decidedBy: camp.admin.userId });
    expect(await registrationRow(db(), registration.id)).toMatchObject({ lineKey: null, waitlistedAt: null });
    expect(await pendingFills()).toEqual([]);
    await expectCountersMatch(db(), YEAR);

    // Back to the waitlist: everything goes back, a fill is scheduled, the end of the line.
    const keys = await db()
      .select({ key: registrations.lineKey })
      .from(registrations)
      .where(and(eq(registrations.status, 'WAITLISTED'), inArray(registrations.year, [YEAR])));
    const back = await edit({ status: 'WAITLISTED' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await counters()).toEqual({ ...held, [cabin]: held[cabin]! - 1, [tent]: held[tent]! - 1 });
    expect(await pendingFills()).toEqual([YEAR]);
    const row = await registrationRow(db(), registration.id);
    expect(row!.lineKey).toBeGreaterThan(Math.max(...keys.map((entry) => entry.key ?? 0)));
    await expectCountersMatch(db(), YEAR);
  });
});
