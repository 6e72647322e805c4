import type { OwedRegistration, Payment, Refund } from '@camp/shared/payments';
import { displayName, dollarsToCents, formatDollars, isOpenRefund } from '@camp/shared/rules';

// Money of the admin payments screen, added up in whole cents (docs/architecture.md §5: dollars in JSON, cents for
// arithmetic), so $0.10 + $0.20 is $0.30 and not $0.30000000000000004.

/** What is left to refund of a payment, in cents: its amount less what has been refunded. */
export function refundableCents(payment: Payment): number {
  return Math.max(0, dollarsToCents(payment.amount) - dollarsToCents(payment.refundedAmount));
}

/** Only a completed payment with something left can be refunded (a partly refunded one stays COMPLETED). */
export function canRefund(payment: Payment): boolean {
  return payment.status === 'COMPLETED' && refundableCents(payment) > 0;
}

/** The refunds of a payment that have not given the money back and wait for an admin (the shared rule). */
export function openRefunds(payment: Payment): Refund[] {
  return payment.refunds.filter((refund) => isOpenRefund(refund.status, payment.status));
}

export interface PaymentTotals {
  count: number;
  /** Paid in: completed payments, and refunded ones (they were paid before they were refunded), in cents. */
  completedCents: number;
  /** Given back by refunds, in cents. */
  refundedCents: number;
  /** Completed less refunded, in cents. */
  netCents: number;
  /** Not yet paid (dues waiting, a Checkout under way), in cents. */
  pendingCents: number;
}

/** The totals over a list of payments (the filtered list the screen shows). */
export function paymentTotals(payments: readonly Payment[]): PaymentTotals {
  let completedCents = 0;
  let refundedCents = 0;
  let pendingCents = 0;
  for (const payment of payments) {
    const amount = dollarsToCents(payment.amount);
    if (payment.status === 'COMPLETED' || payment.status === 'REFUNDED') completedCents += amount;
    if (payment.status === 'PENDING') pendingCents += amount;
    refundedCents += dollarsToCents(payment.refundedAmount);
  }
  return {
    count: payments.length,
    completedCents,
    refundedCents,
    netCents: completedCents - refundedCents,
    pendingCents,
  };
}

/** Cents as money is shown: '$1,234.50'. */
export const formatCents = (cents: number): string => formatDollars(cents / 100);

/** '<Name> (<email>) — <year> — owes $X.XX': a registration in the manual payment form's list. */
export function owedRegistrationLabel(registration: OwedRegistration): string {
  const name = displayName(registration.user);
  const who = name ? `${name} (${registration.user.email})` : registration.user.email;
  return `${who} — ${registration.year} — owes ${formatDollars(registration.owed)}`;
}
