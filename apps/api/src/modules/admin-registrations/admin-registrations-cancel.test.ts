import type {
  CampingOption,
  CancelRegistrationResponse,
  Job,
  Payment,
  RefundPaymentResponse,
  Registration,
} from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeStripe } from '../../../test/fake-stripe';
import {
  campingOptions,
  jobs,
  payments,
  refunds,
  registrationCampingOptions,
  registrationJobs,
  registrations,
} from '../../db/schema/index';
import {
  inCheckout as inCheckoutFor,
  paidByCard as paidByCardFor,
  startKitchenCamp,
  useStripeCamp,
} from '../../../test/camp-payments';
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
  submitCamp,
  registrationStatus,
} from '../../../test/camp-registrations';
import { type Camp, insertRegistration, messageOf, messagesOf } from '../../../test/camp';
import { insertWaitlisted, openOfferOf } from '../../../test/camp-waitlist';
import { outboxRowsTo, outboxSubjectsTo } from '../../../test/rows';

// DELETE /admin/registrations/{id}: the admin cancel (docs/product.md §5 Admin cancel, §4 audit action types).

const REASON = 'Left the playa before the burn';

describe('Admin registrations API: DELETE /admin/registrations/{id} (cancel)', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;
  let job: string;

  const db = () => camp.t.database.db;

  useStripeCamp(fake, startKitchenCamp, async (kitchen) => {
    ({ camp } = kitchen);
    const { category, tuesday } = kitchen;
    job = await adminKitchenJob(camp, {
      name: 'Dishes',
      categoryId: category,
      shiftId: tuesday,
      maxRegistrations: 5,
    });
    tent = await adminPost(camp, '/api/camping-options', {
      name: 'Tent Camping',
      participantDues: 125.5,
      workShiftsRequired: 1,
      maxSignups: 10,
      jobCategoryIds: [category],
    });
  });

  const cancel = (id: string, body: unknown, as: Camp['admin'] | null = camp.admin) =>
    camp.call('DELETE', `/api/admin/registrations/${id}`, as, body);

  /** Registers through the wizard's endpoint (places taken by the capacity code): answers the id. */
  async function register(person: Person): Promise<string> {
    const response = await submitCamp(camp, person, { campingOptions: [tent], jobs: [job] });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const [row] = await db()
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.userId, person.id), eq(registrations.status, 'PENDING')));
    if (!row) throw new Error('not registered');
    return row.id;
  }

  /** The places the GET endpoints show, and the stored counters checked against the rows. */
  async function places(): Promise<{ option: number; job: number }> {
    const option = await camp.call('GET', `/api/camping-options/${tent}`, camp.admin);
    const work = await camp.call('GET', `/api/jobs/${job}`, camp.admin);
    expect(option.statusCode, option.body).toBe(200);
    expect(work.statusCode, work.body).toBe(200);
    const [optionRow] = await db()
      .select({ current: campingOptions.currentRegistrations })
      .from(campingOptions)
      .where(eq(campingOptions.id, tent));
    const [jobRow] = await db()
      .select({ current: jobs.currentRegistrations })
      .from(jobs)
      .where(eq(jobs.id, job));
    expect(optionRow?.current).toBe(
      (await activePlaceCounts(OPTION_PLACES, [tent], db(), YEAR)).get(tent) ?? 0,
    );
    expect(jobRow?.current).toBe((await activePlaceCounts(JOB_PLACES, [job], db(), YEAR)).get(job) ?? 0);
    return {
      option: option.json<CampingOption>().currentRegistrations,
      job: work.json<Job>().currentRegistrations,
    };
  }

  const trail = (id: string) => auditTrail(camp, id);
  const statusOf = (id: string) => registrationStatus(camp, id);

  /** A registration whose dues are paid by card (Checkout, then the webhook): answers the payment row. */
  const paidByCard = () => paidByCardFor(camp, fake, [tent], 12550);
  const inCheckout = () => inCheckoutFor(camp, [tent], 12550);

  it('expires an open Checkout first, so a cancelled registration cannot be paid afterwards', async () => {
    const { registrationId } = await inCheckout();
    const session = fake.lastSession();
    const response = await cancel(registrationId, { reason: 'Cancelled while paying' });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.session(session.id).status).toBe('expired');
    const rows = await db().select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(rows.map((row) => [row.status, row.providerRefId])).toEqual([['FAILED', session.id]]);
  });

  it('refuses bad input, other roles and unknown or cancelled registrations, changing nothing', async () => {
    const person = await insertSignedInPerson(camp);
    const id = await register(person);
    const cases: Array<[unknown, string]> = [
      [{}, 'Please provide a reason for cancellation.'],
      [{ reason: '    ' }, 'Please provide a reason for cancellation.'],
      [{ reason: 'short' }, 'Reason must be at least 10 characters long.'],
      [{ reason: '   123456789   ' }, 'Reason must be at least 10 characters long.'],
      [{ reason: 'x'.repeat(1001) }, 'Reason must be at most 1000 characters'],
      [{ reason: REASON, sendNotification: 'yes' }, 'sendNotification must be true or false'],
      [{ reason: REASON, processRefund: 1 }, 'processRefund must be true or false'],
    ];
    for (const [body, message] of cases) {
      const response = await cancel(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(response)).toEqual([message]);
    }
    for (const who of [camp.staff, camp.participant]) {
      expect((await cancel(id, { reason: REASON }, who)).statusCode).toBe(403);
    }
    expect((await cancel(id, { reason: REASON }, null)).statusCode).toBe(401);
    const unknown = await cancel(randomUUID(), { reason: REASON });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Registration not found');
    expect(await statusOf(id)).toBe('PENDING');
    expect(await trail(id)).toEqual([]);

    const cancelled = await insertRegistration(db(), { status: 'CANCELLED', year: YEAR });
    const again = await cancel(cancelled, { reason: REASON });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('This registration is already cancelled.');
  });

  it('cancels: places freed, shifts and options removed, dues row dropped, audited once; the person registers again', async () => {
    const person = await insertSignedInPerson(camp);
    const before = await places();
    const id = await register(person);
    expect(await places()).toEqual({ option: before.option + 1, job: before.job + 1 });
    const duesRows = () => db().select().from(payments).where(eq(payments.registrationId, id));
    expect((await duesRows()).map((row) => [row.status, row.amountCents])).toEqual([['PENDING', 12550]]);

    const response = await cancel(id, { reason: `  ${REASON}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelRegistrationResponse>()).toEqual({
      registration: { id, status: 'CANCELLED' },
      refunds: [],
    });
    expect(await places()).toEqual(before);
    const [row] = await db().select().from(registrations).where(eq(registrations.id, id));
    expect(row).toMatchObject({ status: 'CANCELLED', cancellationReason: REASON });
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    expect(await db().select().from(registrationJobs).where(eq(registrationJobs.registrationId, id))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(registrationCampingOptions)
        .where(eq(registrationCampingOptions.registrationId, id)),
    ).toEqual([]);
    expect(await duesRows()).toEqual([]);

    const { types, byType } = await adminActionTrail(camp, id, REASON);
    expect(types).toEqual(['CAMPING_OPTION_REMOVE', 'REGISTRATION_CANCEL', 'WORK_SHIFT_REMOVE']);
    expect(byType.get('REGISTRATION_CANCEL')).toMatchObject({
      oldValues: {
        status: 'PENDING',
        campingOptions: ['Tent Camping'],
        jobs: ['Dishes (Tuesday lunch, Tuesday)'],
      },
      newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
    });
    expect(byType.get('WORK_SHIFT_REMOVE')).toMatchObject({
      oldValues: { jobId: job, name: 'Dishes (Tuesday lunch, Tuesday)' },
      newValues: null,
    });
    expect(byType.get('CAMPING_OPTION_REMOVE')).toMatchObject({
      oldValues: { campingOptionId: tent, name: 'Tent Camping' },
      newValues: null,
    });
    // No notification asked, none written.
    expect(await outboxRowsTo(db(), person.email, '%cancelled%')).toEqual([]);

    const twice = await cancel(id, { reason: REASON });
    expect(twice.statusCode).toBe(400);
    expect(messageOf(twice)).toBe('This registration is already cancelled.');
    expect(await trail(id)).toHaveLength(3);

    // The place is free and the person may register again for the year.
    const again = await register(person);
    expect(again).not.toBe(id);
    expect(await places()).toEqual({ option: before.option + 1, job: before.job + 1 });
  });

  it("wakes the app's waitlist worker: the freed place is offered to the first in line at once, not at the next poll", async () => {
    // The worker polls every 15 s; the offer must come well before that (decision 048).
    const full = await adminPost(camp, '/api/camping-options', { name: 'Hammock Grove', maxSignups: 1 });
    const holder = await insertSignedInPerson(camp);
    const submitted = await submitCamp(camp, holder, { campingOptions: [full] });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const holderId = submitted.json<{ registration: Registration }>().registration.id;
    const waiting = await insertWaitlisted(db(), { year: YEAR, campingOptionIds: [full] });
    expect(await openOfferOf(db(), waiting)).toBeUndefined();

    const response = await cancel(holderId, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    await expect
      .poll(async () => (await openOfferOf(db(), waiting))?.state, { timeout: 5_000, interval: 50 })
      .toBe('OPEN');
    const [option] = await db().select().from(campingOptions).where(eq(campingOptions.id, full));
    expect(option).toMatchObject({ maxSignups: 1, currentRegistrations: 1 });
  });

  it('with sendNotification and processRefund: mail in the outbox, every completed payment refunded under the same transactionId', async () => {
    const { person, registrationId, payment, paymentIntent } = await paidByCard();
    const reason = 'Asked to leave <b>& not return</b>';
    const response = await cancel(registrationId, { reason, sendNotification: true, processRefund: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelRegistrationResponse>()).toEqual({
      registration: { id: registrationId, status: 'CANCELLED' },
      refunds: [{ paymentId: payment.id, amount: 125.5, status: 'SUCCEEDED', message: null }],
    });
    const stripeRefunds = [...fake.refunds.values()].filter((r) => r.metadata.paymentId === payment.id);
    expect(stripeRefunds).toHaveLength(1);
    expect(stripeRefunds[0]).toMatchObject({ amount: 12550, payment_intent: paymentIntent });
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('REFUNDED');

    const records = await trail(registrationId);
    // The refund asked for (in the cancel's transaction), then made.
    expect(records.map((record) => record.actionType).sort()).toEqual([
      'CAMPING_OPTION_REMOVE',
      'PAYMENT_REFUND',
      'PAYMENT_REFUND',
      'REGISTRATION_CANCEL',
    ]);
    expect(
      records
        .filter((record) => record.actionType === 'PAYMENT_REFUND')
        .map((record) => record.newValues?.['refundStatus'])
        .sort(),
    ).toEqual(['PENDING', 'SUCCEEDED']);
    expect(new Set(records.map((record) => record.transactionId)).size).toBe(1);

    const [notice, ...more] = await outboxRowsTo(db(), person.email, '%cancelled%');
    expect(more).toEqual([]);
    expect(notice?.subject).toBe(`Dust Camp: your registration for ${YEAR} has been cancelled`);
    expect(notice?.text).toContain(`Reason: ${reason}`);
    expect(notice?.html).toContain('Reason: Asked to leave &#60;b&#62;&#38; not return&#60;/b&#62;');
    expect(notice?.html).not.toContain('<b>');
    expect(await outboxRowsTo(db(), person.email, '%refund of $125.50')).toHaveLength(1);
  });

  it('a refund that fails leaves the cancel done and says so: FAILED when Stripe refuses, PENDING when unreachable', async () => {
    const outcomes = [
      {
        failure: 'failRefunds',
        status: 'FAILED',
        message: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      },
      {
        failure: 'down',
        status: 'PENDING',
        message: 'The payment service is not reachable right now. Please try again in a few minutes.',
      },
    ] as const;
    const cancelled: Array<Awaited<ReturnType<typeof paidByCard>>> = [];
    for (const { failure, status, message } of outcomes) {
      const paid = await paidByCard();
      fake[failure] = true;
      const response = await cancel(paid.registrationId, { reason: REASON, processRefund: true });
      fake[failure] = false;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CancelRegistrationResponse>().refunds).toEqual([
        { paymentId: paid.payment.id, amount: 125.5, status, message },
      ]);
      expect(await statusOf(paid.registrationId)).toBe('CANCELLED');
      cancelled.push(paid);
    }
    for (const { payment } of cancelled) {
      const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
      expect(row?.status).toBe('COMPLETED');
    }
    // No notification asked: none written.
    expect(await outboxRowsTo(db(), cancelled[0]!.person.email, '%cancelled%')).toEqual([]);
  });

  const refundRowsOf = (paymentId: string) =>
    db().select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.createdAt);
  const retry = (paymentId: string, refundId: string, as: Camp['admin'] | null = camp.admin) =>
    camp.call('POST', `/api/admin/payments/${paymentId}/refunds/${refundId}/retry`, as);
  const stripeRefundsOf = (paymentId: string) =>
    [...fake.refunds.values()].filter((r) => r.metadata.paymentId === paymentId);

  it('a refund Stripe refuses is kept FAILED on the payment, in the audit trail and for the person; Retry makes it once', async () => {
    const { person, registrationId, payment } = await paidByCard();
    const receipts = await outboxSubjectsTo(db(), person.email);
    fake.failRefunds = true;
    const response = await cancel(registrationId, { reason: REASON, processRefund: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(registrationId)).toBe('CANCELLED');

    // Durable on the payment: the refund row with its state, amount, reason, attempts and time.
    const [failed, ...others] = await refundRowsOf(payment.id);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({
      status: 'FAILED',
      amountCents: 12550,
      reason: REASON,
      failureReason: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      attempts: 1,
      retries: 0,
    });
    expect(failed?.lastAttemptAt).toBeInstanceOf(Date);
    if (!failed) throw new Error('no refund row');

    // The audit trail: asked for in the cancel's transaction, then refused, in the same group.
    const records = await trail(registrationId);
    const refundRecords = records.filter((record) => record.actionType === 'PAYMENT_REFUND');
    expect(refundRecords.map((record) => record.newValues)).toEqual([
      {
        paymentId: payment.id,
        status: 'COMPLETED',
        refundedAmount: 0,
        refund: 125.5,
        refundStatus: 'FAILED',
        failureReason: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      },
      {
        paymentId: payment.id,
        status: 'COMPLETED',
        refundedAmount: 0,
        refund: 125.5,
        refundStatus: 'PENDING',
      },
    ]);
    expect(new Set(records.map((record) => record.transactionId)).size).toBe(1);

    // The person sees the failed refund on their payment.
    const own = await camp.t.app.inject({ method: 'GET', url: '/api/payments', headers: person.headers });
    expect(own.statusCode).toBe(200);
    const [mine] = own.json<{ payments: Payment[] }>().payments.filter((p) => p.id === payment.id);
    expect(mine?.status).toBe('COMPLETED');
    expect(mine?.refunds.map((refund) => [refund.status, refund.amount, refund.attempts])).toEqual([
      ['FAILED', 125.5, 1],
    ]);

    // And on the cancelled registration of their dashboard: the payment's refund FAILED.
    const dashboard = await camp.t.app.inject({
      method: 'GET',
      url: '/api/registrations/me',
      headers: person.headers,
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const [cancelled] = dashboard.json<Registration[]>().filter((r) => r.id === registrationId);
    expect(cancelled?.payments.map((p) => [p.id, p.status, p.refundStatus])).toEqual([
      [payment.id, 'COMPLETED', 'FAILED'],
    ]);

    // Retry while Stripe still refuses: 502, still FAILED, one more attempt, audited again.
    const refusedAgain = await retry(payment.id, failed.id);
    expect(refusedAgain.statusCode).toBe(502);
    expect(messageOf(refusedAgain)).toBe(
      'Stripe refused the refund. Check the payment in the Stripe dashboard.',
    );
    expect((await refundRowsOf(payment.id)).map((row) => [row.status, row.attempts, row.retries])).toEqual([
      ['FAILED', 2, 1],
    ]);
    // Each retry asks Stripe under a key of its own (Stripe keeps a refusal under its key).
    expect(
      fake.requests
        .filter((r) => r.path === '/v1/refunds' && r.idempotencyKey?.includes(failed.id))
        .map((r) => r.idempotencyKey),
    ).toEqual([`refund-${failed.id}`, `refund-${failed.id}-retry-1`]);

    fake.failRefunds = false;
    const retried = await retry(payment.id, failed.id);
    expect(retried.statusCode, retried.body).toBe(200);
    const body = retried.json<RefundPaymentResponse>();
    expect(body.refund).toMatchObject({
      id: failed.id,
      status: 'SUCCEEDED',
      failureReason: null,
      attempts: 3,
    });
    expect(body.payment).toMatchObject({ status: 'REFUNDED', refundedAmount: 125.5 });
    expect(stripeRefundsOf(payment.id)).toHaveLength(1);

    // Pressed again: answered as it is, nothing more refunded.
    const again = await retry(payment.id, failed.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<RefundPaymentResponse>().refund.status).toBe('SUCCEEDED');
    expect(stripeRefundsOf(payment.id)).toHaveLength(1);
    const done = (await trail(registrationId)).filter(
      (record) => record.newValues?.['refundStatus'] === 'SUCCEEDED',
    );
    expect(done.map((record) => record.newValues?.['status'])).toEqual(['REFUNDED']);
    // No notification was asked for: nothing about the cancel or its refund is mailed.
    expect(await outboxSubjectsTo(db(), person.email)).toEqual(receipts);
  });

  it('two admins pressing Retry at once refund once', async () => {
    const { registrationId, payment } = await paidByCard();
    fake.failRefunds = true;
    expect((await cancel(registrationId, { reason: REASON, processRefund: true })).statusCode).toBe(200);
    fake.failRefunds = false;
    const [failed] = await refundRowsOf(payment.id);
    if (!failed) throw new Error('no refund row');
    const answers = await Promise.all([retry(payment.id, failed.id), retry(payment.id, failed.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<RefundPaymentResponse>().refund.status)).toEqual([
      'SUCCEEDED',
      'SUCCEEDED',
    ]);
    expect(stripeRefundsOf(payment.id)).toHaveLength(1);
    expect((await refundRowsOf(payment.id)).map((row) => [row.status, row.retries])).toEqual([
      ['SUCCEEDED', 1],
    ]);
    const done = (await trail(registrationId)).filter(
      (record) => record.newValues?.['refundStatus'] === 'SUCCEEDED',
    );
    expect(done).toHaveLength(1);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('REFUNDED');
  });

  it('processRefund without sendNotification: the refund is made and audited, and nothing is mailed', async () => {
    const { person, registrationId, payment } = await paidByCard();
    const receipts = await outboxSubjectsTo(db(), person.email);
    const response = await cancel(registrationId, {
      reason: REASON,
      processRefund: true,
      sendNotification: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelRegistrationResponse>().refunds).toEqual([
      { paymentId: payment.id, amount: 125.5, status: 'SUCCEEDED', message: null },
    ]);
    expect(stripeRefundsOf(payment.id)).toHaveLength(1);
    expect((await trail(registrationId)).filter((r) => r.actionType === 'PAYMENT_REFUND')).toHaveLength(2);
    expect(await outboxSubjectsTo(db(), person.email)).toEqual(receipts);
    expect(await outboxRowsTo(db(), person.email, '%refund%')).toEqual([]);
  });

  it('a manual payment is refunded by hand at once; card refunds with Stripe off are refused, changing nothing', async () => {
    const person = await insertSignedInPerson(camp);
    const registrationId = await register(person);
    const manual = await camp.call('POST', '/api/admin/payments', camp.admin, {
      registrationId,
      amount: 50,
      method: 'CHECK',
      reference: 'Check 1042',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const manualId = manual.json<Payment>().id;
    const response = await cancel(registrationId, { reason: REASON, processRefund: true });
    expect(response.statusCode, response.body).toBe(200);
    // Made by hand: nothing for Stripe to do, so nothing reported back.
    expect(response.json<CancelRegistrationResponse>().refunds).toEqual([]);
    expect((await refundRowsOf(manualId)).map((row) => [row.status, row.amountCents, row.attempts])).toEqual([
      ['SUCCEEDED', 5000, 0],
    ]);
    const [row] = await db().select().from(payments).where(eq(payments.id, manualId));
    expect(row?.status).toBe('REFUNDED');

    const card = await paidByCard();
    await configure(camp, { stripeEnabled: false });
    try {
      const refused = await cancel(card.registrationId, { reason: REASON, processRefund: true });
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe(
        'Card payments cannot be refunded while Stripe payments are not configured. Cancel without the ' +
          'refund, or set up Stripe in Site Configuration first.',
      );
      expect(await statusOf(card.registrationId)).toBe('CONFIRMED');
      expect(await refundRowsOf(card.payment.id)).toEqual([]);
      expect(await trail(card.registrationId)).toEqual([]);
    } finally {
      await configure(camp, { stripeEnabled: true });
    }
  });

  it('Retry of a refund Stripe did not answer asks again under the same key; bad ids and other roles change nothing', async () => {
    const { registrationId, payment } = await paidByCard();
    fake.down = true;
    expect((await cancel(registrationId, { reason: REASON, processRefund: true })).statusCode).toBe(200);
    const [pending] = await refundRowsOf(payment.id);
    if (!pending) throw new Error('no refund row');
    expect(pending).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      failureReason: 'The payment service is not reachable right now. Please try again in a few minutes.',
    });
    const stillDown = await retry(payment.id, pending.id);
    expect(stillDown.statusCode).toBe(503);
    expect(messageOf(stillDown)).toBe(
      'The payment service is not reachable right now. Please try again in a few minutes.',
    );
    fake.down = false;

    for (const who of [camp.staff, camp.participant]) {
      expect((await retry(payment.id, pending.id, who)).statusCode).toBe(403);
    }
    expect((await retry(payment.id, pending.id, null)).statusCode).toBe(401);
    const badId = await camp.call(
      'POST',
      `/api/admin/payments/${payment.id}/refunds/not-a-uuid/retry`,
      camp.admin,
    );
    expect(badId.statusCode).toBe(400);
    expect(messagesOf(badId)).toEqual(['Refund id must be a UUID']);
    const unknown = await retry(payment.id, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Refund not found');
    const otherPayment = await retry(randomUUID(), pending.id);
    expect(otherPayment.statusCode).toBe(404);
    expect((await refundRowsOf(payment.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['PENDING', 2],
    ]);

    const done = await retry(payment.id, pending.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<RefundPaymentResponse>().refund).toMatchObject({ status: 'SUCCEEDED', attempts: 3 });
    // Every ask was under the refund's one key: Stripe made it once.
    expect(
      new Set(
        fake.requests
          .filter((r) => r.path === '/v1/refunds' && r.idempotencyKey?.includes(pending.id))
          .map((r) => r.idempotencyKey),
      ),
    ).toEqual(new Set([`refund-${pending.id}`]));
    expect(stripeRefundsOf(payment.id)).toHaveLength(1);
  });
});
