import type { Payment } from '@camp/shared/payments';
import { describe, expect, it } from 'vitest';
import {
  canRefund,
  formatCents,
  owedRegistrationLabel,
  paymentTotals,
  refundableCents,
} from './payment-money';

const user = { id: 'u1', email: 'dusty@example.org', firstName: 'Dusty', lastName: 'Rhodes' };

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: 'p1',
    userId: user.id,
    user,
    registrationId: 'r1',
    registrationYear: 2026,
    amount: 10,
    refundedAmount: 0,
    currency: 'USD',
    status: 'COMPLETED',
    provider: 'STRIPE',
    providerRefId: null,
    method: null,
    reference: null,
    refunds: [],
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('payment totals', () => {
  it('adds up in whole cents: paid in (refunded payments included), refunded, net and pending', () => {
    const totals = paymentTotals([
      payment({ amount: 0.1 }),
      payment({ amount: 0.2, refundedAmount: 0.05 }),
      payment({ amount: 100, refundedAmount: 100, status: 'REFUNDED' }),
      payment({ amount: 275, status: 'PENDING' }),
      payment({ amount: 50, status: 'FAILED' }),
    ]);
    expect(totals).toEqual({
      count: 5,
      completedCents: 10_030,
      refundedCents: 10_005,
      netCents: 25,
      pendingCents: 27_500,
    });
    expect(formatCents(totals.netCents)).toBe('$0.25');
    expect(paymentTotals([])).toEqual({
      count: 0,
      completedCents: 0,
      refundedCents: 0,
      netCents: 0,
      pendingCents: 0,
    });
  });

  it('offers a refund only of a completed payment with something left', () => {
    expect(refundableCents(payment({ amount: 200, refundedAmount: 49.99 }))).toBe(15_001);
    expect(canRefund(payment({ amount: 200, refundedAmount: 49.99 }))).toBe(true);
    expect(canRefund(payment({ amount: 200, refundedAmount: 200 }))).toBe(false);
    expect(canRefund(payment({ status: 'REFUNDED', refundedAmount: 10 }))).toBe(false);
    expect(canRefund(payment({ status: 'PENDING' }))).toBe(false);
    expect(canRefund(payment({ status: 'FAILED' }))).toBe(false);
  });

  it('names an owing registration with what it owes', () => {
    const registration = {
      registrationId: 'r1',
      year: 2026,
      status: 'PENDING' as const,
      user,
      dues: 275,
      paid: 0,
      owed: 275,
    };
    expect(owedRegistrationLabel(registration)).toBe(
      'Dusty Rhodes (dusty@example.org) — 2026 — owes $275.00',
    );
    expect(owedRegistrationLabel({ ...registration, user: { ...user, firstName: '', lastName: '' } })).toBe(
      'dusty@example.org — 2026 — owes $275.00',
    );
  });
});
