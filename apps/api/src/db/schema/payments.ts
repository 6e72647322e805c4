import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { manualPaymentMethod, paymentProvider, paymentStatus, refundStatus } from './enums';
import { registrations } from './registrations';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: paymentStatus('status').notNull().default('PENDING'),
    provider: paymentProvider('provider').notNull().default('STRIPE'),
    /** The provider's id for this payment (a Stripe Checkout Session id). */
    providerRefId: text('provider_ref_id'),
    /** Stripe's PaymentIntent of a paid session: what refunds and `charge.refunded` events name. */
    paymentIntentId: text('payment_intent_id'),
    /** A MANUAL payment's method and the admin's reference (receipt or check number, transfer id). */
    method: manualPaymentMethod('method'),
    reference: text('reference'),
    /** When the payment became REFUNDED (all of it), and the provider's id of that last refund. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundRefId: text('refund_ref_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // Fulfilment is idempotent: one payment row per provider reference.
    uniqueIndex('payments_provider_ref_key')
      .on(t.provider, t.providerRefId)
      .where(sql`${t.providerRefId} is not null`),
    index('payments_user_idx').on(t.userId),
    index('payments_registration_idx').on(t.registrationId),
    index('payments_status_idx').on(t.status),
    index('payments_payment_intent_idx').on(t.paymentIntentId),
  ],
);

/**
 * One refund of a payment (decision 016): asked by an admin (PENDING while Stripe is asked, then SUCCEEDED
 * or FAILED), or found in a `charge.refunded` event (a refund made in Stripe's dashboard, source PROVIDER).
 * The idempotency key makes a retried request refund once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatus('status').notNull().default('PENDING'),
    reason: text('reason'),
    source: text('source', { enum: ['ADMIN', 'PROVIDER'] }).notNull(),
    providerRefId: text('provider_ref_id'),
    idempotencyKey: text('idempotency_key'),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why the last attempt did not give the money back (Stripe's refusal, or Stripe not reached). */
    failureReason: text('failure_reason'),
    /** How many times Stripe was asked, and when last. */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /**
     * Times an admin retried it after a refusal: Stripe keeps a refused answer under its idempotency key, so
     * each retry asks under a key of its own (`refund-<id>-retry-<n>`), the same for every admin pressing it.
     */
    retries: integer('retries').notNull().default(0),
    /** Whether the person is mailed when it is done (an admin cancel without notification mails nothing). */
    notify: boolean('notify').notNull().default(true),
    /** The admin action it belongs to, so its audit records join that action's group. */
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_ref_key')
      .on(t.providerRefId)
      .where(sql`${t.providerRefId} is not null`),
    index('refunds_payment_idx').on(t.paymentId),
  ],
);

/** Webhook events already handled, so a replayed event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
