import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { paymentProvider, paymentStatus } from './enums';
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
  ],
);

/** Webhook events already handled, so a replayed event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
