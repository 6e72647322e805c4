// Payment texts and limits (docs/product.md §7, §8 Payments, §9): plain values, no zod.
import { formatDollars } from './display-format';
import type { Role } from './enums';

export const PAYMENT_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Badge colours of payment statuses (docs/product.md §4 names none; these read like the registration ones). */
/** A payment status in words, for every filter and select (badges show the status as the API spells it). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  COMPLETED: 'green',
  PENDING: 'yellow',
  FAILED: 'red',
  REFUNDED: 'gray',
};

/** STRIPE and PAYPAL (docs/product.md §9); MANUAL: cash, check or bank transfer recorded by an admin (decision 016). */
export const PAYMENT_PROVIDERS = ['STRIPE', 'PAYPAL', 'MANUAL'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  STRIPE: 'Stripe',
  PAYPAL: 'PayPal',
  MANUAL: 'Manual',
};

/** How a manual payment was made. */
export const MANUAL_PAYMENT_METHODS = ['CASH', 'CHECK', 'BANK_TRANSFER'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  CASH: 'Cash',
  CHECK: 'Check',
  BANK_TRANSFER: 'Bank transfer',
};

/** A refund's state: PENDING while the provider is asked, then SUCCEEDED or FAILED. */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Whether a role reads other people's money (amounts paid or owed, payments, refunds, providers): admins only.
 * Staff read the reports without any of it, and everyone still reads their own dues and payments.
 */
export const seesOthersMoney = (role: Role | null | undefined): boolean => role === 'ADMIN';

/**
 * A refund that has not given the money back and waits for the camp: PENDING (being made, or Stripe did not
 * answer), or FAILED while its payment is still COMPLETED (once the payment is refunded in full, an old
 * refusal needs nothing more). Admin → Payments offers Retry for these, and the person is told of them.
 */
export const isOpenRefund = (refund: RefundStatus, payment: PaymentStatus): boolean =>
  refund === 'PENDING' || (refund === 'FAILED' && payment === 'COMPLETED');

/** What the person is told of a payment's refunds: one pending, else one failed, else nothing. */
export function openRefundStatus(
  payment: PaymentStatus,
  refunds: readonly RefundStatus[],
): 'PENDING' | 'FAILED' | null {
  const open = refunds.filter((refund) => isOpenRefund(refund, payment));
  if (open.includes('PENDING')) return 'PENDING';
  return open.length > 0 ? 'FAILED' : null;
}

/** Currency of every payment (docs/product.md §9). */
export const PAYMENT_CURRENCY = 'USD' as const;

/** GET /payments fetch size (docs/product.md §9: the payments report asks for 10000). */
export const PAYMENTS_TAKE_DEFAULT = 10_000;
export const PAYMENTS_TAKE_MAX = 10_000;

/** Longest description accepted by POST /payments/stripe. */
export const PAYMENT_DESCRIPTION_MAX = 200;

/** A refund's reason: required, 10 characters at least (as the admin cancel's, docs/product.md §5), at most 1000. */
export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 1000;

/** A manual payment's reference (receipt or check number, transfer id). */
export const MANUAL_REFERENCE_MAX = 200;

/** The admin payments list's person search (name or e-mail). */
export const PAYMENT_SEARCH_MAX = 200;

export const PAYMENT_MESSAGES = {
  stripeNotConfigured: 'Stripe payments are not configured',
  amountMismatch: 'The amount does not match the dues owed for this registration',
  nothingOwed: 'Nothing is owed for this registration',
  notYourUser: 'You can only pay for yourself',
  registrationNotFound: 'Registration not found',
  registrationCancelled: 'A cancelled registration cannot be paid',
  foreignReturnUrl: 'Return URLs must be on this site',
  stripeUnavailable: 'The payment service is not reachable right now. Please try again in a few minutes.',
  sessionNotFound: 'Payment session not found. Please contact support if you believe this is an error.',
  badSignature: 'Invalid webhook signature',
  malformedEvent: 'Malformed webhook event',
  checkoutBusy: 'A payment for this registration is being started elsewhere. Please try again.',
  otherUsersPayments: 'You can only see your own payments',
  amountInteger: 'Amount must be a whole number of cents',
  amountPositive: 'Amount must be greater than 0',
  currency: "Currency must be 'USD'",
  userId: 'User id must be a UUID',
  registrationId: 'Registration id must be a UUID',
  url: 'Return URLs must be absolute URLs',
  take: `take must be a whole number from 1 to ${PAYMENTS_TAKE_MAX}`,
  year: 'Year must be a whole number',
  search: `Search must be at most ${PAYMENT_SEARCH_MAX} characters`,
  paymentNotFound: 'Payment not found',
  paymentId: 'Payment id must be a UUID',
  refundReasonRequired: 'Please provide a reason for the refund.',
  refundReasonShort: `Reason must be at least ${REFUND_REASON_MIN} characters long.`,
  refundReasonLong: `Reason must be at most ${REFUND_REASON_MAX} characters`,
  refundAmount: 'Refund amount must be a number',
  refundAmountPositive: 'Refund amount must be greater than 0',
  refundAmountCents: 'Refund amount must be in whole cents (at most 2 decimal places)',
  notRefundable: 'Only completed payments can be refunded',
  refundRefused: 'Stripe refused the refund. Check the payment in the Stripe dashboard.',
  idempotencyKey: 'Idempotency key must be a UUID',
  idempotencyKeyReused: 'This idempotency key was used for a different request',
  refundId: 'Refund id must be a UUID',
  refundNotFound: 'Refund not found',
  refundDone: 'This refund has already been made',
  refundNotRetryable: 'This refund can no longer be retried: the payment has been refunded or changed since',
  manualAmount: 'Amount must be a number',
  manualAmountPositive: 'Amount must be greater than 0',
  manualAmountCents: 'Amount must be in whole cents (at most 2 decimal places)',
  manualMethod: 'Please choose how the payment was made',
  manualReferenceRequired: 'Please enter a reference (receipt or check number, transfer id)',
  manualReferenceLong: `Reference must be at most ${MANUAL_REFERENCE_MAX} characters`,
} as const;

