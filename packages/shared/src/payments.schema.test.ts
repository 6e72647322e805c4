import { describe, expect, it } from 'vitest';
import { CreateStripeCheckoutInputSchema, PaymentsQuerySchema } from './payments.schema';
import { duesPaymentDescription, isOpenRefund, openRefundStatus, PAYMENT_MESSAGES } from './rules';

const valid = {
  amount: 12550,
  currency: 'USD',
  userId: '6f1c2d7e-8a9b-4c3d-9e8f-0a1b2c3d4e5f',
  registrationId: '7f1c2d7e-8a9b-4c3d-9e8f-0a1b2c3d4e5f',
  description: 'Dust Camp Dues Payment 2027',
  successUrl: 'http://localhost:3000/#/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/#/payment/cancel',
};

const messages = (input: unknown) =>
  CreateStripeCheckoutInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('CreateStripeCheckoutInputSchema', () => {
  it('accepts the documented body (amount in cents)', () => {
    expect(CreateStripeCheckoutInputSchema.parse(valid)).toEqual(valid);
  });

  it('refuses fractional or non-positive cents, another currency, non-URLs and unknown fields', () => {
    expect(messages({ ...valid, amount: 125.5 })).toEqual([PAYMENT_MESSAGES.amountInteger]);
    expect(messages({ ...valid, amount: 0 })).toEqual([PAYMENT_MESSAGES.amountPositive]);
    expect(messages({ ...valid, currency: 'EUR' })).toEqual([PAYMENT_MESSAGES.currency]);
    expect(messages({ ...valid, successUrl: 'javascript:alert(1)' })).toEqual([PAYMENT_MESSAGES.url]);
    expect(messages({ ...valid, extra: 1 })).toHaveLength(1);
  });
});

describe('PaymentsQuerySchema', () => {
  it('defaults take to 10000 and bounds it', () => {
    expect(PaymentsQuerySchema.parse({}).take).toBe(10_000);
    expect(PaymentsQuerySchema.parse({ take: '5', status: 'COMPLETED' })).toEqual({
      take: 5,
      status: 'COMPLETED',
    });
    expect(PaymentsQuerySchema.safeParse({ take: '0' }).success).toBe(false);
    expect(PaymentsQuerySchema.safeParse({ take: '10001' }).success).toBe(false);
  });
});

describe('duesPaymentDescription', () => {
  it("reads '<camp name> Dues Payment <year>'", () => {
    expect(duesPaymentDescription('Dust Camp', 2027)).toBe('Dust Camp Dues Payment 2027');
  });
});

describe('open refunds', () => {
  it('a pending refund is open whatever the payment; a failed one only while the payment is COMPLETED', () => {
    expect(isOpenRefund('PENDING', 'COMPLETED')).toBe(true);
    expect(isOpenRefund('PENDING', 'REFUNDED')).toBe(true);
    expect(isOpenRefund('FAILED', 'COMPLETED')).toBe(true);
    expect(isOpenRefund('FAILED', 'REFUNDED')).toBe(false);
    expect(isOpenRefund('SUCCEEDED', 'COMPLETED')).toBe(false);
  });

  it('tells the person of a pending refund first, then of a failed one, else nothing', () => {
    expect(openRefundStatus('COMPLETED', [])).toBeNull();
    expect(openRefundStatus('COMPLETED', ['SUCCEEDED'])).toBeNull();
    expect(openRefundStatus('COMPLETED', ['FAILED', 'SUCCEEDED'])).toBe('FAILED');
    expect(openRefundStatus('COMPLETED', ['FAILED', 'PENDING'])).toBe('PENDING');
    expect(openRefundStatus('REFUNDED', ['FAILED', 'SUCCEEDED'])).toBeNull();
  });
});
