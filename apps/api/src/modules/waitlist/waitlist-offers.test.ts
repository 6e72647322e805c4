import {
  formatDateTimeInZone,
  type Registration,
  REGISTRATION_MESSAGES,
  WAITLIST_MESSAGES,
} from '@camp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import {
  adminPost,
  adminShift,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import {
  cancelHolder,
  insertWaitlisted,
  offersOf,
  openOfferOf,
  pendingTasksOf,
  startQuietWaitlistCamp,
  waitlistWorker,
} from '../../../test/camp-waitlist';
import { payments, registrationJobs, timedTasks, waitlistOffers } from '../../db/schema/index';
import { recountPlaces } from '../registrations/capacity';
import {
  auditRowsOf,
  expectCountersMatch,
  outboxRowsTo,
  registrationRow as registrationRowOf,
} from '../../../test/rows';

const HOUR = 3_600_000;

describe('waitlist offers', () => {
  let camp: Camp;
  let gate: string;
  let monday: string;
  let names = 0;

  beforeAll(async () => {
    // The app's own worker stays out of the way: these tests drain with workers of their own, on their clocks.
    camp = await startQuietWaitlistCamp({ timeZone: 'America/Los_Angeles' });
    gate = await adminPost(camp, '/api/job-categories', { name: 'Gate', description: 'Greets arrivals' });
    monday = await adminShift(camp, 'Monday morning', 'MONDAY', '09:00', '13:00');
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  /** A camping option with a name of its own. */
  const option = (maxSignups: number, participantDues = 0) => {
    names += 1;
    return adminPost(camp, '/api/camping-options', { name: `Option ${names}`, maxSignups, participantDues });
  };
  /** A CONFIRMED registration holding its places (counters recounted, as a repair would). */
  const holder = async (campingOptionIds: string[], jobIds: string[] = []) => {
    const id = await insertRegistration(db(), { status: 'CONFIRMED', year: YEAR, campingOptionIds, jobIds });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds, jobIds }));
    return id;
  };
  /** A signed-in person waiting for the options (and shifts). */
  const waiting = async (campingOptionIds: string[], jobIds: string[] = []) => {
    const person = await insertSignedInPerson(camp);
    const id = await insertWaitlisted(db(), { year: YEAR, userId: person.id, campingOptionIds, jobIds });
    return { ...person, registrationId: id };
  };
  const registrationRow = (id: string) => registrationRowOf(db(), id);
  const mailsTo = (email: string) => outboxRowsTo(db(), email);
  const auditsOf = (registrationId: string) => auditRowsOf(db(), registrationId);
  const accept = (person: Pick<Person, 'headers'> | null, offerId: string, body: unknown = {}) =>
    camp.t.app.inject({
      method: 'POST',
      url: `/api/waitlist-offers/${offerId}/accept`,
      headers: person?.headers ?? {},
      payload: body as object,
    });
  const decline = (person: Pick<Person, 'headers'> | null, offerId: string) =>
    camp.t.app.inject({
      method: 'POST',
      url: `/api/waitlist-offers/${offerId}/decline`,
      headers: person?.headers ?? {},
    });
  const gateJob = (maxRegistrations: number) =>
    adminPost(camp, '/api/jobs', {
      name: `Gate Greeter ${(names += 1)}`,
      location: 'Front gate',
      categoryId: gate,
      shiftId: monday,
      maxRegistrations,
    });

  it('offers a freed place to the first in line, holds it for the hold time, and mails the deadline', async () => {
    const tent = await option(1);
    const held = await holder([tent]);
    const first = await waiting([tent]);
    const second = await waiting([tent]);
    const before = Date.now();
    await cancelHolder(db(), held);

    const pass = await waitlistWorker(camp).drain();
    expect(pass).toMatchObject({ fills: 1, offers: 1, failed: 0 });
    const offer = await openOfferOf(db(), first.registrationId);
    expect(offer).toMatchObject({ year: YEAR, state: 'OPEN', warnedAt: null, decidedAt: null });
    const held48 = offer!.expiresAt.getTime() - offer!.offeredAt.getTime();
    expect(held48).toBe(48 * HOUR);
    expect(offer!.offeredAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await offersOf(db(), second.registrationId)).toEqual([]);
    expect(await registrationRow(first.registrationId)).toMatchObject({ status: 'WAITLISTED' });
    // The held place is taken for everyone else.
    await expectCountersMatch(db(), YEAR);
    const newcomer = await insertSignedInPerson(camp);
    const refused = await submitCamp(camp, newcomer, { campingOptions: [tent] });
    expect(refused.statusCode).toBe(409);
    expect(messagesOf(refused)).toEqual([REGISTRATION_MESSAGES.optionFull('Option 1')]);

    const [mail] = await mailsTo(first.email);
    expect(mail?.subject).toBe('Dust Camp: a place is free for you');
    const deadline = formatDateTimeInZone(offer!.expiresAt, 'America/Los_Angeles');
    expect(deadline).toMatch(/ (PST|PDT)$/);
    expect(mail?.text).toContain(`We are holding it for you until ${deadline}.`);
    expect(mail?.text).toContain('A place is free for you: Option 1.');
    // The link opens the offer's panel on the dashboard.
    expect(mail?.text).toContain(
      `See your registration on your dashboard: http://localhost:3000/#/dashboard?offer=${offer!.id}\n`,
    );
    expect(mail?.html).toContain(`<a href="http://localhost:3000/#/dashboard?offer=${offer!.id}">`);
    expect((await auditsOf(first.registrationId)).map((row) => [row.actionType, row.adminUserId])).toEqual([
      ['WAITLIST_OFFER', null],
    ]);
    const [task] = await db().select().from(timedTasks).where(eq(timedTasks.year, YEAR));
    expect(task).toMatchObject({ state: 'DONE', attempts: 1, lastError: null });

    // Nobody is offered twice, and a fill with nothing free offers nothing.
    await cancelHolder(db(), await holder([await option(0)]));
    expect(await waitlistWorker(camp).drain()).toMatchObject({ fills: 1, offers: 0 });
    expect(await offersOf(db(), first.registrationId)).toHaveLength(1);
    expect(await offersOf(db(), second.registrationId)).toEqual([]);
  });

  it('passes over a candidate whose other option is full, who keeps their position', async () => {
    const tent = await option(1);
    const rv = await option(1);
    const tentHolder = await holder([tent]);
    await holder([rv]);
    const both = await waiting([tent, rv]);
    const tentOnly = await waiting([tent]);
    const keyBefore = (await registrationRow(both.registrationId)).lineKey;
    await cancelHolder(db(), tentHolder);
    expect(await waitlistWorker(camp).drain()).toMatchObject({ offers: 1 });
    expect(await openOfferOf(db(), both.registrationId)).toBeUndefined();
    expect(await openOfferOf(db(), tentOnly.registrationId)).toBeDefined();
    expect(await registrationRow(both.registrationId)).toMatchObject({
      status: 'WAITLISTED',
      lineKey: keyBefore,
    });
    await expectCountersMatch(db(), YEAR);
  });

  it('fills when an admin raises the limit, and only up to it', async () => {
    const tent = await option(1);
    await holder([tent]);
    const people = [await waiting([tent]), await waiting([tent]), await waiting([tent])];
    const raised = await camp.call('PATCH', `/api/camping-options/${tent}`, camp.admin, { maxSignups: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    const [task] = await pendingTasksOf(db(), YEAR);
    expect(task).toBeDefined();
    expect(await waitlistWorker(camp).drain()).toMatchObject({ offers: 2 });
    expect(await openOfferOf(db(), people[0]!.registrationId)).toBeDefined();
    expect(await openOfferOf(db(), people[1]!.registrationId)).toBeDefined();
    expect(await openOfferOf(db(), people[2]!.registrationId)).toBeUndefined();
    await expectCountersMatch(db(), YEAR);
  });

  it('warns once 12 hours before, then expires: the place goes to the next and the first goes to the end', async () => {
    const tent = await option(1);
    const held = await holder([tent]);
    const first = await waiting([tent]);
    const second = await waiting([tent]);
    await cancelHolder(db(), held);
    const start = new Date();
    expect(await waitlistWorker(camp, () => start).drain()).toMatchObject({ offers: 1, warned: 0 });

    // (The open offers of the tests before this one fall due on this clock too.)
    const nearly = new Date(start.getTime() + 37 * HOUR);
    const warnedPass = await waitlistWorker(camp, () => nearly).drain();
    expect(warnedPass.warned).toBeGreaterThanOrEqual(1);
    expect(warnedPass.expired).toBe(0);
    expect(await openOfferOf(db(), first.registrationId)).toMatchObject({ warnedAt: nearly });
    expect(await waitlistWorker(camp, () => nearly).drain()).toMatchObject({ warned: 0 });
    const warnings = (await mailsTo(first.email)).filter((mail) =>
      mail.subject.includes('runs out in 12 hours'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.subject).toBe('Dust Camp: your waitlist offer runs out in 12 hours');
    const warned = await openOfferOf(db(), first.registrationId);
    expect(warnings[0]?.text).toContain(`http://localhost:3000/#/dashboard?offer=${warned!.id}\n`);

    const late = new Date(start.getTime() + 48 * HOUR);
    const expiredPass = await waitlistWorker(camp, () => late).drain();
    expect(expiredPass.expired).toBeGreaterThanOrEqual(1);
    expect(expiredPass.offers).toBeGreaterThanOrEqual(1);
    const [ended] = await offersOf(db(), first.registrationId);
    expect(ended).toMatchObject({ state: 'EXPIRED', decidedBy: null });
    expect(await openOfferOf(db(), second.registrationId)).toBeDefined();
    const firstNow = await registrationRow(first.registrationId);
    expect(firstNow.status).toBe('WAITLISTED');
    expect(firstNow.lineKey!).toBeGreaterThan((await registrationRow(second.registrationId)).lineKey!);
    expect((await auditsOf(first.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_OFFER',
      'WAITLIST_EXPIRE',
    ]);
    const ranOut = (await mailsTo(first.email)).find(
      (mail) => mail.subject === 'Dust Camp: your waitlist offer has run out',
    );
    // Nothing left to open: the mail links to the dashboard itself.
    expect(ranOut?.text).toContain(
      'See your registration on your dashboard: http://localhost:3000/#/dashboard\n',
    );
    await expectCountersMatch(db(), YEAR);
  });

  it('accepting turns the registration PENDING with its dues, or CONFIRMED when nothing is owed', async () => {
    const paid = await option(1, 100);
    const free = await option(1);
    await cancelHolder(db(), await holder([paid]));
    await cancelHolder(db(), await holder([free]));
    const owes = await waiting([paid]);
    const owesNothing = await waiting([free]);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), owes.registrationId))!;

    const accepted = await accept(owes, offer.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Registration>()).toMatchObject({
      id: owes.registrationId,
      status: 'PENDING',
      amountOwed: 100,
    });
    expect(await registrationRow(owes.registrationId)).toMatchObject({
      status: 'PENDING',
      lineKey: null,
      waitlistedAt: null,
    });
    expect(await offersOf(db(), owes.registrationId)).toMatchObject([
      { state: 'ACCEPTED', decidedBy: owes.id },
    ]);
    expect(
      await db().select().from(payments).where(eq(payments.registrationId, owes.registrationId)),
    ).toMatchObject([{ amountCents: 10000, status: 'PENDING', provider: 'STRIPE' }]);
    expect((await mailsTo(owes.email)).map((mail) => mail.subject)).toContain(
      `Dust Camp: we received your registration for ${YEAR}`,
    );
    expect((await auditsOf(owes.registrationId)).map((row) => [row.actionType, row.adminUserId])).toEqual([
      ['WAITLIST_OFFER', null],
      ['WAITLIST_ACCEPT', null],
    ]);

    const freeOffer = (await openOfferOf(db(), owesNothing.registrationId))!;
    const confirmed = await accept(owesNothing, freeOffer.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Registration>()).toMatchObject({ status: 'CONFIRMED', amountOwed: 0 });
    expect(
      await db().select().from(payments).where(eq(payments.registrationId, owesNothing.registrationId)),
    ).toEqual([]);
    await expectCountersMatch(db(), YEAR);

    // It ended exactly once: a second answer finds it closed.
    const again = await accept(owes, offer.id);
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([WAITLIST_MESSAGES.offerClosed]);
    const declinedLate = await decline(owes, offer.id);
    expect(declinedLate.statusCode).toBe(409);
    expect(messagesOf(declinedLate)).toEqual([WAITLIST_MESSAGES.offerClosed]);
  });

  it('refuses an accept whose shift filled meanwhile and changes nothing, then accepts with other shifts', async () => {
    const tent = await option(1);
    const greeter = await gateJob(1);
    const greeterName = `Gate Greeter ${names}`;
    const other = await gateJob(5);
    await cancelHolder(db(), await holder([tent]));
    const person = await waiting([tent], [greeter]);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), person.registrationId))!;
    // Someone takes the last greeter place meanwhile.
    await holder([await option(0)], [greeter]);

    const refused = await accept(person, offer.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(messagesOf(refused)).toEqual([
      WAITLIST_MESSAGES.shiftsFullOnAccept,
      REGISTRATION_MESSAGES.jobFull(greeterName, 'MONDAY'),
    ]);
    expect(await openOfferOf(db(), person.registrationId)).toMatchObject({ id: offer.id });
    expect(await registrationRow(person.registrationId)).toMatchObject({ status: 'WAITLISTED' });
    expect(
      (
        await db()
          .select()
          .from(registrationJobs)
          .where(eq(registrationJobs.registrationId, person.registrationId))
      ).map((row) => row.jobId),
    ).toEqual([greeter]);
    await expectCountersMatch(db(), YEAR);

    // An unknown shift is 400, and changes nothing either.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bad = await accept(person, offer.id, { jobs: [unknown] });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual([REGISTRATION_MESSAGES.unknownJob(unknown)]);

    const accepted = await accept(person, offer.id, { jobs: [other] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const registration = accepted.json<Registration>();
    expect(registration.status).toBe('CONFIRMED');
    expect(registration.jobs.map((link) => link.job.id)).toEqual([other]);
    await expectCountersMatch(db(), YEAR);
  });

  it('declining cancels the registration and offers the place to the next in line', async () => {
    const tent = await option(1);
    await cancelHolder(db(), await holder([tent]));
    const first = await waiting([tent]);
    const second = await waiting([tent]);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), first.registrationId))!;

    const declined = await decline(first, offer.id);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Registration>()).toMatchObject({ status: 'CANCELLED' });
    expect(await registrationRow(first.registrationId)).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Declined a waitlist offer',
      lineKey: null,
    });
    expect(await offersOf(db(), first.registrationId)).toMatchObject([
      { state: 'DECLINED', decidedBy: first.id },
    ]);
    expect((await auditsOf(first.registrationId)).map((row) => row.actionType)).toEqual([
      'WAITLIST_OFFER',
      'WAITLIST_DECLINE',
    ]);
    expect(await waitlistWorker(camp).drain()).toMatchObject({ offers: 1 });
    expect(await openOfferOf(db(), second.registrationId)).toBeDefined();
    await expectCountersMatch(db(), YEAR);
  });

  it('lets only the offer’s person answer it; bad ids are 400, ended offers 409', async () => {
    const tent = await option(1);
    await cancelHolder(db(), await holder([tent]));
    const person = await waiting([tent]);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), person.registrationId))!;
    const stranger = await insertSignedInPerson(camp);

    for (const caller of [stranger, camp.admin, camp.staff, camp.participant]) {
      for (const response of [await accept(caller, offer.id), await decline(caller, offer.id)]) {
        expect(response.statusCode).toBe(404);
        expect(messagesOf(response)).toEqual([WAITLIST_MESSAGES.offerNotFound]);
      }
    }
    expect((await accept(null, offer.id)).statusCode).toBe(401);
    expect((await decline(null, offer.id)).statusCode).toBe(401);
    for (const response of [await accept(person, 'nope'), await decline(person, 'nope')]) {
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual(['Invalid offer id']);
    }
    const badBody = await accept(person, offer.id, { jobs: 'all', extra: 1 });
    expect(badBody.statusCode).toBe(400);
    const missing = await accept(person, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(await openOfferOf(db(), person.registrationId)).toMatchObject({ id: offer.id });

    // An open offer past its deadline is expired there and then.
    await db()
      .update(waitlistOffers)
      .set({ offeredAt: new Date(Date.now() - 3 * HOUR), expiresAt: new Date(Date.now() - HOUR) })
      .where(eq(waitlistOffers.id, offer.id));
    const late = await accept(person, offer.id);
    expect(late.statusCode).toBe(409);
    expect(messagesOf(late)).toEqual([WAITLIST_MESSAGES.offerExpired]);
    expect(await offersOf(db(), person.registrationId)).toMatchObject([{ state: 'EXPIRED' }]);
    const again = await decline(person, offer.id);
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)).toEqual([WAITLIST_MESSAGES.offerExpired]);
    expect(await registrationRow(person.registrationId)).toMatchObject({ status: 'WAITLISTED' });
    await expectCountersMatch(db(), YEAR);
  });

  it('keeps the offer hold time in the configuration, within its range', async () => {
    for (const value of [0, 721, 1.5, '48']) {
      const refused = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        offerHoldHours: value,
      });
      expect(refused.statusCode).toBe(400);
      expect(messagesOf(refused)).toEqual([WAITLIST_MESSAGES.offerHoldHours]);
    }
    const saved = await camp.call('PATCH', '/api/core-config/current', camp.admin, { offerHoldHours: 24 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ offerHoldHours: number }>().offerHoldHours).toBe(24);
    const tent = await option(1);
    await cancelHolder(db(), await holder([tent]));
    const person = await waiting([tent]);
    await waitlistWorker(camp).drain();
    const offer = (await openOfferOf(db(), person.registrationId))!;
    expect(offer.expiresAt.getTime() - offer.offeredAt.getTime()).toBe(24 * HOUR);
    await camp.call('PATCH', '/api/core-config/current', camp.admin, { offerHoldHours: 48 });
  });

  it('turns an option’s waitlist on and off', async () => {
    const created = await camp.call('POST', '/api/camping-options', camp.admin, {
      name: 'Switch',
      waitlistEnabled: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ waitlistEnabled: boolean }>().waitlistEnabled).toBe(false);
    const id = created.json<{ id: string }>().id;
    const changed = await camp.call('PATCH', `/api/camping-options/${id}`, camp.admin, {
      waitlistEnabled: true,
    });
    expect(changed.json<{ waitlistEnabled: boolean }>().waitlistEnabled).toBe(true);
    const bad = await camp.call('PATCH', `/api/camping-options/${id}`, camp.admin, {
      waitlistEnabled: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toEqual(['Waitlist when full must be true or false']);
  });
});
