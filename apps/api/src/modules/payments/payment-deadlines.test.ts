import {
  ADMIN_REGISTRATION_MESSAGES,
  formatDateTimeInZone,
  PAYMENT_DEADLINE_MAILS,
  PAYMENT_DEADLINE_MESSAGES,
  PAYMENT_DEADLINE_TEXTS,
  type Registration,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messagesOf } from '../../../test/camp';
import { adminPost, configure, insertSignedInPerson, YEAR } from '../../../test/camp-registrations';
import {
  cancelHolder,
  insertWaitlisted,
  openOfferOf,
  waitlistWorker,
  startQuietWaitlistCamp,
} from '../../../test/camp-waitlist';
import { campingOptions, payments, registrations, timedTasks } from '../../db/schema/index';
import { recountPlaces } from '../registrations/capacity';
import { PaymentDeadlineWorker } from './deadline-worker';
import { setPayBy, setPayByMany } from './deadlines';
import {
  auditRowsOf,
  expectCountersMatch,
  outboxRowsTo,
  registrationRow as registrationRowOf,
} from '../../../test/rows';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/Los_Angeles';

describe('payment deadlines (docs/product.md §10)', () => {
  let camp: Camp;
  let names = 0;

  beforeAll(async () => {
    // The app's own workers stay out of the way: these tests drain with workers of their own, on their clocks.
    camp = await startQuietWaitlistCamp({ timeZone: ZONE });
    await camp.t.app.services.paymentDeadlineWorker.stop();
  });
  afterAll(async () => {
    await camp?.close();
  });
  beforeEach(async () => {
    await configure(camp, { paymentDeadlineDays: 7, paymentAutoRelease: false });
  });

  const db = () => camp.t.database.db;
  const option = async (maxSignups: number, participantDues: number) => {
    names += 1;
    const name = `Deadline option ${names}`;
    return { id: await adminPost(camp, '/api/camping-options', { name, maxSignups, participantDues }), name };
  };
  /** A PENDING registration of a signed-in person holding its places (counters recounted), owing its dues. */
  const pending = async (campingOptionIds: string[]) => {
    const person = await insertSignedInPerson(camp);
    const id = await insertRegistration(db(), {
      status: 'PENDING',
      year: YEAR,
      userId: person.id,
      campingOptionIds,
    });
    await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds, jobIds: [] }));
    return { ...person, registrationId: id };
  };
  const row = (id: string) => registrationRowOf(db(), id);
  const setRow = (id: string, values: Partial<typeof registrations.$inferInsert>) =>
    db().update(registrations).set(values).where(eq(registrations.id, id));
  const mailsTo = (email: string) => outboxRowsTo(db(), email);
  const auditsOf = (registrationId: string, actionType: 'PLACE_RELEASE') =>
    auditRowsOf(db(), registrationId, actionType);
  const worker = (now: () => Date = () => new Date()) =>
    new PaymentDeadlineWorker({
      db: db(),
      log: camp.t.app.log,
      publicUrl: camp.t.app.env.publicUrl,
      outbox: { kick: () => undefined },
      waitlist: { kick: () => undefined },
      payments: camp.t.app.services.payments,
      now,
      pollMs: 3_600_000,
    });
  const release = (id: string, who = camp.admin) =>
    camp.call('POST', `/api/admin/registrations/${id}/release`, who);

  it('describes the overdue list and the release in the OpenAPI document, with their schemas', async () => {
    const response = await camp.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    expect(Object.keys(paths['/api/admin/payments/overdue']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/admin/registrations/{id}/release']!)).toEqual(['post']);
    expect(Object.keys(paths['/api/admin/registrations/{id}/release']!.post!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '503',
    ]);
  });

  describe('Site Configuration', () => {
    it('takes a deadline of 1 to 90 days or none, and the auto-release switch, and refuses anything else', async () => {
      for (const value of [0, 91, 2.5, '7']) {
        const refused = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
          paymentDeadlineDays: value,
        });
        expect(refused.statusCode).toBe(400);
        expect(messagesOf(refused)).toEqual([PAYMENT_DEADLINE_MESSAGES.deadlineDays]);
      }
      const badSwitch = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        paymentAutoRelease: 'yes',
      });
      expect(badSwitch.statusCode).toBe(400);
      expect(messagesOf(badSwitch)).toEqual([PAYMENT_DEADLINE_MESSAGES.autoRelease]);
      expect((await camp.call('GET', '/api/core-config/current', camp.admin)).json()).toMatchObject({
        paymentDeadlineDays: 7,
        paymentAutoRelease: false,
      });

      const saved = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        paymentDeadlineDays: 90,
        paymentAutoRelease: true,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ paymentDeadlineDays: 90, paymentAutoRelease: true });
      const cleared = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        paymentDeadlineDays: null,
      });
      expect(cleared.json()).toMatchObject({ paymentDeadlineDays: null, paymentAutoRelease: true });
      const staff = await camp.call('PATCH', '/api/core-config/current', camp.staff, {
        paymentDeadlineDays: 3,
      });
      expect(staff.statusCode).toBe(403);
    });
  });

  describe('setting and clearing pay_by', () => {
    /** A person waiting for a fresh option (dues `dues`) who is offered its one place. */
    const offered = async (dues: number) => {
      const tent = await option(1, dues);
      const held = await insertRegistration(db(), {
        status: 'CONFIRMED',
        year: YEAR,
        campingOptionIds: [tent.id],
      });
      await db().transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds: [tent.id], jobIds: [] }));
      const person = await insertSignedInPerson(camp);
      const registrationId = await insertWaitlisted(db(), {
        year: YEAR,
        userId: person.id,
        campingOptionIds: [tent.id],
      });
      await cancelHolder(db(), held);
      await waitlistWorker(camp).drain();
      const offer = await openOfferOf(db(), registrationId);
      return { person, registrationId, offerId: offer!.id };
    };
    const accept = (headers: { authorization: string }, offerId: string) =>
      camp.t.app.inject({
        method: 'POST',
        url: `/api/waitlist-offers/${offerId}/accept`,
        headers,
        payload: {},
      });

    it('sets pay_by to the deadline when an accepted offer leaves dues owed, and answers it as payBy', async () => {
      const { person, registrationId, offerId } = await offered(120);
      const before = Date.now();
      const accepted = await accept(person.headers, offerId);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = Date.now();
      const stored = await row(registrationId);
      expect(stored.status).toBe('PENDING');
      expect(stored.payRemindedAt).toBeNull();
      expect(stored.payBy!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY);
      expect(stored.payBy!.getTime()).toBeLessThanOrEqual(after + 7 * DAY);
      expect(accepted.json<Registration>().payBy).toBe(stored.payBy!.toISOString());
      const mine = await camp.t.app.inject({
        method: 'GET',
        url: '/api/registrations/me',
        headers: person.headers,
      });
      expect(mine.json<Registration[]>().map((registration) => registration.payBy)).toEqual([
        stored.payBy!.toISOString(),
      ]);
    });

    it('sets no deadline when the camp has none, or when nothing is owed', async () => {
      await configure(camp, { paymentDeadlineDays: null });
      const owing = await offered(120);
      expect((await accept(owing.person.headers, owing.offerId)).statusCode).toBe(200);
      expect(await row(owing.registrationId)).toMatchObject({ status: 'PENDING', payBy: null });

      await configure(camp, { paymentDeadlineDays: 7 });
      const free = await offered(0);
      const accepted = await accept(free.person.headers, free.offerId);
      expect(accepted.json<Registration>()).toMatchObject({ status: 'CONFIRMED', payBy: null });
      expect(await row(free.registrationId)).toMatchObject({ status: 'CONFIRMED', payBy: null });
    });

    it('keeps pay_by after a part payment, and clears it once the dues are paid in full', async () => {
      const tent = await option(5, 200);
      const person = await pending([tent.id]);
      const payBy = await db().transaction((tx) => setPayBy(tx, person.registrationId, new Date()));
      expect(payBy).not.toBeNull();
      const pay = (amount: number, reference: string) =>
        camp.call('POST', '/api/admin/payments', camp.admin, {
          registrationId: person.registrationId,
          amount,
          method: 'CASH',
          reference,
        });
      expect((await pay(50, 'part')).statusCode).toBe(201);
      expect((await row(person.registrationId)).payBy).toEqual(payBy);
      expect((await pay(150, 'rest')).statusCode).toBe(201);
      expect(await row(person.registrationId)).toMatchObject({ status: 'CONFIRMED', payBy: null });
    });

    it('clears pay_by when the registration is cancelled', async () => {
      const tent = await option(5, 200);
      const person = await pending([tent.id]);
      await db().transaction((tx) => setPayBy(tx, person.registrationId, new Date()));
      const cancelled = await camp.call(
        'DELETE',
        `/api/admin/registrations/${person.registrationId}`,
        camp.admin,
        {
          reason: 'Changed their plans',
        },
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await row(person.registrationId)).toMatchObject({ status: 'CANCELLED', payBy: null });
    });
  });

  describe('many at once (the draw): setPayByMany', () => {
    /** Registrations of every kind the rule tells apart, each in its own option so none shares a ledger. */
    const mixed = async () => {
      const owing = await pending([(await option(5, 120)).id]);
      const free = await pending([(await option(5, 0)).id]);
      const partlyPaid = await pending([(await option(5, 200)).id]);
      const paidUp = await pending([(await option(5, 90)).id]);
      const refunded = await pending([(await option(5, 60)).id]);
      const staff = await insertSignedInPerson(camp, { role: 'STAFF' });
      // Staff pay the staff rate: nothing here, though participants owe 75.
      const staffOption = await adminPost(camp, '/api/camping-options', {
        name: `Deadline staff option ${(names += 1)}`,
        maxSignups: 5,
        participantDues: 75,
        staffDues: 0,
      });
      const staffFree = await insertRegistration(db(), {
        status: 'PENDING',
        year: YEAR,
        userId: staff.id,
        campingOptionIds: [staffOption],
      });
      const confirmedOption = (await option(5, 120)).id;
      const confirmed = await insertRegistration(db(), {
        status: 'CONFIRMED',
        year: YEAR,
        campingOptionIds: [confirmedOption],
      });
      await db().transaction((tx) =>
        recountPlaces(tx, YEAR, { campingOptionIds: [staffOption, confirmedOption], jobIds: [] }),
      );
      const paid = (
        person: { id: string; registrationId: string },
        cents: number,
        status: 'COMPLETED' | 'REFUNDED',
      ) =>
        db().insert(payments).values({
          userId: person.id,
          registrationId: person.registrationId,
          amountCents: cents,
          status,
          provider: 'MANUAL',
          method: 'CASH',
        });
      await paid(partlyPaid, 5_000, 'COMPLETED');
      await paid(paidUp, 9_000, 'COMPLETED');
      await paid(refunded, 6_000, 'REFUNDED');
      return [
        owing.registrationId,
        free.registrationId,
        partlyPaid.registrationId,
        paidUp.registrationId,
        refunded.registrationId,
        staffFree,
        confirmed,
      ];
    };
    const deadlines = (ids: string[]) =>
      Promise.all(
        ids.map(async (id) => {
          const { payBy, payRemindedAt } = await row(id);
          return { id, payBy, payRemindedAt };
        }),
      );

    it('sets the same deadlines as setPayBy one by one, in one statement, and answers them', async () => {
      const ids = await mixed();
      const now = new Date('2027-02-01T10:00:00.000Z');
      const single = new Map<string, Date | null>();
      await db().transaction(async (tx) => {
        for (const id of ids) single.set(id, await setPayBy(tx, id, now));
      });
      const oneByOne = await deadlines(ids);
      // Back to no deadline, a reminder marked as sent: the batch must clear it as setPayBy does.
      for (const id of ids) await setRow(id, { payBy: null, payRemindedAt: now });
      const many = await db().transaction((tx) => setPayByMany(tx, ids, now));
      expect(await deadlines(ids)).toEqual(oneByOne.map((r) => (r.payBy ? r : { ...r, payRemindedAt: now })));

      const expected = new Date(now.getTime() + 7 * DAY);
      // Only those PENDING that still owe: the owing and the part-paid (a refunded payment still paid its dues).
      expect([...single].filter(([, payBy]) => payBy !== null)).toEqual([
        [ids[0], expected],
        [ids[2], expected],
      ]);
      expect(many).toEqual(
        new Map([
          [ids[0], expected],
          [ids[2], expected],
        ]),
      );
    });

    it('does nothing without a deadline configured, or for no registrations', async () => {
      const ids = await mixed();
      await configure(camp, { paymentDeadlineDays: null });
      expect(await db().transaction((tx) => setPayByMany(tx, ids, new Date()))).toEqual(new Map());
      expect((await deadlines(ids)).map((r) => r.payBy)).toEqual(ids.map(() => null));
      await configure(camp, { paymentDeadlineDays: 7 });
      expect(await db().transaction((tx) => setPayByMany(tx, [], new Date()))).toEqual(new Map());
    });
  });

  describe('the reminder', () => {
    it('goes once, 48 hours before the deadline, across ticks, two workers and a restart', async () => {
      const tent = await option(5, 80);
      const person = await pending([tent.id]);
      const start = new Date();
      const payBy = (await db().transaction((tx) => setPayBy(tx, person.registrationId, start)))!;
      // Only this deadline is near (the other tests' stay as they are).
      await db()
        .update(registrations)
        .set({ payBy: null })
        .where(ne(registrations.id, person.registrationId));

      // Too early: nothing.
      expect(await worker(() => new Date(payBy.getTime() - 49 * HOUR)).drain()).toEqual({
        reminded: 0,
        released: 0,
      });
      const due = () => new Date(payBy.getTime() - 47 * HOUR);
      const first = worker(due);
      const second = worker(due);
      const passes = await Promise.all([first.drain(), second.drain()]);
      expect(passes.map((pass) => pass.reminded).sort()).toEqual([0, 1]);
      expect(await first.drain()).toEqual({ reminded: 0, released: 0 });
      // A restarted process finds nothing to do.
      expect(await worker(due).drain()).toEqual({ reminded: 0, released: 0 });

      expect((await row(person.registrationId)).payRemindedAt).toEqual(due());
      const mails = await mailsTo(person.email);
      const deadline = formatDateTimeInZone(payBy, ZONE);
      expect(mails.map((mail) => mail.subject)).toEqual([
        PAYMENT_DEADLINE_MAILS.reminderSubject('Dust Camp', deadline),
      ]);
      expect(mails[0]!.text).toContain('Your dues for your place ($80.00) are due by');
      expect(mails[0]!.text).toContain(`${camp.t.app.env.publicUrl.replace(/\/$/, '')}/#/dashboard`);
    });

    it('sends nothing for a deadline already passed, or for one whose dues were paid', async () => {
      const tent = await option(5, 80);
      const late = await pending([tent.id]);
      await setRow(late.registrationId, { payBy: new Date(Date.now() - HOUR) });
      const paid = await pending([tent.id]);
      await setRow(paid.registrationId, { payBy: new Date(Date.now() + HOUR) });
      await camp.call('POST', '/api/admin/payments', camp.admin, {
        registrationId: paid.registrationId,
        amount: 80,
        method: 'CASH',
        reference: 'paid',
      });
      expect(await worker().drain()).toEqual({ reminded: 0, released: 0 });
      expect(await mailsTo(late.email)).toEqual([]);
      expect((await mailsTo(paid.email)).map((mail) => mail.subject)).toEqual([
        'Dust Camp: payment received ($80.00)',
      ]);
    });
  });

  describe('overdue places', () => {
    /** A PENDING registration owing $150 whose deadline passed `daysAgo` days ago, and one waiting for its option. */
    const overdue = async (daysAgo: number) => {
      const tent = await option(1, 150);
      const person = await pending([tent.id]);
      const payBy = new Date(Date.now() - daysAgo * DAY - HOUR);
      await setRow(person.registrationId, { payBy });
      return { tent, person, payBy };
    };

    it('lists PENDING registrations past their deadline with dues owed, to admins only', async () => {
      const { tent, person, payBy } = await overdue(2);
      const notYet = await pending([(await option(5, 150)).id]);
      await setRow(notYet.registrationId, { payBy: new Date(Date.now() + DAY) });

      const listed = await camp.call('GET', '/api/admin/payments/overdue', camp.admin);
      expect(listed.statusCode).toBe(200);
      const mine = listed
        .json<{ registrations: Array<{ registrationId: string }> }>()
        .registrations.filter((entry) =>
          [person.registrationId, notYet.registrationId].includes(entry.registrationId),
        );
      const [user] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.id, person.registrationId));
      expect(mine).toEqual([
        {
          registrationId: person.registrationId,
          year: YEAR,
          user: { id: user!.userId, email: person.email, firstName: 'Camper', lastName: expect.any(String) },
          campingOptions: [tent.name],
          owed: 150,
          payBy: payBy.toISOString(),
          overdueDays: 2,
        },
      ]);
      for (const who of [camp.participant, camp.staff]) {
        expect((await camp.call('GET', '/api/admin/payments/overdue', who)).statusCode).toBe(403);
      }
      expect((await camp.call('GET', '/api/admin/payments/overdue', null)).statusCode).toBe(401);
    });

    it('releases an overdue place: cancelled, places freed for the line, audited, the person mailed', async () => {
      const { tent, person, payBy } = await overdue(1);
      const next = await insertSignedInPerson(camp);
      const nextId = await insertWaitlisted(db(), {
        year: YEAR,
        userId: next.id,
        campingOptionIds: [tent.id],
      });
      await db().delete(timedTasks);

      for (const who of [camp.participant, camp.staff]) {
        const refused = await release(person.registrationId, who);
        expect(refused.statusCode).toBe(403);
      }
      expect((await release(person.registrationId, null as never)).statusCode).toBe(401);
      expect((await row(person.registrationId)).status).toBe('PENDING');

      const released = await release(person.registrationId);
      expect(released.statusCode, released.body).toBe(200);
      expect(released.json()).toEqual({ registration: { id: person.registrationId, status: 'CANCELLED' } });
      expect(await row(person.registrationId)).toMatchObject({
        status: 'CANCELLED',
        cancellationReason: PAYMENT_DEADLINE_TEXTS.releasedReason,
        payBy: null,
      });
      const [counted] = await db().select().from(campingOptions).where(eq(campingOptions.id, tent.id));
      expect(counted!.currentRegistrations).toBe(0);
      await expectCountersMatch(db(), YEAR);
      expect(
        (await db().select().from(timedTasks)).map((task) => ({
          kind: task.kind,
          year: task.year,
          state: task.state,
        })),
      ).toEqual([{ kind: 'WAITLIST_FILL', year: YEAR, state: 'PENDING' }]);
      const audits = await auditsOf(person.registrationId, 'PLACE_RELEASE');
      expect(
        audits.map((audit) => [audit.adminUserId, audit.reason, audit.oldValues, audit.newValues]),
      ).toEqual([
        [
          camp.admin.userId,
          PAYMENT_DEADLINE_TEXTS.releasedReason,
          { status: 'PENDING', campingOptions: [tent.name], jobs: [] },
          { status: 'CANCELLED', campingOptions: [], jobs: [] },
        ],
      ]);
      const mails = await mailsTo(person.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        PAYMENT_DEADLINE_MAILS.releasedSubject('Dust Camp'),
      ]);
      expect(mails[0]!.text).toContain(
        PAYMENT_DEADLINE_MAILS.releasedLines(formatDateTimeInZone(payBy, ZONE))[0],
      );

      // The next in line is offered the place.
      await waitlistWorker(camp).drain();
      expect(await openOfferOf(db(), nextId)).toMatchObject({ state: 'OPEN' });

      // Once is all: a second release is refused.
      const again = await release(person.registrationId);
      expect(again.statusCode).toBe(409);
      expect(messagesOf(again)).toEqual([PAYMENT_DEADLINE_MESSAGES.notOverdue]);
    });

    it('refuses a place whose deadline has not passed or whose dues are paid (409), changing nothing', async () => {
      const early = await pending([(await option(5, 150)).id]);
      await setRow(early.registrationId, { payBy: new Date(Date.now() + HOUR) });
      const none = await pending([(await option(5, 150)).id]);
      const { person: paid } = await overdue(1);
      await camp.call('POST', '/api/admin/payments', camp.admin, {
        registrationId: paid.registrationId,
        amount: 150,
        method: 'CHECK',
        reference: 'late but paid',
      });
      for (const id of [early.registrationId, none.registrationId, paid.registrationId]) {
        const refused = await release(id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: PAYMENT_DEADLINE_MESSAGES.notOverdue,
        });
        expect(await auditsOf(id, 'PLACE_RELEASE')).toEqual([]);
      }
      expect((await row(early.registrationId)).status).toBe('PENDING');
      expect((await row(paid.registrationId)).status).toBe('CONFIRMED');
    });

    it('answers 404 for no such registration and 400 for an id that is not a UUID', async () => {
      const missing = await release(randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(messagesOf(missing)).toEqual([ADMIN_REGISTRATION_MESSAGES.notFound]);
      const bad = await release('not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual([ADMIN_REGISTRATION_MESSAGES.registrationId]);
    });

    it('is released by the worker itself, once across two workers, when the camp says so', async () => {
      const { person } = await overdue(1);
      // Only this one is overdue (the other tests' stay with their admins).
      await db()
        .update(registrations)
        .set({ payBy: null })
        .where(ne(registrations.id, person.registrationId));
      // Switch off: the worker leaves it for an admin.
      expect((await worker().drain()).released).toBe(0);
      expect((await row(person.registrationId)).status).toBe('PENDING');

      await configure(camp, { paymentAutoRelease: true });
      const passes = await Promise.all([worker().drain(), worker().drain()]);
      expect(passes.map((pass) => pass.released).sort()).toEqual([0, 1]);
      expect(await worker().drain()).toEqual({ reminded: 0, released: 0 });
      expect(await row(person.registrationId)).toMatchObject({
        status: 'CANCELLED',
        cancellationReason: PAYMENT_DEADLINE_TEXTS.releasedReason,
      });
      const audits = await auditsOf(person.registrationId, 'PLACE_RELEASE');
      expect(audits.map((audit) => audit.adminUserId)).toEqual([null]);
      expect((await mailsTo(person.email)).map((mail) => mail.subject)).toEqual([
        PAYMENT_DEADLINE_MAILS.releasedSubject('Dust Camp'),
      ]);
      await expectCountersMatch(db(), YEAR);
    });
  });
});
