import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FakeStripe } from './fake-stripe';
import { payments } from '../src/db/schema/index';
import {
  adminPost,
  adminShift,
  configure,
  insertSignedInPerson,
  type Person,
  YEAR,
} from './camp-registrations';
import { type Camp, insertRegistration, startCamp } from './camp';

// The payment suites' camp: Stripe through the fake Stripe, people in Checkout or paid. Not a test file itself.

export const PUBLIC_URL = 'http://camp.test';
export const SUCCESS_URL = `${PUBLIC_URL}/#/payment/success?session_id={CHECKOUT_SESSION_ID}`;
export const CANCEL_URL = `${PUBLIC_URL}/#/payment/cancel`;

/** A camp whose Stripe is the local fake, with Stripe enabled and both secrets stored. */
export async function startPayingCamp(fake: FakeStripe): Promise<Camp> {
  const camp = await startCamp({ STRIPE_API_BASE: fake.url, PUBLIC_URL });
  await configure(camp, {
    stripeEnabled: true,
    stripePublicKey: fake.publicKey,
    stripeApiKey: fake.apiKey,
    stripeWebhookSecret: fake.webhookSecret,
  });
  return camp;
}

/** Starts the fake Stripe and a paying camp with a 'Tent Camping' option of $125.50 dues; answers both. */
export async function startTentCamp(fake: FakeStripe): Promise<{ camp: Camp; tent: string }> {
  await fake.start();
  const camp = await startPayingCamp(fake);
  const tent = await adminPost(camp, '/api/camping-options', {
    name: 'Tent Camping',
    participantDues: 125.5,
  });
  return { camp, tent };
}

/** Starts the fake Stripe and a paying camp with a 'Kitchen' category and a 'Tuesday lunch' shift; answers their ids. */
export async function startKitchenCamp(
  fake: FakeStripe,
): Promise<{ camp: Camp; category: string; tuesday: string }> {
  await fake.start();
  const camp = await startPayingCamp(fake);
  const category = await adminPost(camp, '/api/job-categories', { name: 'Kitchen', description: 'Cooking' });
  const tuesday = await adminShift(camp, 'Tuesday lunch', 'TUESDAY', '11:00', '14:00');
  return { camp, category, tuesday };
}

/**
 * A suite's camp with its fake Stripe: `start` (startTentCamp, startKitchenCamp) before the suite's tests, then
 * `take`, where the suite keeps what it needs and adds its own records; the camp and the fake are stopped
 * after the suite.
 */
export function useStripeCamp<T extends { camp: Camp }>(
  fake: FakeStripe,
  start: (fake: FakeStripe) => Promise<T>,
  take: (started: T) => unknown,
): void {
  let camp: Camp | undefined;
  beforeAll(async () => {
    const started = await start(fake);
    camp = started.camp;
    await take(started);
  });
  afterAll(async () => {
    await camp?.close();
    await fake.stop();
  });
}

/** A person with a PENDING registration of YEAR for the given options and an open Checkout for `cents`. */
export async function inCheckout(
  camp: Camp,
  campingOptionIds: string[],
  cents: number,
): Promise<{ person: Person; registrationId: string }> {
  const person = await insertSignedInPerson(camp);
  const registrationId = await insertRegistration(camp.t.database.db, {
    userId: person.id,
    status: 'PENDING',
    year: YEAR,
    campingOptionIds,
  });
  const response = await camp.t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe',
    headers: person.headers,
    payload: {
      amount: cents,
      currency: 'USD',
      userId: person.id,
      registrationId,
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { person, registrationId };
}

/** As `inCheckout`, then paid on the Checkout page and confirmed by the webhook: the payment COMPLETED. */
export async function paidByCard(camp: Camp, fake: FakeStripe, campingOptionIds: string[], cents: number) {
  const { person, registrationId } = await inCheckout(camp, campingOptionIds, cents);
  const session = fake.pay(fake.lastSession().id);
  const delivered = await fake.deliver(camp.t.app, fake.event('checkout.session.completed', session.id));
  expect(delivered.statusCode).toBe(200);
  const [payment] = await camp.t.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerRefId, session.id));
  if (!payment || payment.status !== 'COMPLETED' || !session.payment_intent) throw new Error('not paid');
  return { person, registrationId, payment, paymentIntent: session.payment_intent };
}
