import {
  dollarsToCents,
  PAYMENT_MESSAGES,
  type Payment,
  type Refund,
  type RefundPaymentInput,
  refundTooLargeMessage,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { payments, refunds } from '../../db/schema/index';
import type { Env } from '../../env';
import {
  AppError,
  badGateway,
  badRequest,
  conflict,
  notFound,
  serviceUnavailable,
} from '../../lib/app-error';
import { recordAudit } from '../audit/audit-writer';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { paymentMailContext, refundMail } from './payment-mail';
import { paymentDto, refundDto } from './payments.read';
import {
  configuredStripe,
  isOutcomeUnknown,
  isSameKeyInProgress,
  type StripeCharge,
  type StripeClient,
} from './stripe-client';

export interface RefundsServiceDeps {
  db: Db;
  env: Env;
  config: ConfigService;
  outbox: Pick<OutboxWorker, 'kick'>;
  log: FastifyBaseLogger;
}

type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Who asks for a refund and under which admin action (the admin cancel passes its own transactionId). */
export interface RefundRequest {
  adminUserId: string;
  /** Cents; absent: all that is left of the payment. */
  amountCents?: number | undefined;
  reason: string;
  idempotencyKey?: string | undefined;
  transactionId?: string | undefined;
  /** Whether the person is mailed once it is made (default yes; an admin cancel without notification: no). */
  notify?: boolean | undefined;
}

/** What a refund asked for by an admin cancel came to: made, in doubt (PENDING) or refused (FAILED). */
export interface RefundAttempt {
  refund: Refund;
  /** Why it is not made yet (the error's message); null when it was made. */
  message: string | null;
}

export interface RefundResult {
  payment: Payment;
  refund: Refund;
}

/** Refunds and refunded cents count what is asked (PENDING) and what is done (SUCCEEDED). */
const COUNTED = ['PENDING', 'SUCCEEDED'] as const;

/**
 * Refunds (decision 016): full or partial, one refund row per refund, a payment REFUNDED once all of it is
 * given back (partly refunded ones stay COMPLETED with their refunds listed). A refund row is written
 * (PENDING) and committed before Stripe is asked, with the Stripe idempotency key `refund-<row id>`: a
 * request whose outcome is unknown (Stripe unreachable) stays PENDING and is asked again with the same key,
 * so it can never refund twice; a refusal makes it FAILED. Manual payments are refunded by hand: the row is
 * SUCCEEDED at once.
 */
export class RefundsService {
  constructor(private readonly deps: RefundsServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async refund(paymentId: string, request: RefundRequest): Promise<RefundResult> {
    try {
      return await this.refundOnce(paymentId, request);
    } catch (error) {
      // The same request twice at once: the second one's insert meets the first one's key.
      if (request.idempotencyKey && isUniqueViolation(error, 'refunds_idempotency_key')) {
        return this.refundOnce(paymentId, request);
      }
      throw error;
    }
  }

  private async refundOnce(paymentId: string, request: RefundRequest): Promise<RefundResult> {
    const transactionId = request.transactionId ?? randomUUID();
    if (request.idempotencyKey) {
      const [earlier] = await this.db
        .select()
        .from(refunds)
        .where(eq(refunds.idempotencyKey, request.idempotencyKey));
      if (earlier) {
        // The same key with other parameters is another request, not a repeat: refused, nothing refunded.
        const sameRequest =
          earlier.paymentId === paymentId &&
          earlier.reason === request.reason &&
          (request.amountCents === undefined || request.amountCents === earlier.amountCents);
        if (!sameRequest) throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused);
        if (earlier.status === 'PENDING') await this.askStripe(earlier, transactionId);
        return this.result(earlier.id);
      }
    }
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    // Refunds of this payment left in doubt by an earlier outage are finished first (same keys).
    const inDoubt = await this.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'PENDING')));
    for (const row of inDoubt) await this.askStripe(row, randomUUID());

    const row = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!locked || locked.status !== 'COMPLETED') throw badRequest(PAYMENT_MESSAGES.notRefundable);
      const left = locked.amountCents - (await refundedCents(tx, paymentId, COUNTED));
      if (left <= 0) throw badRequest(PAYMENT_MESSAGES.notRefundable);
      const amount = request.amountCents ?? left;
      if (amount > left) throw badRequest(refundTooLargeMessage(left));
      const manual = locked.provider !== 'STRIPE';
      const [inserted] = await tx
        .insert(refunds)
        .values({
          paymentId,
          amountCents: amount,
          status: 'PENDING',
          reason: request.reason,
          source: 'ADMIN',
          idempotencyKey: request.idempotencyKey ?? null,
          adminUserId: request.adminUserId,
          notify: request.notify ?? true,
          transactionId,
        })
        .returning();
      if (!inserted) throw new Error('no refund row');
      // Money given back by hand is recorded as given back.
      if (manual) await this.complete(tx, inserted.id, null, transactionId);
      return inserted;
    });
    if (payment.provider === 'STRIPE') await this.askStripe(row, transactionId);
    this.deps.outbox.kick();
    return this.result(row.id);
  }

  /**
   * Inside an admin cancel's transaction, with the payment's row locked: a refund of all that is left of a
   * COMPLETED payment, written with the cancel so that it cannot be lost. A manual payment's is made by hand
   * (SUCCEEDED at once); a card payment's is PENDING, audited as asked for, and `attempt` asks Stripe after
   * the commit. Answers the row, or null when nothing is left to give back.
   */
  async requestInTx(
    tx: DbOrTx,
    payment: Pick<PaymentRow, 'id' | 'amountCents' | 'provider' | 'status' | 'registrationId'>,
    request: Required<Pick<RefundRequest, 'adminUserId' | 'reason' | 'transactionId' | 'notify'>>,
  ): Promise<RefundRow | null> {
    if (payment.status !== 'COMPLETED') return null;
    const refunded = await refundedCents(tx, payment.id, COUNTED);
    const left = payment.amountCents - refunded;
    if (left <= 0) return null;
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountCents: left,
        status: 'PENDING',
        reason: request.reason,
        source: 'ADMIN',
        adminUserId: request.adminUserId,
        notify: request.notify,
        transactionId: request.transactionId,
      })
      .returning();
    if (!row) throw new Error('no refund row');
    if (payment.provider !== 'STRIPE') {
      await this.complete(tx, row.id, null, request.transactionId);
      return row;
    }
    await auditRefund(tx, payment, {
      transactionId: request.transactionId,
      adminUserId: request.adminUserId,
      reason: request.reason,
      refundCents: left,
      refundedBefore: refunded,
      refundedAfter: refunded,
      statusAfter: payment.status,
      refundStatus: 'PENDING',
    });
    return row;
  }

  /**
   * Asks Stripe for a refund written by `requestInTx` (after its commit) and says what came of it; never
   * throws an AppError: a refusal leaves the row FAILED, no answer leaves it PENDING, both with the reason.
   */
  async attempt(refundId: string): Promise<RefundAttempt> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw notFound(PAYMENT_MESSAGES.refundNotFound);
    let message: string | null = null;
    if (row.status === 'PENDING') {
      try {
        await this.askStripe(row, row.transactionId ?? randomUUID());
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        message = error.message;
      }
    }
    const { refund } = await this.result(refundId);
    return { refund, message };
  }

  /**
   * POST /admin/payments/{id}/refunds/{refundId}/retry: a FAILED refund is asked for again (PENDING, under a
   * new Stripe key of its own); a PENDING one is asked again under its key; a SUCCEEDED one is answered as
   * it is. Two admins pressing Retry at once: the first turns it PENDING under the row lock, the second
   * finds it PENDING and asks under the same key, so Stripe makes one refund and `complete` records it once.
   */
  async retry(paymentId: string, refundId: string, adminUserId: string): Promise<RefundResult> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    // Nothing changes when Stripe is off: the refund stays FAILED, to be retried once it is on.
    await configuredStripe(this.deps.config, this.deps.env.stripeApiBase);
    const transactionId = randomUUID();
    const row = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), eq(refunds.paymentId, paymentId)))
        .for('update');
      if (!found) throw notFound(PAYMENT_MESSAGES.refundNotFound);
      if (found.status !== 'FAILED') return found;
      const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      const left = (locked?.amountCents ?? 0) - (await refundedCents(tx, paymentId, COUNTED));
      if (!locked || locked.status !== 'COMPLETED' || found.amountCents > left) {
        throw badRequest(PAYMENT_MESSAGES.notRefundable);
      }
      const [pending] = await tx
        .update(refunds)
        .set({
          status: 'PENDING',
          retries: sql`${refunds.retries} + 1`,
          failureReason: null,
          adminUserId,
          transactionId,
        })
        .where(eq(refunds.id, found.id))
        .returning();
      if (!pending) throw new Error('no refund row');
      return pending;
    });
    if (row.status === 'PENDING') await this.askStripe(row, row.transactionId ?? transactionId);
    return this.result(row.id);
  }

  /**
   * Asks Stripe for a PENDING refund (again, with the same key) and records its answer: SUCCEEDED; FAILED
   * with Stripe's refusal (audited); or still PENDING with the reason when Stripe did not answer.
   */
  private async askStripe(row: RefundRow, transactionId: string): Promise<void> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, row.paymentId));
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    let stripeRefundId: string;
    try {
      const { client } = await configuredStripe(this.deps.config, this.deps.env.stripeApiBase);
      await this.db
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, lastAttemptAt: new Date() })
        .where(eq(refunds.id, row.id));
      const paymentIntent = await this.paymentIntentOf(client, payment);
      const refund = await client.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: row.amountCents,
          reason: 'requested_by_customer',
          metadata: { paymentId: payment.id, refundId: row.id },
        },
        { idempotencyKey: stripeKeyOf(row) },
      );
      stripeRefundId = refund.id;
    } catch (error) {
      // Stripe busy with the same key (another admin's request): that one decides.
      const unknown = !(error instanceof AppError) && (isOutcomeUnknown(error) || isSameKeyInProgress(error));
      if (unknown) {
        this.deps.log.warn({ err: error, refundId: row.id }, 'Stripe refund: outcome unknown, kept PENDING');
        await this.db
          .update(refunds)
          .set({ failureReason: PAYMENT_MESSAGES.stripeUnavailable })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING')));
        throw serviceUnavailable(PAYMENT_MESSAGES.stripeUnavailable, error);
      }
      this.deps.log.warn({ err: error, refundId: row.id }, 'Stripe refused a refund');
      const failure = error instanceof AppError ? error.message : PAYMENT_MESSAGES.refundRefused;
      await this.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(refunds)
          .set({ status: 'FAILED', idempotencyKey: null, failureReason: failure })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING'), eq(refunds.retries, row.retries)))
          .returning();
        if (failed) await this.auditFailure(tx, failed, payment, transactionId);
      });
      if (error instanceof AppError) throw error;
      throw badGateway(PAYMENT_MESSAGES.refundRefused, error);
    }
    await this.db.transaction((tx) => this.complete(tx, row.id, stripeRefundId, transactionId));
  }

  /** A refusal in the audit trail: the refund asked for, FAILED, and why. */
  private async auditFailure(
    tx: DbOrTx,
    row: RefundRow,
    payment: PaymentRow,
    transactionId: string,
  ): Promise<void> {
    const refunded = await refundedCents(tx, payment.id, ['SUCCEEDED']);
    await auditRefund(tx, payment, {
      transactionId,
      adminUserId: row.adminUserId,
      reason: row.reason,
      refundCents: row.amountCents,
      refundedBefore: refunded,
      refundedAfter: refunded,
      statusAfter: payment.status,
      refundStatus: 'FAILED',
      details: { failureReason: row.failureReason },
    });
  }

  /** The PaymentIntent of a paid Checkout Session (stored at fulfilment; asked of Stripe for older rows). */
  private async paymentIntentOf(client: StripeClient, payment: PaymentRow): Promise<string> {
    if (payment.paymentIntentId) return payment.paymentIntentId;
    if (!payment.providerRefId) throw badRequest(PAYMENT_MESSAGES.notRefundable);
    const session = await client.checkout.sessions.retrieve(payment.providerRefId);
    const intent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw badRequest(PAYMENT_MESSAGES.notRefundable);
    await this.db.update(payments).set({ paymentIntentId: intent }).where(eq(payments.id, payment.id));
    return intent;
  }

  /**
   * A refund done: SUCCEEDED with the provider's id, the payment REFUNDED when all of it is back, an audit
   * record and a mail to the person. Idempotent: a refund already SUCCEEDED changes nothing.
   */
  private async complete(
    tx: DbOrTx,
    refundId: string,
    providerRefId: string | null,
    transactionId: string,
  ): Promise<void> {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!row || row.status === 'SUCCEEDED') return;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for('update');
    if (!payment) return;
    await tx
      .update(refunds)
      .set({ status: 'SUCCEEDED', providerRefId, failureReason: null })
      .where(eq(refunds.id, row.id));
    const refunded = await refundedCents(tx, payment.id, ['SUCCEEDED']);
    const whole = refunded >= payment.amountCents;
    if (whole) {
      await tx
        .update(payments)
        .set({ status: 'REFUNDED', refundedAt: new Date(), refundRefId: providerRefId })
        .where(eq(payments.id, payment.id));
    }
    await auditRefund(tx, payment, {
      transactionId,
      adminUserId: row.adminUserId,
      reason: row.reason,
      refundCents: row.amountCents,
      refundedBefore: refunded - row.amountCents,
      refundedAfter: refunded,
      statusAfter: whole ? 'REFUNDED' : payment.status,
      refundStatus: 'SUCCEEDED',
      details: { source: row.source },
    });
    if (!row.notify) return;
    const context = await paymentMailContext(tx, {
      userId: payment.userId,
      registrationId: payment.registrationId,
      publicUrl: this.deps.env.publicUrl,
    });
    if (context) {
      await enqueueMail(
        tx,
        refundMail(context, {
          amountCents: row.amountCents,
          paymentCents: payment.amountCents,
          reason: row.source === 'ADMIN' ? row.reason : null,
        }),
      );
    }
  }

  /**
   * `charge.refunded` (in the webhook's transaction): refunds made in Stripe's dashboard are recorded. A
   * refund of ours that Stripe lists is completed (found by its metadata); one it lists that we do not know
   * becomes a PROVIDER refund; and when the event carries no list, the difference between Stripe's
   * `amount_refunded` and ours becomes one.
   */
  async recordFromCharge(tx: DbOrTx, charge: StripeCharge): Promise<void> {
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intent) return;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'STRIPE'), eq(payments.paymentIntentId, intent)))
      .for('update');
    if (!payment) {
      this.deps.log.warn({ paymentIntent: intent }, 'charge.refunded for an unknown payment');
      return;
    }
    const transactionId = randomUUID();
    let overstated = false;
    for (const listed of charge.refunds?.data ?? []) {
      if (listed.status !== 'succeeded') continue;
      const ours = listed.metadata?.refundId;
      const [known] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          ours && /^[0-9a-f-]{36}$/i.test(ours)
            ? and(eq(refunds.paymentId, payment.id), eq(refunds.id, ours))
            : eq(refunds.providerRefId, listed.id),
        );
      if (known) {
        await this.complete(tx, known.id, listed.id, transactionId);
        continue;
      }
      // A refund never gives back more than is left of the payment, whatever the event says.
      const left = payment.amountCents - (await refundedCents(tx, payment.id, COUNTED));
      const amount = Math.min(listed.amount, left);
      if (amount < listed.amount) overstated = true;
      if (amount > 0) await this.recordProviderRefund(tx, payment.id, amount, listed.id, transactionId);
    }
    const recorded = await refundedCents(tx, payment.id, COUNTED);
    if (charge.amount_refunded > payment.amountCents) overstated = true;
    const refunded = Math.min(charge.amount_refunded, payment.amountCents);
    if (refunded > recorded) {
      await this.recordProviderRefund(tx, payment.id, refunded - recorded, null, transactionId);
    }
    if (overstated) {
      this.deps.log.warn(
        { paymentId: payment.id, paymentCents: payment.amountCents, amountRefunded: charge.amount_refunded },
        'charge.refunded gives back more than the payment: capped at the payment',
      );
    }
  }

  private async recordProviderRefund(
    tx: DbOrTx,
    paymentId: string,
    amountCents: number,
    providerRefId: string | null,
    transactionId: string,
  ): Promise<void> {
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId,
        amountCents,
        status: 'PENDING',
        reason: 'Refunded in the Stripe dashboard',
        source: 'PROVIDER',
        providerRefId,
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (row) await this.complete(tx, row.id, providerRefId, transactionId);
  }

  private async result(refundId: string): Promise<RefundResult> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const payment = await paymentDto(this.db, row.paymentId);
    return {
      payment,
      refund: payment.refunds.find((refund) => refund.id === row.id) ?? refundDto(row, null),
    };
  }
}

