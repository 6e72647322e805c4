import type { OwedRegistrationList, Payment, PublicConfig, RefundPaymentResponse } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/database';
import { FakeStripe } from '../../../test/fake-stripe';
import { auditRecords, emailOutbox, payments, refunds, registrations } from '../../db/schema/index';
import { configure, insertSignedInPerson, YEAR, submitCamp } from '../../../test/camp-registrations';
import {
  paidByCard as paidByCardFor,
  PUBLIC_URL,
  startTentCamp,
  useStripeCamp,
} from '../../../test/camp-payments';
import { type Camp, messageOf, messagesOf, startCamp } from '../../../test/camp';

describe('Admin payments API: refunds, charge.refunded, manual payments, dues owed', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;

  useStripeCamp(fake, startTentCamp, (started) => ({ camp, tent } = started));

  const db = () => camp.t.database.db;

  /** A person whose registration's dues (the tent, $125.50) are paid by card, through the webhook. */
  async function paidByCard() {
    const paid = await paidByCardFor(camp, fake, [tent], 12550);
    expect(paid.payment.paymentIntentId).toBe(paid.paymentIntent);
    return paid;
  }

  function refund(paymentId: string, body: Record<string, unknown>, as = camp.admin) {
    return camp.call('POST', `/api/admin/payments/${paymentId}/refunds`, as, body);
  }

  const refundRows = (paymentId: string) =>
    db().select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.createdAt);

  async function paymentStatus(paymentId: string) {
    const [row] = await db()
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row?.status;
  }

  describe('POST /admin/payments/{id}/refunds', () => {
    it('refunds part, then the rest: one Stripe refund each, audited, mailed; the payment REFUNDED at the end', async () => {
      const { person, registrationId, payment, paymentIntent } = await paidByCard();
      const partial = await refund(payment.id, { amount: 25.5, reason: 'Arrived two days late' });
      expect(partial.statusCode, partial.body).toBe(200);
      const first = partial.json<RefundPaymentResponse>();
      expect(first.payment).toMatchObject({
        id: payment.id,
        status: 'COMPLETED',
        amount: 125.5,
        refundedAmount: 25.5,
      });
      expect(first.refund).toMatchObject({
        paymentId: payment.id,
        amount: 25.5,
        status: 'SUCCEEDED',
        reason: 'Arrived two days late',
        source: 'ADMIN',
        admin: { id: camp.admin.userId },
      });
      const stripeRefund = fake.refunds.get(first.refund.providerRefId ?? '');
      expect(stripeRefund).toMatchObject({ amount: 2550, payment_intent: paymentIntent });
      expect(fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)).toContain(
        `refund-${first.refund.id}`,
      );

      const tooMuch = await refund(payment.id, { amount: 100.01, reason: 'More than what is left' });
      expect(tooMuch.statusCode).toBe(400);
      expect(messageOf(tooMuch)).toBe('The refund cannot be more than the $100.00 left on this payment');

      const rest = await refund(payment.id, { reason: 'Cancelled by the camp lead' });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json<RefundPaymentResponse>().payment).toMatchObject({
        status: 'REFUNDED',
        refundedAmount: 125.5,
      });
      expect(rest.json<RefundPaymentResponse>().refund.amount).toBe(100);

      const again = await refund(payment.id, { reason: 'Nothing is left to refund' });
      expect(again.statusCode).toBe(400);
      expect(messageOf(again)).toBe('Only completed payments can be refunded');

      expect((await refundRows(payment.id)).map((row) => [row.amountCents, row.status])).toEqual([
        [2550, 'SUCCEEDED'],
        [10000, 'SUCCEEDED'],
      ]);
      const audit = await db()
        .select()
        .from(auditRecords)
        .where(
          and(eq(auditRecords.registrationId, registrationId), eq(auditRecords.actionType, 'PAYMENT_REFUND')),
        )
        .orderBy(auditRecords.createdAt);
      expect(audit.map((row) => [row.adminUserId, row.reason, row.oldValues, row.newValues])).toEqual([
        [
          camp.admin.userId,
          'Arrived two days late',
          { paymentId: payment.id, status: 'COMPLETED', refundedAmount: 0 },
          {
            paymentId: payment.id,
            status: 'COMPLETED',
            refundedAmount: 25.5,
            refund: 25.5,
            refundStatus: 'SUCCEEDED',
            source: 'ADMIN',
          },
        ],
        [
          camp.admin.userId,
          'Cancelled by the camp lead',
          { paymentId: payment.id, status: 'COMPLETED', refundedAmount: 25.5 },
          {
            paymentId: payment.id,
            status: 'REFUNDED',
            refundedAmount: 125.5,
            refund: 100,
            refundStatus: 'SUCCEEDED',
            source: 'ADMIN',
          },
        ],
      ]);
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Dust Camp: payment received ($125.50)',
        'Dust Camp: refund of $100.00',
        'Dust Camp: refund of $25.50',
      ]);
      // A refund does not put dues back: nothing is PENDING, the registration stays CONFIRMED.
      const left = await db().select().from(payments).where(eq(payments.registrationId, registrationId));
      expect(left.map((row) => row.status)).toEqual(['REFUNDED']);
    });

    it('refuses bad input, other roles and unknown payments without writing anything', async () => {
      const { payment } = await paidByCard();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ reason: 'short' }, 'Reason must be at least 10 characters long.'],
        [{ reason: '   ' }, 'Please provide a reason for the refund.'],
        [{}, 'Please provide a reason for the refund.'],
        [{ amount: 0, reason: 'A long enough reason' }, 'Refund amount must be greater than 0'],
        [
          { amount: 1.234, reason: 'A long enough reason' },
          'Refund amount must be in whole cents (at most 2 decimal places)',
        ],
        [{ reason: 'A long enough reason', idempotencyKey: 'x' }, 'Idempotency key must be a UUID'],
      ];
      for (const [body, message] of cases) {
        const response = await refund(payment.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(messagesOf(response)).toEqual([message]);
      }
      for (const who of [camp.staff, camp.participant]) {
        expect((await refund(payment.id, { reason: 'A long enough reason' }, who)).statusCode).toBe(403);
      }
      const anonymous = await camp.call('POST', `/api/admin/payments/${payment.id}/refunds`, undefined, {
        reason: 'A long enough reason',
      });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await refund(randomUUID(), { reason: 'A long enough reason' });
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(unknown)).toBe('Payment not found');
      expect(await refundRows(payment.id)).toEqual([]);
      expect(await paymentStatus(payment.id)).toBe('COMPLETED');
    });

    it('one idempotency key refunds once, however often it is sent', async () => {
      const { payment } = await paidByCard();
      const body = { amount: 10, reason: 'Double-clicked refund', idempotencyKey: randomUUID() };
      const responses = [await refund(payment.id, body), await refund(payment.id, body)];
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(responses[1]?.json<RefundPaymentResponse>().refund.id).toBe(
        responses[0]?.json<RefundPaymentResponse>().refund.id,
      );
      expect((await refundRows(payment.id)).map((row) => row.amountCents)).toEqual([1000]);
      expect([...fake.refunds.values()].filter((r) => r.metadata.paymentId === payment.id)).toHaveLength(1);
    });

    it('Stripe unreachable: 503, the refund stays pending, and the same request finishes it once', async () => {
      const { payment } = await paidByCard();
      const body = { amount: 20, reason: 'Refund during an outage', idempotencyKey: randomUUID() };
      fake.down = true;
      const failed = await refund(payment.id, body);
      fake.down = false;
      expect(failed.statusCode).toBe(503);
      expect(messageOf(failed)).toBe(
        'The payment service is not reachable right now. Please try again in a few minutes.',
      );
      expect((await refundRows(payment.id)).map((row) => [row.amountCents, row.status])).toEqual([
        [2000, 'PENDING'],
      ]);
      expect(await paymentStatus(payment.id)).toBe('COMPLETED');
      // The pending refund counts against what is left.
      const tooMuch = await refund(payment.id, { amount: 105.51, reason: 'More than what is left now' });
      expect(tooMuch.statusCode).toBe(400);

      const retried = await refund(payment.id, body);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<RefundPaymentResponse>().payment.refundedAmount).toBe(20);
      expect((await refundRows(payment.id)).map((row) => [row.amountCents, row.status])).toEqual([
        [2000, 'SUCCEEDED'],
      ]);
      expect([...fake.refunds.values()].filter((r) => r.metadata.paymentId === payment.id)).toHaveLength(1);
    });

    it('Stripe refuses: 502, the refund FAILED, the payment unchanged', async () => {
      const { payment } = await paidByCard();
      fake.failRefunds = true;
      const refused = await refund(payment.id, { amount: 5, reason: 'Stripe will refuse this one' });
      fake.failRefunds = false;
      expect(refused.statusCode).toBe(502);
      expect(messageOf(refused)).toBe(
        'Stripe refused the refund. Check the payment in the Stripe dashboard.',
      );
      expect((await refundRows(payment.id)).map((row) => row.status)).toEqual(['FAILED']);
      expect(await paymentStatus(payment.id)).toBe('COMPLETED');
    });
  });

  describe('charge.refunded', () => {
    it('records a refund made in the Stripe dashboard once, and never doubles one of ours', async () => {
      const { payment, paymentIntent } = await paidByCard();
      const ours = await refund(payment.id, { amount: 25.5, reason: 'Our own partial refund' });
      expect(ours.statusCode).toBe(200);
      fake.refundInDashboard(paymentIntent, 10000);
      const event = fake.chargeRefundedEvent(paymentIntent);
      expect((await fake.deliver(camp.t.app, event)).statusCode).toBe(200);
      expect((await fake.deliver(camp.t.app, event)).statusCode).toBe(200);
      const rows = await refundRows(payment.id);
      expect(rows.map((row) => [row.amountCents, row.source, row.status])).toEqual([
        [2550, 'ADMIN', 'SUCCEEDED'],
        [10000, 'PROVIDER', 'SUCCEEDED'],
      ]);
      expect(await paymentStatus(payment.id)).toBe('REFUNDED');
      // Another delivery of the same facts (a new event id) changes nothing either.
      expect((await fake.deliver(camp.t.app, fake.chargeRefundedEvent(paymentIntent))).statusCode).toBe(200);
      expect(await refundRows(payment.id)).toHaveLength(2);
    });

    it('a bad signature changes nothing', async () => {
      const { payment, paymentIntent } = await paidByCard();
      fake.refundInDashboard(paymentIntent);
      const event = fake.chargeRefundedEvent(paymentIntent);
      const response = await fake.deliver(camp.t.app, event, fake.signature(event, 'whsec_wrong'));
      expect(response.statusCode).toBe(400);
      expect(await refundRows(payment.id)).toEqual([]);
      expect(await paymentStatus(payment.id)).toBe('COMPLETED');
    });
  });

  describe('manual payments and the dues owed', () => {
    it('records cash and a transfer until nothing is owed; the registration is then CONFIRMED', async () => {
      const person = await insertSignedInPerson(camp, { firstName: 'Cash', lastName: 'Payer' });
      const submitted = await submitCamp(camp, person, { campingOptions: [tent] });
      expect(submitted.statusCode, submitted.body).toBe(201);
      const registrationId = submitted.json<{ registration: { id: string } }>().registration.id;
      const owed = async () =>
        (await camp.call('GET', '/api/admin/payments/dues', camp.admin))
          .json<OwedRegistrationList>()
          .registrations.find((row) => row.registrationId === registrationId);
      expect(await owed()).toMatchObject({
        year: YEAR,
        status: 'PENDING',
        dues: 125.5,
        paid: 0,
        owed: 125.5,
      });

      const record = (body: Record<string, unknown>) =>
        camp.call('POST', '/api/admin/payments', camp.admin, { registrationId, ...body });
      const cash = await record({ amount: 25.5, method: 'CASH', reference: 'Receipt 0042' });
      expect(cash.statusCode, cash.body).toBe(201);
      expect(cash.json<Payment>()).toMatchObject({
        status: 'COMPLETED',
        provider: 'MANUAL',
        method: 'CASH',
        reference: 'Receipt 0042',
        amount: 25.5,
        userId: person.id,
        registrationYear: YEAR,
      });
      expect(await owed()).toMatchObject({ paid: 25.5, owed: 100 });
      // The dashboard's outstanding dues (PENDING rows) follow what is owed.
      const pending = await db()
        .select({ cents: payments.amountCents })
        .from(payments)
        .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'PENDING')));
      expect(pending).toEqual([{ cents: 10000 }]);

      const tooMuch = await record({ amount: 100.01, method: 'CHECK', reference: 'Check 7' });
      expect(tooMuch.statusCode).toBe(400);
      expect(messageOf(tooMuch)).toBe('The amount is more than the $100.00 owed for this registration');
      const bad = await record({ amount: 10, method: 'IOU', reference: '' });
      expect(bad.statusCode).toBe(400);

      const transfer = await record({ amount: 100, method: 'BANK_TRANSFER', reference: 'TRX-99' });
      expect(transfer.statusCode, transfer.body).toBe(201);
      expect(await owed()).toBeUndefined();
      const [registration] = await db()
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      expect(registration?.status).toBe('CONFIRMED');
      const rows = await db().select().from(payments).where(eq(payments.registrationId, registrationId));
      expect(rows.map((row) => [row.provider, row.status, row.amountCents]).sort()).toEqual([
        ['MANUAL', 'COMPLETED', 10000],
        ['MANUAL', 'COMPLETED', 2550],
      ]);
      const nothing = await record({ amount: 1, method: 'CASH', reference: 'One more' });
      expect(nothing.statusCode).toBe(400);
      expect(messageOf(nothing)).toBe('Nothing is owed for this registration');
      const audit = await db()
        .select()
        .from(auditRecords)
        .where(
          and(eq(auditRecords.registrationId, registrationId), eq(auditRecords.actionType, 'PAYMENT_MANUAL')),
        );
      expect(audit).toHaveLength(2);
      expect(audit.map((row) => row.newValues)).toContainEqual({
        paymentId: transfer.json<Payment>().id,
        amount: 100,
        method: 'BANK_TRANSFER',
        reference: 'TRX-99',
        owed: 0,
      });

      // A manual payment is refunded by hand: no Stripe call.
      const before = fake.requests.length;
      const back = await refund(cash.json<Payment>().id, { reason: 'Gave the cash back at the gate' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json<RefundPaymentResponse>().payment.status).toBe('REFUNDED');
      expect(fake.requests.length).toBe(before);
    });

    it('is for admins only', async () => {
      for (const who of [camp.staff, camp.participant]) {
        expect((await camp.call('GET', '/api/admin/payments/dues', who)).statusCode).toBe(403);
        const response = await camp.call('POST', '/api/admin/payments', who, {
          registrationId: randomUUID(),
          amount: 1,
          method: 'CASH',
          reference: 'x',
        });
        expect(response.statusCode).toBe(403);
      }
      const missing = await camp.call('POST', '/api/admin/payments', camp.admin, {
        registrationId: randomUUID(),
        amount: 1,
        method: 'CASH',
        reference: 'x',
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('GET /payments for admins', () => {
    it('filters by year and by part of a name or e-mail, with refunds listed', async () => {
      const { person, payment } = await paidByCard();
      await refund(payment.id, { amount: 1, reason: 'A small goodwill refund' });
      const found = await camp.call(
        'GET',
        `/api/payments?search=${encodeURIComponent(person.email.slice(0, 12))}`,
        camp.admin,
      );
      const list = found.json<{ payments: Payment[] }>().payments;
      expect(list.map((row) => row.id)).toEqual([payment.id]);
      expect(list[0]).toMatchObject({
        registrationYear: YEAR,
        refundedAmount: 1,
        refunds: [{ amount: 1, status: 'SUCCEEDED' }],
      });
      const otherYear = await camp.call('GET', `/api/payments?year=${YEAR + 1}`, camp.admin);
      expect(otherYear.json<{ payments: Payment[] }>().payments).toEqual([]);
      // A participant's search and year are ignored: still only their own.
      const own = await camp.call('GET', '/api/payments?search=zzz', camp.participant);
      expect(own.statusCode).toBe(200);
    });
  });

  it('the public configuration offers card payments only when the secret key is stored too', async () => {
    const publicConfig = async () => (await camp.call('GET', '/api/public/config')).json<PublicConfig>();
    expect((await publicConfig()).stripeEnabled).toBe(true);
    const other = await startCamp({ PUBLIC_URL });
    try {
      await configure(other, { stripeEnabled: true, stripePublicKey: fake.publicKey });
      const response = await other.call('GET', '/api/public/config');
      expect(response.json<PublicConfig>()).toMatchObject({
        stripeEnabled: false,
        stripePublicKey: fake.publicKey,
      });
    } finally {
      await other.close();
    }
  });

  // PGlite has one connection, so races cannot show there (docs/architecture.md §7): this one needs PostgreSQL.
  it.skipIf(testDatabaseKind() === 'pglite')(
    'ten simultaneous refunds of one payment never refund more than it',
    async () => {
      const { payment } = await paidByCard();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          refund(payment.id, { amount: 30, reason: `Concurrent refund ${i}` }),
        ),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
      const rows = await refundRows(payment.id);
      expect(rows.reduce((total, row) => total + row.amountCents, 0)).toBe(12000);
    },
  );

  it('an idempotency key sent again with another amount, reason or payment: 409, nothing more refunded', async () => {
    const { payment } = await paidByCard();
    const other = await paidByCard();
    const body = { amount: 10, reason: 'Double-clicked refund', idempotencyKey: randomUUID() };
    const first = await refund(payment.id, body);
    expect(first.statusCode, first.body).toBe(200);
    const changed: Array<[string, Record<string, unknown>]> = [
      [payment.id, { ...body, amount: 20 }],
      [payment.id, { ...body, reason: 'Another reason altogether' }],
      [other.payment.id, body],
    ];
    for (const [paymentId, changedBody] of changed) {
      const response = await refund(paymentId, changedBody);
      expect(response.statusCode, JSON.stringify(changedBody)).toBe(409);
      expect(messageOf(response)).toBe('This idempotency key was used for a different request');
    }
    expect((await refundRows(payment.id)).map((row) => row.amountCents)).toEqual([1000]);
    expect(await refundRows(other.payment.id)).toEqual([]);
    expect([...fake.refunds.values()].filter((r) => r.metadata.paymentId === payment.id)).toHaveLength(1);
    // The same request again is still answered with the first refund.
    const repeat = await refund(payment.id, body);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json<RefundPaymentResponse>().refund.id).toBe(
      first.json<RefundPaymentResponse>().refund.id,
    );
  });
});
