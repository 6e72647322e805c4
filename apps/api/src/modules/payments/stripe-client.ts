import { PAYMENT_MESSAGES } from '@camp/shared';
import Stripe from 'stripe';
import { badRequest } from '../../lib/app-error';
import type { CampConfigRow, ConfigService } from '../config/config.service';

type StripeConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

/** Stripe's tolerance for a webhook signature's age, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The official SDK with the camp's secret key. `apiBase` (env STRIPE_API_BASE, tests only) points it at a
 * local fake Stripe; without it the SDK talks to Stripe itself.
 */
export function createStripeClient(apiKey: string, apiBase?: string): Stripe {
  const config: StripeConfig = { maxNetworkRetries: 1, timeout: 10_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    config.protocol = protocol;
    config.host = url.hostname;
    config.port = url.port || (protocol === 'https' ? 443 : 80);
  }
  return new Stripe(apiKey, config);
}

/** The camp's Stripe secret key while Stripe is on and the key is stored, with the configuration; else null. */
export async function stripeSecretKey(
  config: Pick<ConfigService, 'findRow' | 'secret'>,
): Promise<{ apiKey: string; row: CampConfigRow } | null> {
  const row = await config.findRow();
  const apiKey = row?.stripeEnabled ? await config.secret('stripeApiKey', row) : null;
  return row && apiKey ? { apiKey, row } : null;
}

/** The SDK with the camp's stored secret key, or 400 'Stripe payments are not configured'. */
export async function configuredStripe(
  config: ConfigService,
  apiBase: string | undefined,
): Promise<{ client: Stripe; config: CampConfigRow }> {
  const stored = await stripeSecretKey(config);
  if (!stored) throw badRequest(PAYMENT_MESSAGES.stripeNotConfigured);
  return { client: createStripeClient(stored.apiKey, apiBase), config: stored.row };
}

/**
 * Whether a Stripe error leaves the outcome unknown (no answer, or Stripe's own failure): the same request
 * may be repeated with its idempotency key. Anything else is Stripe's answer: a refusal.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 500) >= 500
  );
}

/**
 * Whether Stripe answered 409: another request with the same idempotency key is still in progress (another
 * admin's), and that one decides. Stripe's HTTP status is read here, in the client's adapter, and nowhere else.
 */
export function isSameKeyInProgress(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 409;
}

/** Whether Stripe answered that the object asked for does not exist (404 resource_missing). */
export function isUnknownToStripe(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}

/**
 * Checks a webhook's signature and parses it; throws when the signature is wrong, too old, or dated further
 * in the future than the tolerance (the SDK checks only the age, so a future date is checked here).
 */
export function constructWebhookEvent(
  payload: Buffer | string,
  signature: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  const timestamps = signature
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't')
    .map(([, value]) => Number(value));
  if (
    timestamps.some(
      (seconds) => !Number.isFinite(seconds) || seconds > nowSeconds + WEBHOOK_TOLERANCE_SECONDS,
    )
  ) {
    throw new Error('Webhook signature timestamp is in the future');
  }
  return Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

export type StripeEvent = ReturnType<typeof constructWebhookEvent>;
export type CheckoutSession = Stripe.Checkout.Session;
export type StripeClient = Stripe;
export type StripeRefund = Stripe.Refund;
export type StripeCharge = Stripe.Charge;
