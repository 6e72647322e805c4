import type { OwedRegistrationList, Payment, PaymentConfirmation } from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeStripe } from '../../../test/fake-stripe';
import { paymentEvents, payments, refunds } from '../../db/schema/index';
import {
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
  registrationStatus,
} from '../../../test/camp-registrations';
import { type Camp, insertRegistration, messageOf } from '../../../test/camp';
import {
  CANCEL_URL,
  inCheckout,
  paidByCard,
  startTentCamp,
  SUCCESS_URL,
  useStripeCamp,
} from '../../../test/camp-payments';

// Stripe's state never blocks a payment: sessions Stripe does not know, Stripe unreachable during a manual
// payment; and signed webhooks that are malformed or say too much.

describe('Payments when Stripe does not know a session or cannot be reached', () => {
  const fake = new FakeStripe();
  let camp: Camp;
  let tent: string;

  useStripeCamp(fake, startTentCamp, (started) => ({ camp, tent } = started));
  afterEach(() => {
    fake.down = false;
    vi.restoreAllMocks();
  });

  const db = () => camp.t.database.db;

  /**
   * A person whose PENDING registration's PENDING dues row points at a Checkout Session Stripe does not
   * know (made with other keys), as after a move from test keys to live keys.
   */
  async function withUnknownSession(): Promise<{
    person: Person;
    registrationId: string;
    sessionId: string;
  }> {
    const person = await insertSignedInPerson(camp);
    const registrationId = await insertRegistration(db(), {
      userId: person.id,
      status: 'PENDING',
      year: YEAR,
      campingOptionIds: [tent],
    });
    const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
    await db().insert(payments).values({
      userId: person.id,
      registrationId,
      amountCents: 12550,
      status: 'PENDING',
      provider: 'STRIPE',
      providerRefId: sessionId,
    });
    return { person, registrationId, sessionId };
  }

  const rowsOf = (registrationId: string) =>
    db()
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId))
      .orderBy(payments.createdAt);

  const statusOf = (registrationId: string) => registrationStatus(camp, registrationId);

  function checkout(person: Person, registrationId: string) {
    return camp.t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe',
      headers: person.headers,
      payload: {
        amount: 12550,
        currency: 'USD',
        userId: person.id,
        registrationId,
        successUrl: SUCCESS_URL,
        cancelUrl: CANCEL_URL,
      },
    });
  }

  const recordCash = (registrationId: string, amount = 125.5) =>
    camp.call('POST', '/api/admin/payments', camp.admin, {
      registrationId,
      amount,
      method: 'CASH',
      reference: 'Receipt 0815',
    });

  describe('a session Stripe does not know', () => {
    it('counts as expired: "Complete Dues Payment" starts a fresh Checkout, and the log says why', async () => {
      const warn = vi.spyOn(camp.t.app.log, 'warn');
      const { person, registrationId, sessionId } = await withUnknownSession();
      const response = await checkout(person, registrationId);
      expect(response.statusCode, response.body).toBe(200);
      const fresh = fake.lastSession();
      expect(fresh.id).not.toBe(sessionId);
      expect(response.json()).toEqual({ url: fresh.url });
      expect(fresh.amount_total).toBe(12550);
      // The unknown session's payment is FAILED (a record), the new Checkout has its own PENDING payment.
      const rows = await rowsOf(registrationId);
      expect(rows.map((row) => [row.status, row.providerRefId, row.amountCents])).toEqual([
        ['FAILED', sessionId, 12550],
        ['PENDING', fresh.id, 12550],
      ]);
      expect(warn).toHaveBeenCalledWith(
        { sessionId, registrationId },
        'Stripe does not know this Checkout Session (other keys or another account?): treated as expired',
      );
      // And it can be paid: the person is CONFIRMED.
      fake.pay(fresh.id);
      expect(
        (await fake.deliver(camp.t.app, fake.event('checkout.session.completed', fresh.id))).statusCode,
      ).toBe(200);
      expect(await statusOf(registrationId)).toBe('CONFIRMED');
    });

    it('verify answers the payment as FAILED rather than 503', async () => {
      const { person, registrationId, sessionId } = await withUnknownSession();
      const response = await camp.t.app.inject({
        method: 'GET',
        url: `/api/payments/stripe/session/${sessionId}/verify`,
        headers: person.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [failed] = await rowsOf(registrationId);
      expect(response.json<PaymentConfirmation>()).toEqual({
        paymentStatus: 'FAILED',
        registrationId,
        registrationStatus: 'PENDING',
        paymentId: failed?.id,
        amount: 125.5,
        currency: 'USD',
        paidAt: null,
        reference: sessionId,
      });
      // The dues are owed again, on a fresh dues row.
      expect(
        (await rowsOf(registrationId)).map((row) => [row.status, row.providerRefId, row.amountCents]),
      ).toEqual([
        ['FAILED', sessionId, 12550],
        ['PENDING', null, 12550],
      ]);
    });

    it('does not block a cash payment: recorded, the registration CONFIRMED, nothing PENDING left', async () => {
      const { registrationId, sessionId } = await withUnknownSession();
      const cash = await recordCash(registrationId);
      expect(cash.statusCode, cash.body).toBe(201);
      expect(cash.json<Payment>()).toMatchObject({
        status: 'COMPLETED',
        provider: 'MANUAL',
        method: 'CASH',
        reference: 'Receipt 0815',
        amount: 125.5,
      });
      expect(await statusOf(registrationId)).toBe('CONFIRMED');
      expect(
        (await rowsOf(registrationId)).map((row) => [row.provider, row.status, row.providerRefId]),
      ).toEqual([
        ['STRIPE', 'FAILED', sessionId],
        ['MANUAL', 'COMPLETED', null],
      ]);
    });
  });

  describe('Stripe unreachable while a manual payment is recorded', () => {
    it('records the payment; the open Checkout is set aside, and paying it later is still recorded', async () => {
      const warn = vi.spyOn(camp.t.app.log, 'warn');
      const { registrationId } = await inCheckout(camp, [tent], 12550);
      const open = fake.lastSession();
      fake.down = true;
      const cash = await recordCash(registrationId);
      fake.down = false;
      expect(cash.statusCode, cash.body).toBe(201);
      expect(await statusOf(registrationId)).toBe('CONFIRMED');
      // No PENDING row is left: the dashboard shows nothing outstanding.
      expect(
        (await rowsOf(registrationId)).map((row) => [row.provider, row.status, row.providerRefId]),
      ).toEqual([
        ['STRIPE', 'FAILED', open.id],
        ['MANUAL', 'COMPLETED', null],
      ]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ sessionId: open.id, registrationId }),
        'Stripe not reachable: the open Checkout Session is set aside as FAILED; if it is paid after all, the ' +
          'payment is still recorded',
      );
      // The person still pays the Checkout they had open: the money is recorded, not lost, and the
      // over-payment is logged for an admin to refund.
      fake.pay(open.id);
      const delivered = await fake.deliver(camp.t.app, fake.event('checkout.session.completed', open.id));
      expect(delivered.statusCode).toBe(200);
      expect(
        (await rowsOf(registrationId)).map((row) => [row.provider, row.status, row.amountCents]),
      ).toEqual([
        ['STRIPE', 'COMPLETED', 12550],
        ['MANUAL', 'COMPLETED', 12550],
      ]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ sessionId: open.id, registrationId, overpaidCents: 12550 }),
        'Registration paid more than its dues',
      );
      // Both payments are in the admins' list, so the over-payment is visible there.
      const listed = await camp.call('GET', `/api/payments?registrationId=${registrationId}`, camp.admin);
      expect(
        listed
          .json<{ payments: Payment[] }>()
          .payments.map((payment) => [payment.provider, payment.status, payment.amount])
          .sort(),
      ).toEqual([
        ['MANUAL', 'COMPLETED', 125.5],
        ['STRIPE', 'COMPLETED', 125.5],
      ]);
    });

    it('records the payment when Stripe has been switched off meanwhile', async () => {
      const { registrationId } = await inCheckout(camp, [tent], 12550);
      const open = fake.lastSession();
      await configure(camp, { stripeEnabled: false });
      try {
        const cash = await recordCash(registrationId, 100);
        expect(cash.statusCode, cash.body).toBe(201);
      } finally {
        await configure(camp, { stripeEnabled: true });
      }
      // The rest is owed on a fresh dues row, and the set-aside Checkout no longer counts.
      const rows = (await rowsOf(registrationId)).map((row) => [row.provider, row.status, row.amountCents]);
      expect(rows.sort()).toEqual([
        ['MANUAL', 'COMPLETED', 10000],
        ['STRIPE', 'FAILED', 12550],
        ['STRIPE', 'PENDING', 2550],
      ]);
      expect((await rowsOf(registrationId)).find((row) => row.providerRefId === open.id)?.status).toBe(
        'FAILED',
      );
      const dues = await camp.call('GET', '/api/admin/payments/dues', camp.admin);
      expect(
        dues.json<OwedRegistrationList>().registrations.find((row) => row.registrationId === registrationId),
      ).toMatchObject({ paid: 100, owed: 25.5 });
    });

    it('a card Checkout still answers 503 when Stripe is unreachable', async () => {
      const { person, registrationId } = await inCheckout(camp, [tent], 12550);
      fake.down = true;
      const response = await checkout(person, registrationId);
      expect(response.statusCode).toBe(503);
      expect(messageOf(response)).toBe(
        'The payment service is not reachable right now. Please try again in a few minutes.',
      );
      expect((await rowsOf(registrationId)).map((row) => row.status)).toEqual(['PENDING']);
    });
  });

  describe('signed webhooks that are malformed or say too much', () => {
    const deliverRaw = (payload: string, signature = fake.signature(payload)) =>
      fake.deliver(camp.t.app, payload, signature);

    /** Stripe's refund objects of a charge, each `amount` cents and succeeded. */
    const listedRefunds = (paymentIntent: string, chargeId: string, amounts: number[]) =>
      amounts.map((amount, index) => ({
        id: `re_test_${index}${randomBytes(4).toString('hex')}`,
        object: 'refund',
        amount,
        currency: 'usd',
        status: 'succeeded',
        payment_intent: paymentIntent,
        charge: chargeId,
        metadata: {},
      }));

    /** A signed-to-be charge.refunded event: the charge, what it says was refunded, and its listed refunds. */
    const chargeRefunded = (charge: object, amountRefunded: number, listed: object[]) =>
      JSON.stringify({
        id: `evt_test_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            ...charge,
            amount_refunded: amountRefunded,
            refunded: true,
            refunds: { object: 'list', data: listed, has_more: false },
          },
        },
      });

    it('refuses malformed events with 400 (not 500), logs them and writes nothing', async () => {
      const warn = vi.spyOn(camp.t.app.log, 'warn');
      const before = await db().select().from(paymentEvents);
      const bodies = [
        '{"id":1,"type":null}',
        JSON.stringify({
          id: 'evt_test_nullobject',
          type: 'checkout.session.completed',
          data: { object: null },
        }),
        JSON.stringify({ id: 'evt_test_arrayobject', type: 'charge.refunded', data: { object: [] } }),
        '[]',
        'null',
        JSON.stringify({
          id: 'evt_test_badsession',
          type: 'checkout.session.completed',
          data: { object: { id: 7 } },
        }),
        JSON.stringify({
          id: 'evt_test_badcurrency',
          type: 'checkout.session.completed',
          data: { object: { id: 'cs_test_x', payment_status: 'paid', currency: 840, amount_total: 100 } },
        }),
        JSON.stringify({
          id: 'evt_test_badcharge',
          type: 'charge.refunded',
          data: { object: { payment_intent: 'pi_x', amount_refunded: 'all', refunds: { data: 'none' } } },
        }),
      ];
      for (const body of bodies) {
        const response = await deliverRaw(body);
        expect(response.statusCode, body).toBe(400);
        expect(messageOf(response), body).toBe('Malformed webhook event');
      }
      expect(await db().select().from(paymentEvents)).toHaveLength(before.length);
      expect(
        warn.mock.calls.filter(
          ([, message]) => message === 'Signed Stripe webhook event is malformed: refused',
        ),
      ).toHaveLength(bodies.length);
    });

    it('refuses a signature dated beyond the tolerance in the future, as one in the past', async () => {
      const { registrationId } = await inCheckout(camp, [tent], 12550);
      const session = fake.pay(fake.lastSession().id);
      const payload = fake.event('checkout.session.completed', session.id);
      const now = Math.floor(Date.now() / 1000);
      for (const timestamp of [now + 400, now - 400]) {
        const response = await deliverRaw(payload, fake.signature(payload, fake.webhookSecret, timestamp));
        expect(response.statusCode, String(timestamp - now)).toBe(400);
        expect(messageOf(response)).toBe('Invalid webhook signature');
      }
      expect((await rowsOf(registrationId)).map((row) => row.status)).toEqual(['PENDING']);
      // Within the tolerance (a clock a little ahead) it is accepted.
      const ahead = await deliverRaw(payload, fake.signature(payload, fake.webhookSecret, now + 60));
      expect(ahead.statusCode).toBe(200);
      expect((await rowsOf(registrationId)).map((row) => row.status)).toEqual(['COMPLETED']);
    });

    it('caps a charge.refunded that gives back more than the payment, with a warning', async () => {
      const warn = vi.spyOn(camp.t.app.log, 'warn');
      const { payment, paymentIntent } = await paidByCard(camp, fake, [tent], 12550);
      const charge = fake.chargeOf(paymentIntent);
      const listed = listedRefunds(paymentIntent, charge.id, [12000, 12000, 12000, 12000]);
      const payload = chargeRefunded(charge, 48000, listed);
      const response = await deliverRaw(payload);
      expect(response.statusCode, response.body).toBe(200);
      const rows = await db()
        .select({ amountCents: refunds.amountCents, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id))
        .orderBy(refunds.createdAt);
      expect(rows.reduce((total, row) => total + row.amountCents, 0)).toBe(12550);
      expect(rows.map((row) => row.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
      const listedPayment = (
        await camp.call('GET', `/api/payments?registrationId=${payment.registrationId}`, camp.admin)
      )
        .json<{ payments: Payment[] }>()
        .payments.find((row) => row.id === payment.id);
      expect(listedPayment).toMatchObject({ status: 'REFUNDED', amount: 125.5, refundedAmount: 125.5 });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ paymentId: payment.id, paymentCents: 12550, amountRefunded: 48000 }),
        'charge.refunded gives back more than the payment: capped at the payment',
      );
      const [stored] = await db()
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.id, payment.id), eq(payments.provider, 'STRIPE')));
      expect(stored?.status).toBe('REFUNDED');
    });

    it('counts a refund of ours still pending when it caps a refund it does not know', async () => {
      const warn = vi.spyOn(camp.t.app.log, 'warn');
      const { payment, paymentIntent } = await paidByCard(camp, fake, [tent], 12550);
      // Ours: $50.00 asked of Stripe, no answer yet (not in Stripe's list below).
      await db().insert(refunds).values({
        paymentId: payment.id,
        amountCents: 5000,
        status: 'PENDING',
        reason: 'Ours',
        source: 'ADMIN',
      });
      const charge = fake.chargeOf(paymentIntent);
      // Stripe lists one refund of the whole payment it was not asked for by us.
      const payload = chargeRefunded(charge, 12550, listedRefunds(paymentIntent, charge.id, [12550]));
      const response = await deliverRaw(payload);
      expect(response.statusCode, response.body).toBe(200);
      const rows = await db()
        .select({ amountCents: refunds.amountCents, status: refunds.status, source: refunds.source })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id))
        .orderBy(refunds.createdAt);
      expect(rows).toEqual([
        { amountCents: 5000, status: 'PENDING', source: 'ADMIN' },
        { amountCents: 7550, status: 'SUCCEEDED', source: 'PROVIDER' },
      ]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ paymentId: payment.id, paymentCents: 12550, amountRefunded: 12550 }),
        'charge.refunded gives back more than the payment: capped at the payment',
      );
    });
  });
});
