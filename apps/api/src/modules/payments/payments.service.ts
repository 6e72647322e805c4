import {
  centsToDollars,
  type CreateStripeCheckoutInput,
  duesPaymentDescription,
  PAYMENT_MESSAGES,
  type Payment,
  type PaymentConfirmation,
  type PaymentsQuery,
  PAYMENTS_TAKE_DEFAULT,
  type RegistrationStatus,
} from '@camp/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { paymentEvents, payments, registrations } from '../../db/schema/index';
import type { Env } from '../../env';
import {
  type AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
} from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { confirmWhenPaid, duesBalance, pendingStripePayments, reconcileDues } from './dues';
import { paymentMailContext, receiptMail } from './payment-mail';
import { listPayments } from './payments.read';
import type { RefundsService } from './refunds.service';
import {
  type CheckoutSession,
  configuredStripe,
  constructWebhookEvent,
  isOutcomeUnknown,
  isUnknownToStripe,
  type StripeCharge,
  type StripeClient,
  type StripeEvent,
} from './stripe-client';

export interface PaymentsServiceDeps {
  db: Db;
  env: Env;
  config: ConfigService;
  outbox: Pick<OutboxWorker, 'kick'>;
  refunds: Pick<RefundsService, 'recordFromCharge'>;
  log: FastifyBaseLogger;
}

type PaymentRow = typeof payments.$inferSelect;
/** What fulfil reads of a paid Checkout Session. */
type PaidSession = Pick<CheckoutSession, 'id' | 'amount_total' | 'currency' | 'metadata' | 'payment_intent'>;

/** Events whose session is paid (or may be: completed with payment_status paid). */
const FULFIL_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAIL_EVENTS = new Set(['checkout.session.async_payment_failed', 'checkout.session.expired']);

/** What every signed event must be before anything reads it. */
const WebhookEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

const metadata = z.record(z.string(), z.unknown()).nullish();
const paymentIntentRef = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();

/** The fields of a Checkout Session that fulfil and fail read. */
const SessionObjectSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  metadata,
  payment_intent: paymentIntentRef,
});

/** The fields of a charge that recording its refunds reads. */
const ChargeObjectSchema = z.looseObject({
  amount: z.number().int().nonnegative().optional(),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: paymentIntentRef,
  refunds: z
    .looseObject({
      data: z.array(
        z.looseObject({
          id: z.string().min(1),
          amount: z.number().int().nonnegative(),
          status: z.string().nullish(),
          metadata,
        }),
      ),
    })
    .nullish(),
});

const isPaid = (session: Pick<CheckoutSession, 'payment_status'>) =>
  session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

