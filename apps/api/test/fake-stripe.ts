import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { escapeHtml } from '../src/lib/escape';

/** A Checkout Session as the fake keeps it (the fields our code reads, in Stripe's names). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  line_items: unknown;
  payment_intent: string | null;
  created: number;
}

/** A PaymentIntent of a paid session (Stripe's names). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
  latest_charge: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** The one charge of a PaymentIntent; `amount_refunded` and `refunded` follow its refunds. */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  paid: true;
  captured: true;
  status: 'succeeded';
  payment_intent: string;
  currency: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A refund (Stripe's names); the fake's refunds succeed at once. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'succeeded';
  payment_intent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** A webhook the Checkout page delivered (or tried to): where, which event, what the app answered. */
export interface FakeDelivery {
  url: string;
  eventType: string;
  /** The app's HTTP status, or 0 when it could not be reached. */
  status: number;
  body: string;
}

export interface FakeStripeOptions {
  /** Where the Checkout page's POST delivers `checkout.session.completed` (a real HTTP POST). */
  webhookUrl?: string;
}

type Nested = { [key: string]: Nested | string };

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects; numeric keys stay object keys. */
export function parseStripeForm(body: string): Nested {
  const result: Nested = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const created: Nested = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return result;
}

const text = (value: Nested | string | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

const strings = (value: Nested | string | undefined): Record<string, string> =>
  typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

const now = (): number => Math.floor(Date.now() / 1000);

/** Cents as the Checkout page shows them, e.g. 27500 usd → '$275.00'. */
function money(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
}

/** A Stripe-shaped refusal: the SDK turns it into the error class of its `type`. */
class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * A small local Stripe: the subset of the API the SDK calls (Checkout Sessions create, retrieve, expire;
 * PaymentIntents and Charges retrieve; Refunds create, retrieve, list), with form-encoded bodies, Bearer
 * auth and idempotency keys (same key and parameters → the first answer replayed; other parameters → 400
 * idempotency_error, as Stripe does). Helpers "pay" a session, refund as Stripe's dashboard would and
 * build and deliver signed webhooks. For the browser it serves the Checkout page (`GET /pay/:id`, no key
 * needed) whose Pay button pays, delivers `checkout.session.completed` to `webhookUrl` and redirects to the
 * session's success URL. Nothing in the tests ever talks to the real Stripe.
 */
export class FakeStripe {
  readonly apiKey = 'sk_test_fake_0123456789';
  readonly publicKey = 'pk_test_fake_0123456789';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly sessions = new Map<string, FakeSession>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  /** By charge id (one per PaymentIntent: its `latest_charge`). */
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Every request received: method, path, idempotency key. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey?: string }> = [];
  /** Webhooks the Checkout page delivered, in order. */
  readonly deliveries: FakeDelivery[] = [];
  /** Events the Checkout page did not deliver because `holdWebhooks` was on (see `deliverHeld`). */
  readonly heldEvents: string[] = [];
  /** When true, every connection is dropped (Stripe unreachable). */
  down = false;
  /** When true, refunds are refused with a 402 card_error (the card or bank refused to take it back). */
  failRefunds = false;
  /** When true, the Checkout page's Pay delivers no webhook (it is kept in `heldEvents`). */
  holdWebhooks = false;
  /** Where the Checkout page delivers `checkout.session.completed`; none: no webhook is sent. */
  webhookUrl: string | undefined;
  private readonly idempotent = new Map<string, { status: number; body: string; params: string }>();
  /** `payment_intent_data[metadata]` of each session: the metadata of the PaymentIntent it creates. */
  private readonly intentMetadata = new Map<string, Record<string, string>>();
  private server: Server;
  port = 0;

  constructor(options: FakeStripeOptions = {}) {
    this.webhookUrl = options.webhookUrl;
    this.server = createServer((request, response) => {
      if (this.down) {
        request.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.handle(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
          if (!response.headersSent) {
            this.send(response, 500, { error: { type: 'api_error', message: String(error) } });
          } else response.end();
        });
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(response: ServerResponse, status: number, body: unknown, key?: string, params = ''): void {
    const json = JSON.stringify(body);
    if (key) this.idempotent.set(key, { status, body: json, params });
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
    response.end(json);
  }

  private error(response: ServerResponse, status: number, message: string): void {
    this.send(response, status, { error: { type: 'invalid_request_error', message } });
  }

  private async handle(request: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    this.requests.push({ method, path, ...(idempotencyKey ? { idempotencyKey } : {}) });
    // The Checkout page is opened by the browser: no API key.
    const page = /^\/pay\/([^/]+)$/.exec(path);
    if (page?.[1]) {
      await this.checkoutPage(method, decodeURIComponent(page[1]), response);
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      this.send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      return;
    }
    const key = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
    const replay = key ? this.idempotent.get(key) : undefined;
    if (replay) {
      if (replay.params !== body) {
        this.send(response, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first ' +
              `used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      response.end(replay.body);
      return;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.send(response, 200, this.createSession(parseStripeForm(body)), key, body);
      return;
    }
    if (path.startsWith('/v1/checkout/sessions/')) {
      this.sessionRoute(method, path, response, key, body);
      return;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      try {
        this.send(response, 200, this.createRefund(parseStripeForm(body)), key, body);
      } catch (error) {
        if (!(error instanceof StripeRefusal)) throw error;
        // Stripe keeps the answer of a request it executed, refusals included; not a parameter error.
        const executed = error.status !== 404 && error.body.param === undefined;
        this.send(response, error.status, { error: error.body }, executed ? key : undefined, body);
      }
      return;
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const filter = new URLSearchParams(query);
      const data = [...this.refunds.values()]
        .filter((refund) => {
          const intent = filter.get('payment_intent');
          const charge = filter.get('charge');
          return (!intent || refund.payment_intent === intent) && (!charge || refund.charge === charge);
        })
        .reverse();
      this.send(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      return;
    }
    const retrieve = /^\/v1\/(payment_intents|charges|refunds)\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1] && retrieve[2]) {
      const id = decodeURIComponent(retrieve[2]);
      const kind = retrieve[1];
      const found =
        kind === 'payment_intents'
          ? this.paymentIntents.get(id)
          : kind === 'charges'
            ? this.chargeWithRefunds(id)
            : this.refunds.get(id);
      if (!found) {
        const noun = { payment_intents: 'payment_intent', charges: 'charge', refunds: 'refund' }[kind];
        this.send(response, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such ${noun}: '${id}'`,
          },
        });
        return;
      }
      this.send(response, 200, found);
      return;
    }
    this.error(response, 404, 'Unrecognized request URL');
  }

  private sessionRoute(
    method: string,
    path: string,
    response: ServerResponse,
    key: string | undefined,
    body: string,
  ): void {
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match?.[1] ? this.sessions.get(decodeURIComponent(match[1])) : undefined;
    if (!match) {
      this.error(response, 404, 'Unrecognized request URL');
      return;
    }
    if (!session) {
      // As Stripe answers for a session of another account or mode (test keys swapped for live ones).
      this.send(response, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${match[1] ?? ''}'`,
        },
      });
      return;
    }
    if (method === 'GET' && !match[2]) {
      this.send(response, 200, session);
      return;
    }
    if (method === 'POST' && match[2]) {
      if (session.status !== 'open') {
        this.error(response, 400, 'Only open sessions can be expired');
        return;
      }
      this.expire(session.id);
      this.send(response, 200, session, key, body);
      return;
    }
    this.error(response, 404, 'Unrecognized request URL');
  }

  private createSession(params: Nested): FakeSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const lineItems = params.line_items;
    const first = typeof lineItems === 'object' ? lineItems['0'] : undefined;
    const priceData = typeof first === 'object' ? first.price_data : undefined;
    const unitAmount = typeof priceData === 'object' ? Number(text(priceData.unit_amount)) : 0;
    const quantity = typeof first === 'object' ? Number(text(first.quantity) ?? '1') : 1;
    const intentData = params.payment_intent_data;
    this.intentMetadata.set(id, strings(typeof intentData === 'object' ? intentData.metadata : undefined));
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      url: `${this.url}/pay/${id}`,
      mode: text(params.mode) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unitAmount * quantity,
      currency: (typeof priceData === 'object' ? text(priceData.currency) : undefined) ?? 'usd',
      customer_email: text(params.customer_email) ?? null,
      success_url: text(params.success_url) ?? '',
      cancel_url: text(params.cancel_url) ?? '',
      metadata: strings(params.metadata),
      line_items: lineItems,
      payment_intent: null,
      created: now(),
    };
    this.sessions.set(id, session);
    return session;
  }

  /** The one session created last (tests create them one at a time). */
  lastSession(): FakeSession {
    const sessions = [...this.sessions.values()];
    const last = sessions[sessions.length - 1];
    if (!last) throw new Error('no checkout session created');
    return last;
  }

  /**
   * The person paid on the Checkout page: the session completes with a succeeded PaymentIntent and its
   * charge (paying a paid session again keeps its PaymentIntent).
   */
  pay(sessionId: string): FakeSession {
    const session = this.session(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    const existing = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
    if (existing) return session;
    const intentId = `pi_test_${randomBytes(8).toString('hex')}`;
    const chargeId = `ch_test_${randomBytes(8).toString('hex')}`;
    const created = now();
    this.paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      latest_charge: chargeId,
      metadata: { ...(this.intentMetadata.get(sessionId) ?? {}) },
      created,
      livemode: false,
    });
    this.charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      captured: true,
      status: 'succeeded',
      payment_intent: intentId,
      currency: session.currency,
      metadata: {},
      created,
      livemode: false,
    });
    session.payment_intent = intentId;
    return session;
  }

  expire(sessionId: string): FakeSession {
    const session = this.session(sessionId);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    return session;
  }

  paymentIntent(paymentIntentId: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`unknown payment intent ${paymentIntentId}`);
    return intent;
  }

  /** The charge of a PaymentIntent. */
  chargeOf(paymentIntentId: string): FakeCharge {
    const charge = this.charges.get(this.paymentIntent(paymentIntentId).latest_charge);
    if (!charge) throw new Error(`no charge for ${paymentIntentId}`);
    return charge;
  }

  /** The refunds of a charge, newest first (as Stripe lists them). */
  refundsOf(chargeId: string): FakeRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.charge === chargeId).reverse();
  }

  private chargeWithRefunds(chargeId: string) {
    const charge = this.charges.get(chargeId);
    if (!charge) return undefined;
    const data = this.refundsOf(chargeId);
    return {
      ...charge,
      refunds: {
        object: 'list',
        data,
        has_more: false,
        total_count: data.length,
        url: `/v1/charges/${chargeId}/refunds`,
      },
    };
  }

  /** POST /v1/refunds: a refund of a charge (named, or the PaymentIntent's), all that is left by default. */
  private createRefund(params: Nested): FakeRefund {
    if (this.failRefunds) {
      throw new StripeRefusal(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'The refund could not be processed: the card was declined.',
      });
    }
    const intentId = text(params.payment_intent);
    const chargeId = text(params.charge);
    if (!intentId && !chargeId) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'payment_intent',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    const intent = intentId ? this.paymentIntents.get(intentId) : undefined;
    if (intentId && !intent) {
      throw new StripeRefusal(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    const charge = this.charges.get(chargeId ?? intent?.latest_charge ?? '');
    if (!charge || (intent && charge.payment_intent !== intent.id)) {
      throw new StripeRefusal(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such charge: '${chargeId ?? ''}'`,
      });
    }
    const rawAmount = text(params.amount);
    const reason = text(params.reason);
    if (reason !== undefined && !REFUND_REASONS.has(reason)) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'reason',
        message: `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
      });
    }
    if (rawAmount !== undefined && !/^[1-9]\d*$/.test(rawAmount)) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    }
    return this.refundCharge(charge, rawAmount === undefined ? undefined : Number(rawAmount), {
      reason: reason ?? null,
      metadata: strings(params.metadata),
    });
  }

  private refundCharge(
    charge: FakeCharge,
    amount: number | undefined,
    details: { reason: string | null; metadata: Record<string, string> },
  ): FakeRefund {
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const cents = amount ?? left;
    if (cents > left) {
      throw new StripeRefusal(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message:
          `Refund amount (${money(cents, charge.currency)}) is greater than unrefunded amount on charge ` +
          `(${money(left, charge.currency)})`,
      });
    }
    const refund: FakeRefund = {
      id: `re_test_${randomBytes(8).toString('hex')}`,
      object: 'refund',
      amount: cents,
      currency: charge.currency,
      status: 'succeeded',
      payment_intent: charge.payment_intent,
      charge: charge.id,
      reason: details.reason,
      metadata: details.metadata,
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += cents;
    charge.refunded = charge.amount_refunded >= charge.amount;
    return refund;
  }

  /**
   * Someone refunds in Stripe's dashboard: a refund like the API makes (all that is left by default, no
   * metadata). Throws when nothing (or less) is left.
   */
  refundInDashboard(paymentIntentId: string, amountCents?: number): FakeRefund {
    try {
      return this.refundCharge(this.chargeOf(paymentIntentId), amountCents, { reason: null, metadata: {} });
    } catch (error) {
      if (error instanceof StripeRefusal) throw new Error(error.body.message, { cause: error });
      throw error;
    }
  }

  private eventJson(type: string, object: unknown, id: string): string {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    });
  }

  /** A webhook event about a session, as Stripe would send it. */
  event(type: string, sessionId: string, id = `evt_test_${randomBytes(12).toString('hex')}`): string {
    return this.eventJson(type, { ...this.session(sessionId) }, id);
  }

  /** The `charge.refunded` event of a PaymentIntent's charge, listing the charge's refunds. */
  chargeRefundedEvent(paymentIntentId: string, id = `evt_test_${randomBytes(12).toString('hex')}`): string {
    const charge = this.chargeWithRefunds(this.chargeOf(paymentIntentId).id);
    return this.eventJson('charge.refunded', charge, id);
  }

  /** The Stripe-Signature header for a payload, signed with the stored webhook secret (or another one). */
  signature(payload: string, secret = this.webhookSecret, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  /** Delivers a signed event to the app's webhook endpoint. */
  deliver(
    app: FastifyInstance,
    payload: string,
    signature = this.signature(payload),
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  /** Delivers a signed event with a real HTTP POST (as Stripe does); answers the app's status and body. */
  async deliverTo(
    url: string,
    payload: string,
    signature = this.signature(payload),
  ): Promise<{ status: number; body: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  }

  /** Delivers the events held while `holdWebhooks` was on, in order; answers what the app said. */
  async deliverHeld(url = this.webhookUrl): Promise<Array<{ status: number; body: string }>> {
    if (!url) throw new Error('no webhook URL');
    const answers: Array<{ status: number; body: string }> = [];
    for (const payload of this.heldEvents.splice(0)) answers.push(await this.deliverTo(url, payload));
    return answers;
  }

  /** The success URL of a session with Stripe's `{CHECKOUT_SESSION_ID}` template filled in. */
  successUrlOf(sessionId: string): string {
    const session = this.session(sessionId);
    return session.success_url.split('{CHECKOUT_SESSION_ID}').join(encodeURIComponent(session.id));
  }

  /** The Checkout page: GET shows it, POST pays (webhook first, when one is set), then back to the app. */
  private async checkoutPage(method: string, sessionId: string, response: ServerResponse): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session || session.status === 'expired') {
      this.html(
        response,
        404,
        'Checkout session not found',
        '<p>This checkout session has expired or does not exist.</p>',
      );
      return;
    }
    if (method === 'POST' && session.status === 'open') {
      this.pay(sessionId);
      const payload = this.event('checkout.session.completed', sessionId);
      if (this.webhookUrl && !this.holdWebhooks) {
        let delivery: FakeDelivery;
        try {
          delivery = {
            url: this.webhookUrl,
            eventType: 'checkout.session.completed',
            ...(await this.deliverTo(this.webhookUrl, payload)),
          };
        } catch (error) {
          delivery = {
            url: this.webhookUrl,
            eventType: 'checkout.session.completed',
            status: 0,
            body: String(error),
          };
        }
        this.deliveries.push(delivery);
      } else {
        this.heldEvents.push(payload);
      }
    }
    if (method === 'POST' || session.status === 'complete') {
      // A paid session's page goes back to the app, as Stripe's does.
      response.writeHead(303, { location: this.successUrlOf(sessionId), 'cache-control': 'no-store' });
      response.end();
      return;
    }
    if (method !== 'GET') {
      this.html(response, 405, 'Method not allowed', '<p>Method not allowed.</p>');
      return;
    }
    const lineItems = session.line_items;
    const first =
      typeof lineItems === 'object' && lineItems !== null ? (lineItems as Nested)['0'] : undefined;
    const priceData = typeof first === 'object' ? first.price_data : undefined;
    const productData = typeof priceData === 'object' ? priceData.product_data : undefined;
    const product = (typeof productData === 'object' ? text(productData.name) : undefined) ?? 'Payment';
    const action = `/pay/${encodeURIComponent(session.id)}`;
    this.html(
      response,
      200,
      'Fake Stripe Checkout',
      `<p class="product">${escapeHtml(product)}</p>
      <p class="amount">${escapeHtml(money(session.amount_total, session.currency))}</p>
      ${session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : ''}
      <form method="post" action="${escapeHtml(action)}">
        <button type="submit">Pay</button>
      </form>
      <p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    );
  }

  private html(response: ServerResponse, status: number, title: string, content: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1a1a1a; background: #f6f9fc; }
      main { max-width: 28rem; margin: 0 auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
      .amount { font-size: 2rem; font-weight: 700; }
      button { font-size: 1rem; padding: 0.75rem 2rem; background: #4f3fd6; color: #fff; border: 0; border-radius: 6px; }
      a { color: #3a2fa3; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      ${content}
    </main>
  </body>
</html>
`);
  }
}
