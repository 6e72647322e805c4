import type { Registration } from '@camp/shared/registrations';
import { centsToDollars, dollarsToCents, formatDollars } from '@camp/shared/rules';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from './admin-registration-texts';

// How the Manage Registrations table shows a registration (docs/product.md §2 columns).

/** The work shifts' job names joined, or 'No shifts assigned'. */
export function shiftsText(registration: Pick<Registration, 'jobs'>): string {
  if (registration.jobs.length === 0) return TEXTS.noShifts;
  return registration.jobs.map(({ job }) => job.name).join(', ');
}

/** What the registration's COMPLETED payments add up to, in cents (added in whole cents). */
export function paidCents(registration: Pick<Registration, 'payments'>): number {
  return registration.payments
    .filter((payment) => payment.status === 'COMPLETED')
    .reduce((sum, payment) => sum + dollarsToCents(payment.amount), 0);
}

/** Cents of the completed payments made by card (refunded through Stripe) and by hand (cash, check, transfer). */
export function paidCentsByWay(registration: Pick<Registration, 'payments'>): {
  card: number;
  manual: number;
} {
  let card = 0;
  let manual = 0;
  for (const payment of registration.payments) {
    if (payment.status !== 'COMPLETED') continue;
    if (payment.provider === 'STRIPE') card += dollarsToCents(payment.amount);
    else manual += dollarsToCents(payment.amount);
  }
  return { card, manual };
}

/** Whether the registration has a completed payment (the cancel then offers a refund, docs/product.md §5). */
export const hasCompletedPayments = (registration: Pick<Registration, 'payments'>): boolean =>
  registration.payments.some((payment) => payment.status === 'COMPLETED');

/** The sum of completed payments as dollars, or 'No payments'. */
export function paymentText(registration: Pick<Registration, 'payments'>): string {
  return hasCompletedPayments(registration)
    ? formatDollars(centsToDollars(paidCents(registration)))
    : TEXTS.noPayments;
}