/** Stripe's idempotency key of a refund: its own, and one of its own for each admin's retry after a refusal. */
interface RefundAudit {
  transactionId: string;
  adminUserId: string | null;
  reason: string | null;
  refundCents: number;
  /** Cents of the payment given back before and after this refund. */
  refundedBefore: number;
  refundedAfter: number;
  statusAfter: PaymentRow['status'];
  refundStatus: RefundRow['status'];
  /** What the record adds after the refund's status (why it failed, who made it). */
  details?: Record<string, unknown>;
}

/** The PAYMENT_REFUND audit record of a refund: the payment before it and after it, amounts in dollars. */
async function auditRefund(
  tx: DbOrTx,
  payment: Pick<PaymentRow, 'id' | 'status' | 'registrationId'>,
  audit: RefundAudit,
): Promise<void> {
  await recordAudit(tx, {
    actionType: 'PAYMENT_REFUND',
    transactionId: audit.transactionId,
    adminUserId: audit.adminUserId,
    registrationId: payment.registrationId,
    reason: audit.reason,
    oldValues: { paymentId: payment.id, status: payment.status, refundedAmount: audit.refundedBefore / 100 },
    newValues: {
      paymentId: payment.id,
      status: audit.statusAfter,
      refundedAmount: audit.refundedAfter / 100,
      refund: audit.refundCents / 100,
      refundStatus: audit.refundStatus,
      ...audit.details,
    },
  });
}

function stripeKeyOf(row: Pick<RefundRow, 'id' | 'retries'>): string {
  return row.retries === 0 ? `refund-${row.id}` : `refund-${row.id}-retry-${row.retries}`;
}

/** Cents of a payment's refunds in the given states. */
async function refundedCents(
  tx: DbOrTx,
  paymentId: string,
  statuses: readonly RefundRow['status'][],
): Promise<number> {
  const [row] = await tx
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, [...statuses])));
  return Number(row?.cents ?? 0);
}

/** RefundPaymentInput (dollars) as a RefundRequest. */
export function refundRequestOf(adminUserId: string, input: RefundPaymentInput): RefundRequest {
  return {
    adminUserId,
    amountCents: input.amount === undefined ? undefined : dollarsToCents(input.amount),
    reason: input.reason.trim(),
    idempotencyKey: input.idempotencyKey,
  };
}
