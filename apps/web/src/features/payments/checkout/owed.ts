import { dollarsToCents, type PaymentStatus } from '@camp/shared/rules';

/**
 * What a registration still owes, in cents: the sum of its PENDING payments (the server keeps one PENDING dues
 * row per registration that owes something, its amount what is owed). The amount POST /payments/stripe takes.
 */
export function owedCents(payments: readonly { status: PaymentStatus; amount: number }[]): number {
  return payments
    .filter((payment) => payment.status === 'PENDING')
    .reduce((sum, payment) => sum + dollarsToCents(payment.amount), 0);
}
