import { centsToDollars, duesFor } from '@camp/shared';
import { and, eq, inArray, isNotNull, isNull, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  campingOptions,
  payments,
  registrationCampingOptions,
  registrations,
  users,
} from '../../db/schema/index';
import { duesBalanceCents, PAID_STATUSES } from './owed';

/** What a registration's dues come to and what has been paid of them, in cents. */
export interface DuesBalance {
  dues: number;
  paid: number;
  owed: number;
}

/**
 * The dues ledger of one registration (decision 016, owed.ts): its chosen options' dues at the person's rate
 * (staff rate for STAFF and ADMIN), minus what was paid: COMPLETED payments and REFUNDED ones (a refund gives
 * money back; it does not put dues back on the account).
 */
export async function duesBalance(db: DbOrTx, registrationId: string): Promise<DuesBalance> {
  const [owner] = await db
    .select({ role: users.role })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, registrationId));
  const options = await db
    .select({ participant: campingOptions.participantDuesCents, staff: campingOptions.staffDuesCents })
    .from(registrationCampingOptions)
    .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
    .where(eq(registrationCampingOptions.registrationId, registrationId));
  const dues = duesFor(
    options.map((option) => ({
      participantDues: centsToDollars(option.participant),
      staffDues: centsToDollars(option.staff),
    })),
    owner?.role ?? 'PARTICIPANT',
  ).cents;
  const [settled] = await db
    .select({ cents: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), inArray(payments.status, [...PAID_STATUSES])));
  const paid = Number(settled?.cents ?? 0);
  return { dues, paid, owed: duesBalanceCents(dues, paid) };
}

/**
 * A registration's PENDING Stripe payments: its dues row (no Checkout Session yet) or those whose Checkout
 * is under way (a session stored).
 */
export function pendingStripePayments(registrationId: string, which: 'dues row' | 'in checkout') {
  return and(
    eq(payments.registrationId, registrationId),
    eq(payments.provider, 'STRIPE'),
    eq(payments.status, 'PENDING'),
    which === 'dues row' ? isNull(payments.providerRefId) : isNotNull(payments.providerRefId),
  );
}

/**
 * Keeps the dashboard's rule true (docs/product.md §2: the outstanding dues are the sum of PENDING payments): a
 * registration that owes something and has no Checkout in flight has exactly one PENDING dues row (STRIPE,
 * no session yet) for what it owes; one that owes nothing, or is cancelled, has none. Called in the
 * transaction of every change of a payment's state.
 */
export async function reconcileDues(tx: DbOrTx, registrationId: string): Promise<void> {
  const [registration] = await tx
    .select({ userId: registrations.userId, status: registrations.status, payBy: registrations.payBy })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!registration) return;
  const pending = await tx
    .select({ id: payments.id, provider: payments.provider, providerRefId: payments.providerRefId })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'PENDING')));
  const placeholders = pending.filter((row) => row.provider === 'STRIPE' && row.providerRefId === null);
  const inFlight = pending.length > placeholders.length;
  const { owed } = await duesBalance(tx, registrationId);
  const wanted = registration.status !== 'CANCELLED' && owed > 0 && !inFlight;
  // A payment deadline lasts while a PENDING registration owes dues (docs/product.md §10): paid in full,
  // cancelled or confirmed by an admin, it has none.
  if (registration.payBy !== null && (registration.status !== 'PENDING' || owed <= 0)) {
    await tx
      .update(registrations)
      .set({ payBy: null, payRemindedAt: null })
      .where(eq(registrations.id, registrationId));
  }
  const [keep, ...extra] = placeholders;
  const drop = wanted ? extra : placeholders;
  if (drop.length > 0) {
    await tx.delete(payments).where(
      inArray(
        payments.id,
        drop.map((row) => row.id),
      ),
    );
  }
  if (!wanted) return;
  if (keep) {
    await tx.update(payments).set({ amountCents: owed }).where(eq(payments.id, keep.id));
  } else {
    await tx.insert(payments).values({
      userId: registration.userId,
      registrationId,
      amountCents: owed,
      currency: 'USD',
      status: 'PENDING',
      provider: 'STRIPE',
    });
  }
}

/** A PENDING registration becomes CONFIRMED once nothing more is owed (WAITLISTED is left to the admins). */
export async function confirmWhenPaid(tx: DbOrTx, registrationId: string): Promise<boolean> {
  const [registration] = await tx
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update');
  if (registration?.status !== 'PENDING') return registration?.status === 'CONFIRMED';
  if ((await duesBalance(tx, registrationId)).owed > 0) return false;
  await tx.update(registrations).set({ status: 'CONFIRMED' }).where(eq(registrations.id, registrationId));
  return true;
}
