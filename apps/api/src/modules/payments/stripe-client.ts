import Stripe from 'stripe';

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

/** Checks a webhook's signature and parses it; throws when the signature is wrong or too old. */
export function constructWebhookEvent(payload: Buffer | string, signature: string, secret: string) {
  return Stripe.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

export type StripeEvent = ReturnType<typeof constructWebhookEvent>;
export type CheckoutSession = Stripe.Checkout.Session;
export type StripeClient = Stripe;