/** Stripe Checkout (docs/product.md §7 Payments, docs/architecture.md §7): checkout, verify, webhook, one idempotent fulfil. */
export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** The SDK with the stored secret key, or 400 'Stripe payments are not configured'. */
  private stripe() {
    return configuredStripe(this.deps.config, this.deps.env.stripeApiBase);
  }

  private unavailable(cause: unknown): AppError {
    this.deps.log.warn({ err: cause }, 'Stripe request failed');
    return serviceUnavailable(PAYMENT_MESSAGES.stripeUnavailable, cause);
  }

  /** Return URLs must be on the app's own origin (PUBLIC_URL): no open redirect. */
  private checkReturnUrl(url: string): void {
    const own = new URL(this.deps.env.publicUrl).origin;
    if (new URL(url).origin !== own) throw badRequest(PAYMENT_MESSAGES.foreignReturnUrl);
  }

  /** POST /payments/stripe: a PENDING payment and a Checkout Session for exactly what is owed. */
  async createCheckout(caller: CurrentUser, input: CreateStripeCheckoutInput): Promise<{ url: string }> {
    if (input.userId !== caller.id) throw forbidden(PAYMENT_MESSAGES.notYourUser);
    const [registration] = await this.db
      .select({ id: registrations.id, year: registrations.year, status: registrations.status })
      .from(registrations)
      .where(and(eq(registrations.id, input.registrationId), eq(registrations.userId, caller.id)));
    if (!registration) throw notFound(PAYMENT_MESSAGES.registrationNotFound);
    if (registration.status === 'CANCELLED') throw badRequest(PAYMENT_MESSAGES.registrationCancelled);
    this.checkReturnUrl(input.successUrl);
    this.checkReturnUrl(input.cancelUrl);
    const { client, config } = await this.stripe();
    // Earlier sessions are settled, then the registration's dues row is picked; a Checkout started meanwhile
    // (its session just stored) is settled on the next round.
    let picked: { payment: PaymentRow; owed: number } | null = null;
    for (let round = 0; !picked; round += 1) {
      if (round === 3) throw conflict(PAYMENT_MESSAGES.checkoutBusy);
      const reusable = await this.settleOpenSessions(client, registration.id, input.amount);
      if (reusable) {
        // Only while it is still exactly what is owed.
        if ((await duesBalance(this.db, registration.id)).owed === input.amount) return { url: reusable };
        await this.settleOpenSessions(client, registration.id);
      }
      picked = await this.pickDuesRow(registration.id, input.amount);
    }
    const { payment, owed } = picked;
    let session: CheckoutSession;
    try {
      session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: caller.email,
          client_reference_id: registration.id,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: owed,
                product_data: { name: duesPaymentDescription(config.campName, registration.year) },
              },
            },
          ],
          metadata: { registrationId: registration.id, paymentId: payment.id },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${payment.id}-${owed}` },
      );
    } catch (error) {
      // Nothing is left half-written: the dues row stays as it was (PENDING, no session). Should Stripe have
      // made the session anyway, its paid webhook finds the row by metadata.paymentId.
      throw this.unavailable(error);
    }
    await this.db.update(payments).set({ providerRefId: session.id }).where(eq(payments.id, payment.id));
    if (!session.url) throw this.unavailable(new Error('Checkout Session without a url'));
    return { url: session.url };
  }

  /**
   * The payment a Checkout is for: the registration's dues row, picked under the registration's row lock, so
   * two Checkouts started at once take the same row, hence the same idempotency key and one Checkout
   * Session. Null while another Checkout's session is in flight (the caller settles it and asks again).
   */
  private async pickDuesRow(
    registrationId: string,
    amount: number,
  ): Promise<{ payment: PaymentRow; owed: number } | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
        .for('update');
      await reconcileDues(tx, registrationId);
      const { owed } = await duesBalance(tx, registrationId);
      if (owed <= 0) throw badRequest(PAYMENT_MESSAGES.nothingOwed);
      if (amount !== owed) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
      const [row] = await tx.select().from(payments).where(pendingStripePayments(registrationId, 'dues row'));
      return row ? { payment: row, owed } : null;
    });
  }

  /**
   * The registration's sessions still PENDING are settled with Stripe, so two open sessions can never both
   * be paid: a paid one is fulfilled, an expired one's payment FAILED, and an open one expired, except one
   * open session for exactly `reuseCents` (a Checkout for what is owed, started a moment ago in another tab
   * or request), whose URL is answered to be used again. A session Stripe does not know (test keys swapped
   * for live ones, a database copied from elsewhere) counts as expired. When Stripe cannot be asked,
   * `whenUnreachable` says what happens: 'refuse' answers 503; 'abandon' (a payment made outside Stripe must
   * not wait for it) leaves the session's payment FAILED, whose later payment, should the person still pay
   * it, is recorded all the same (decision 034).
   */
  async settleOpenSessions(
    client: StripeClient | null,
    registrationId: string,
    reuseCents?: number,
    whenUnreachable: 'refuse' | 'abandon' = 'refuse',
  ): Promise<string | null> {
    const open = await this.db
      .select({ sessionId: payments.providerRefId })
      .from(payments)
      .where(pendingStripePayments(registrationId, 'in checkout'));
    let reusable: string | null = null;
    for (const { sessionId } of open) {
      if (!sessionId) continue;
      let session: CheckoutSession | null;
      try {
        if (!client) throw new Error('Stripe payments are not configured');
        session = await this.retrieveSession(client, sessionId);
        const isOpen = session !== null && !isPaid(session) && session.status === 'open';
        if (isOpen && !reusable && session?.amount_total === reuseCents && session?.url) {
          reusable = session.url;
          continue;
        }
        if (isOpen) session = await this.expire(client, sessionId);
      } catch (error) {
        if (whenUnreachable === 'refuse') throw this.unavailable(error);
        this.deps.log.warn(
          { err: error, sessionId, registrationId },
          'Stripe not reachable: the open Checkout Session is set aside as FAILED; if it is paid after all, ' +
            'the payment is still recorded',
        );
        await this.db.transaction((tx) => this.fail(tx, sessionId));
        continue;
      }
      if (session) await this.settle(session);
      else await this.forgetUnknown(registrationId, sessionId);
    }
    return reusable;
  }

  /**
   * Before an admin changes what a registration owes (a manual payment, a cancel): its open Checkouts are
   * settled with Stripe (expired, or fulfilled if paid), so nobody pays on top afterwards. Without Stripe
   * configured there is nothing Stripe could settle: 'refuse' leaves the sessions as they are, 'abandon'
   * sets them aside as when Stripe is unreachable.
   */
  async settleCheckoutsOf(
    registrationId: string,
    whenUnreachable: 'refuse' | 'abandon' = 'refuse',
  ): Promise<void> {
    const stripe = await this.stripe().catch(() => null);
    if (stripe || whenUnreachable === 'abandon') {
      await this.settleOpenSessions(stripe?.client ?? null, registrationId, undefined, whenUnreachable);
    }
  }

  /** A Checkout Session as Stripe has it, or null when Stripe does not know it (404 resource_missing). */
  private async retrieveSession(client: StripeClient, sessionId: string): Promise<CheckoutSession | null> {
    try {
      return await client.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isUnknownToStripe(error)) return null;
      throw error;
    }
  }

  /** A session Stripe does not know can never be paid: its payment FAILED as if expired, and logged. */
  private async forgetUnknown(registrationId: string, sessionId: string): Promise<void> {
    this.deps.log.warn(
      { sessionId, registrationId },
      'Stripe does not know this Checkout Session (other keys or another account?): treated as expired',
    );
    await this.db.transaction((tx) => this.fail(tx, sessionId));
  }

  /**
   * Expires an open session; when another request expired (or the person paid) it meanwhile, says so; null
   * when Stripe does not know it.
   */
  private async expire(client: StripeClient, sessionId: string): Promise<CheckoutSession | null> {
    try {
      return await client.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (isOutcomeUnknown(error)) throw error;
      return this.retrieveSession(client, sessionId);
    }
  }

  /** What Stripe says of a session, recorded: a paid one is fulfilled, an expired one's payment FAILED. */
  private async settle(session: CheckoutSession): Promise<void> {
    if (isPaid(session)) {
      await this.db.transaction((tx) => this.fulfil(tx, session));
      this.deps.outbox.kick();
    } else if (session.status === 'expired') {
      await this.db.transaction((tx) => this.fail(tx, session.id));
    }
  }

  /** GET /payments/stripe/session/{sessionId}/verify: the owner's confirmation, fulfilled when paid. */
  async verify(caller: CurrentUser, sessionId: string): Promise<PaymentConfirmation> {
    const payment = await this.findBySession(this.db, sessionId);
    if (!payment || payment.userId !== caller.id) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
    const { client } = await this.stripe();
    let session: CheckoutSession | null;
    try {
      session = await this.retrieveSession(client, sessionId);
    } catch (error) {
      throw this.unavailable(error);
    }
    if (session) await this.settle(session);
    else await this.forgetUnknown(payment.registrationId ?? '', sessionId);
    return this.confirmation(payment.id);
  }

  /**
   * Marks the payment of a paid session COMPLETED, once, under a row lock, with its PaymentIntent (what
   * refunds name); the registration becomes CONFIRMED when nothing more is owed, its dues row is reconciled,
   * and one receipt is written to the outbox, all in the caller's transaction. Any number and order of calls
   * give one COMPLETED payment and one receipt.
   */
  async fulfil(tx: DbOrTx, session: PaidSession): Promise<void> {
    const sessionId = session.id;
    const paymentId = session.metadata?.paymentId;
    let payment = await this.lockBySession(tx, sessionId);
    if (!payment && paymentId) {
      // A session whose id was never stored (the create call failed after Stripe made it).
      const [byId] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (byId && byId.provider === 'STRIPE' && byId.providerRefId === null) {
        await tx.update(payments).set({ providerRefId: sessionId }).where(eq(payments.id, byId.id));
        payment = byId;
      }
    }
    if (!payment) {
      this.deps.log.warn({ sessionId }, 'Paid Stripe session without a payment row');
      return;
    }
    if (payment.status === 'COMPLETED' || payment.status === 'REFUNDED') return;
    if (
      session.amount_total !== payment.amountCents ||
      session.currency?.toUpperCase() !== payment.currency
    ) {
      // Not what we asked for: never count it as the dues; an admin looks at it in Stripe.
      this.deps.log.error(
        { sessionId, paymentId: payment.id, amountTotal: session.amount_total, currency: session.currency },
        'Paid Stripe session does not match its payment',
      );
      return;
    }
    const intent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    await tx
      .update(payments)
      .set({ status: 'COMPLETED', paymentIntentId: intent ?? null })
      .where(eq(payments.id, payment.id));
    await this.afterPayment(tx, { ...payment, status: 'COMPLETED' }, sessionId);
    if (payment.registrationId) {
      const { owed } = await duesBalance(tx, payment.registrationId);
      if (owed < 0) {
        // A Checkout set aside (Stripe unreachable during a manual payment) was paid after all: the money is
        // recorded, and an admin refunds what is too much.
        this.deps.log.warn(
          { sessionId, paymentId: payment.id, registrationId: payment.registrationId, overpaidCents: -owed },
          'Registration paid more than its dues',
        );
      }
    }
  }

  /**
   * What follows a COMPLETED payment, in its transaction: the registration CONFIRMED when nothing more is
   * owed, its dues row reconciled, and one receipt in the outbox (also used by manual payments).
   */
  async afterPayment(tx: DbOrTx, payment: PaymentRow, reference: string): Promise<void> {
    let confirmed = false;
    if (payment.registrationId) {
      confirmed = await confirmWhenPaid(tx, payment.registrationId);
      await reconcileDues(tx, payment.registrationId);
    }
    const context = await paymentMailContext(tx, {
      userId: payment.userId,
      registrationId: payment.registrationId,
      publicUrl: this.deps.env.publicUrl,
    });
    if (context) {
      await enqueueMail(tx, receiptMail(context, { amountCents: payment.amountCents, reference }, confirmed));
    }
  }

  /** A session that failed or expired: its payment FAILED if still PENDING, and a dues row put back. */
  private async fail(tx: DbOrTx, sessionId: string): Promise<void> {
    const payment = await this.lockBySession(tx, sessionId);
    if (payment?.status !== 'PENDING') return;
    await tx.update(payments).set({ status: 'FAILED' }).where(eq(payments.id, payment.id));
    if (payment.registrationId) await reconcileDues(tx, payment.registrationId);
  }

  /** POST /payments/stripe/webhook: signature checked, events deduplicated by id in the same transaction. */
  async handleWebhook(payload: Buffer | string, signature: string | undefined): Promise<void> {
    const row = await this.deps.config.findRow();
    const secret = row ? await this.deps.config.secret('stripeWebhookSecret', row) : null;
    if (!secret) throw badRequest(PAYMENT_MESSAGES.stripeNotConfigured);
    let signed: StripeEvent;
    try {
      signed = constructWebhookEvent(payload, signature ?? '', secret);
    } catch {
      throw badRequest(PAYMENT_MESSAGES.badSignature);
    }
    // Signed is not well-formed: a 5xx would have Stripe retry it for days, so it is refused (400) and logged.
    const parsed = WebhookEventSchema.safeParse(signed);
    if (!parsed.success) {
      this.deps.log.warn(
        { issues: parsed.error.issues },
        'Signed Stripe webhook event is malformed: refused',
      );
      throw badRequest(PAYMENT_MESSAGES.malformedEvent);
    }
    const event = parsed.data;
    const object = event.data.object;
    let charge: StripeCharge | null = null;
    let session: CheckoutSession | null = null;
    const shape =
      event.type === 'charge.refunded'
        ? ChargeObjectSchema.safeParse(object)
        : FULFIL_EVENTS.has(event.type) || FAIL_EVENTS.has(event.type)
          ? SessionObjectSchema.safeParse(object)
          : null;
    if (shape && !shape.success) {
      this.deps.log.warn(
        { eventId: event.id, type: event.type, issues: shape.error.issues },
        'Signed Stripe webhook event is malformed: refused',
      );
      throw badRequest(PAYMENT_MESSAGES.malformedEvent);
    }
    if (event.type === 'charge.refunded') charge = object as unknown as StripeCharge;
    else if (shape) session = object as unknown as CheckoutSession;
    await this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!fresh) return;
      if (charge) {
        await this.deps.refunds.recordFromCharge(tx, charge);
      } else if (session && FULFIL_EVENTS.has(event.type)) {
        if (isPaid(session)) await this.fulfil(tx, session);
      } else if (session && FAIL_EVENTS.has(event.type)) {
        await this.fail(tx, session.id);
      }
    });
    this.deps.outbox.kick();
  }

  /**
   * GET /payments: admins see every payment (filters by person, registration, status, provider, year and
   * search); anyone else only their own (another userId → 403; year and search are ignored).
   */
  async list(caller: CurrentUser, query: PaymentsQuery): Promise<Payment[]> {
    const isAdmin = caller.role === 'ADMIN';
    if (!isAdmin && query.userId !== undefined && query.userId !== caller.id) {
      throw forbidden(PAYMENT_MESSAGES.otherUsersPayments);
    }
    return listPayments(this.db, {
      userId: isAdmin ? query.userId : caller.id,
      registrationId: query.registrationId,
      status: query.status,
      provider: query.provider,
      year: isAdmin && query.year !== undefined ? Number(query.year) : undefined,
      search: isAdmin ? query.search || undefined : undefined,
      take: Number(query.take ?? PAYMENTS_TAKE_DEFAULT),
    });
  }

  private async findBySession(db: DbOrTx, sessionId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'STRIPE'), eq(payments.providerRefId, sessionId)));
    return row;
  }

  private async lockBySession(tx: DbOrTx, sessionId: string): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'STRIPE'), eq(payments.providerRefId, sessionId)))
      .for('update');
    return row;
  }

  private async confirmation(paymentId: string): Promise<PaymentConfirmation> {
    const [row] = await this.db
      .select({
        paymentStatus: payments.status,
        registrationId: payments.registrationId,
        registrationStatus: registrations.status,
        amountCents: payments.amountCents,
        currency: payments.currency,
        updatedAt: payments.updatedAt,
        providerRefId: payments.providerRefId,
      })
      .from(payments)
      .leftJoin(registrations, eq(registrations.id, payments.registrationId))
      .where(eq(payments.id, paymentId));
    if (!row) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
    return {
      paymentStatus: row.paymentStatus,
      registrationId: row.registrationId,
      registrationStatus: (row.registrationStatus as RegistrationStatus | null) ?? null,
      paymentId,
      amount: centsToDollars(row.amountCents),
      currency: row.currency,
      // A payment is completed once and then left alone, so its last change is when it was paid.
      paidAt: row.paymentStatus === 'COMPLETED' ? row.updatedAt.toISOString() : null,
      reference: row.providerRefId,
    };
  }
}
