/**
 * Query keys of the person's own payments; all start with 'payments' (the admin screen's keys, in
 * admin-query-keys.ts, start with 'payments', 'admin').
 */
export const paymentKeys = {
  all: () => ['payments'] as const,
  /** The confirmation of one Stripe Checkout Session (the Payment Success page). */
  session: (sessionId: string) => ['payments', 'session', sessionId] as const,
};
