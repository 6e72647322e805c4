// Payment texts and limits (spec §7, §8 Payments, §9): plain values, no zod.

/** Currency of every payment (spec §9). */
export const PAYMENT_CURRENCY = 'USD' as const;

/** GET /payments fetch size (spec §9: the payments report asks for 10000). */
export const PAYMENTS_TAKE_DEFAULT = 10_000;
export const PAYMENTS_TAKE_MAX = 10_000;

/** Longest description accepted by POST /payments/stripe. */
export const PAYMENT_DESCRIPTION_MAX = 200;

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
  otherUsersPayments: 'You can only see your own payments',
  amountInteger: 'Amount must be a whole number of cents',
  amountPositive: 'Amount must be greater than 0',
  currency: "Currency must be 'USD'",
  userId: 'User id must be a UUID',
  registrationId: 'Registration id must be a UUID',
  url: 'Return URLs must be absolute URLs',
  take: `take must be a whole number from 1 to ${PAYMENTS_TAKE_MAX}`,
} as const;

/** '<camp name> Dues Payment <year>' (spec §7). */
export const duesPaymentDescription = (campName: string, year: number): string =>
  `${campName} Dues Payment ${year}`;
