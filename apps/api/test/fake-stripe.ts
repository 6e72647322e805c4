import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

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

/**
 * A small local Stripe: the subset of the API the SDK calls for Checkout (create, retrieve, expire), with
 * form-encoded bodies and idempotency keys, plus helpers to "pay" a session and deliver signed webhooks.
 * Nothing in the tests ever talks to the real Stripe.
 */
export class FakeStripe {
  readonly apiKey = 'sk_test_fake_0123456789';
  readonly publicKey = 'pk_test_fake_0123456789';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly sessions = new Map<string, FakeSession>();
  /** Every request received: method, path, idempotency key. */
  readonly requests: Array<{ method: string; path: string; idempotencyKey?: string }> = [];
  /** When true, every connection is dropped (Stripe unreachable). */
  down = false;
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private server: Server;
  port = 0;

  constructor() {
    this.server = createServer((request, response) => {
      if (this.down) {
        request.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks).toString('utf8'), response));
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

  private send(response: ServerResponse, status: number, body: unknown, key?: string): void {
    const json = JSON.stringify(body);
    if (key) this.idempotent.set(key, { status, body: json });
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
    response.end(json);
  }

  private error(response: ServerResponse, status: number, message: string): void {
    this.send(response, status, { error: { type: 'invalid_request_error', message } });
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    this.requests.push({ method, path, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      this.send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      return;
    }
    const key = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
    const replay = key ? this.idempotent.get(key) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      response.end(replay.body);
      return;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.send(response, 200, this.createSession(parseStripeForm(body)), key);
      return;
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match?.[1] ? this.sessions.get(decodeURIComponent(match[1])) : undefined;
    if (!match || !session) {
      this.error(response, 404, `No such checkout.session: '${match?.[1] ?? path}'`);
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
      this.send(response, 200, session, key);
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
    const metadata = typeof params.metadata === 'object' ? params.metadata : {};
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
      metadata: Object.fromEntries(
        Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      line_items: lineItems,
      payment_intent: null,
      created: Math.floor(Date.now() / 1000),
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

  /** The person paid on the Checkout page. */
  pay(sessionId: string): FakeSession {
    const session = this.session(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_test_${randomBytes(8).toString('hex')}`;
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

  /** A webhook event about a session, as Stripe would send it. */
  event(type: string, sessionId: string, id = `evt_test_${randomBytes(12).toString('hex')}`): string {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...this.session(sessionId) } },
    });
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
}