/** 'The refund cannot be more than the $X.XX left on this payment' */
export const refundTooLargeMessage = (leftCents: number): string =>
  `The refund cannot be more than the ${formatDollars(leftCents / 100)} left on this payment`;

/** 'The amount is more than the $X.XX owed for this registration' */
export const manualTooLargeMessage = (owedCents: number): string =>
  `The amount is more than the ${formatDollars(owedCents / 100)} owed for this registration`;

/** '<camp name> Dues Payment <year>' (docs/product.md §7). */
export const duesPaymentDescription = (campName: string, year: number): string =>
  `${campName} Dues Payment ${year}`;

/**
 * Where a refund that has not given the money back stands, in words for the admin (Admin → Payments) and for
 * the person (their dashboard). A FAILED refund waits for an admin's Retry; a PENDING one is being made or
 * waits for Stripe to answer.
 */
export const REFUND_STATE_TEXTS = {
  adminPending: 'Refund pending',
  adminFailed: 'Refund failed',
  retry: 'Retry refund',
  participantPending: 'Refund pending',
  participantFailed: 'Refund failed — the camp will contact you',
} as const;

/**
 * Payment deadlines (docs/product.md §10): dues are due this many days after an offer is accepted or a place is
 * won, when the camp sets a deadline; the reminder goes this long before it.
 */
export const PAYMENT_DEADLINE_DAYS_MIN = 1;
export const PAYMENT_DEADLINE_DAYS_MAX = 90;
export const PAYMENT_REMINDER_HOURS = 48;

export const PAYMENT_DEADLINE_MESSAGES = {
  /** Site Configuration's payment deadline: empty (no deadline) or a whole number of days in range. */
  deadlineDays: `Payment deadline must be a whole number of days from ${PAYMENT_DEADLINE_DAYS_MIN} to ${PAYMENT_DEADLINE_DAYS_MAX}, or empty for none`,
  autoRelease: 'Release unpaid places automatically must be true or false',
  /** POST /admin/registrations/:id/release of a registration whose deadline has not passed or that owes nothing. */
  notOverdue: 'This registration is not overdue: its payment deadline has not passed or nothing is owed',
} as const;

/** Payment deadlines in words (docs/product.md §10): Site Configuration, the dashboard, Admin → Payments. */
export const PAYMENT_DEADLINE_TEXTS = {
  deadlineDaysLabel: 'Payment deadline (days)',
  deadlineDaysHelp:
    'Days to pay after a waitlist offer is accepted or a place is won. Leave empty for no deadline.',
  autoReleaseLabel: 'Release unpaid places automatically',
  autoReleaseHelp:
    'When the deadline passes with dues still owed, the place goes back to the line without an admin.',
  /** The dashboard, beside the dues: 'Pay by Jun 1, 2027, 5:00 PM'. */
  payBy: (deadline: string) => `Pay by ${deadline}`,
  /** The cancellation reason of a released registration. */
  releasedReason: 'Payment deadline passed',
  overdueTitle: 'Overdue',
  overdueHelp: 'Registrations past their payment deadline with dues still owed.',
  overdueEmpty: 'No registration is past its payment deadline.',
  overdueFetchFailed: 'The overdue registrations could not be loaded',
  /** The overdue list's "Overdue since" column: the deadline, and how long ago. */
  overdueFor: (days: number) => (days < 1 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`),
  release: 'Release place',
  releaseTitle: 'Release this place?',
  releaseConfirm: (name: string) =>
    `${name}'s registration is cancelled ("Payment deadline passed"), its places go to the next person in line, and ${name} is told by e-mail.`,
  released: 'Place released',
  releaseFailed: 'The place could not be released',
} as const;

/** The payment deadline's mails (docs/product.md §10); the greeting and dashboard link are added around them. */
export const PAYMENT_DEADLINE_MAILS = {
  reminderSubject: (campName: string, deadline: string) => `Your dues for ${campName} are due by ${deadline}`,
  reminderLines: (owed: string, deadline: string) => [
    `Your dues for your place (${owed}) are due by ${deadline}.`,
    'Pay them on your dashboard before then, or your place may go to the next person in line.',
  ],
  releasedSubject: (campName: string) => `${campName}: your place has been released`,
  releasedLines: (deadline: string) => [
    `Your dues were not paid by ${deadline}, so your place has been released to the next person in line.`,
    'Your registration is cancelled. If you believe this is a mistake, please contact the camp administrators.',
  ],
} as const;
