import { type Payment, StripeCheckoutResponseSchema } from '@camp/shared/payments';
import type { Registration } from '@camp/shared/registrations';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { contractOf } from './api-contract';
import { testRegistration } from './registration-fixtures';
import { errorResponse, jsonResponse, offContract } from './test-utils';

// Stripe Checkout as the dashboard, the wizard and the cancel page meet it (docs/product.md §5 Payment).

/** Stripe enabled with a public key. */
export const withPayments = { stripeEnabled: true, stripePublicKey: 'pk_test_123' };

/** A registration id the checkout body's schema takes. */
export const OWING_REGISTRATION_ID = '0b6f6a3e-8d2c-4f57-9a41-7c1d2e3f4a5b';

/** A registration of 2026 whose PENDING dues row owes $150.00. */
export function owingRegistration(): Registration {
  return testRegistration({
    id: OWING_REGISTRATION_ID,
    payments: [{ ...testRegistration().payments[0]!, registrationId: OWING_REGISTRATION_ID }],
  });
}

/** What the dues' screens say while card payments are not set up. */
export const PAYMENTS_UNAVAILABLE =
  'Payment processing is not currently available. Please contact camp administrators.';

/**
 * The POST /payments/stripe body sent for the owing registration of testUser(): `amount` cents of the 2026
 * dues, returning to this app's Payment Success and Cancel pages.
 */
export function checkoutBody(amount: number) {
  const app = `${window.location.origin}${window.location.pathname}`;
  return {
    amount,
    currency: 'USD',
    userId: '4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f',
    registrationId: OWING_REGISTRATION_ID,
    description: 'Camp Dusty Gulch Dues Payment 2026',
    successUrl: `${app}#/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${app}#/payment/cancel`,
  };
}

/** What the server says while Stripe cannot be reached. */
export const STRIPE_UNREACHABLE =
  'The payment service is not reachable right now. Please try again in a few minutes.';

/** POST /payments/stripe's answer while Stripe cannot be reached. */
export const stripeDown = () => errorResponse(503, STRIPE_UNREACHABLE);

/** POST /payments/stripe's answer, checked against the shared schema while the contract table lacks it. */
export function checkoutAnswer(url: string): Response {
  const body = { url };
  const response = jsonResponse(body);
  if (contractOf('POST', '/payments/stripe')) return response;
  expect(StripeCheckoutResponseSchema.parse(body)).toEqual(body);
  return offContract(response);
}

/** Waits for the "Payment failed" alert, checks that it gives `reason`, and returns it. */
export async function findPaymentFailed(reason: string): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Payment failed')).toBeInTheDocument();
  expect(within(alert).getByText(reason)).toBeInTheDocument();
  return alert;
}

/** Payment `n` (1–9) of Zoë Núñez: a completed $150.00 Stripe payment of 2026 without refunds. */
export function testPayment(n: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id: `00000000-0000-4000-9000-00000000000${n}`,
    userId: '00000000-0000-4000-8000-000000000101',
    user: {
      id: '00000000-0000-4000-8000-000000000101',
      email: 'zoe@example.org',
      firstName: 'Zoë',
      lastName: 'Núñez',
    },
    registrationId: '00000000-0000-4000-c000-000000000001',
    registrationYear: 2026,
    amount: 150,
    refundedAmount: 0,
    currency: 'USD',
    status: 'COMPLETED',
    provider: 'STRIPE',
    providerRefId: `cs_test_${n}`,
    method: null,
    reference: null,
    refunds: [],
    createdAt: `2026-03-0${n}T12:00:00.000Z`,
    updatedAt: `2026-03-0${n}T12:00:00.000Z`,
    ...overrides,
  };
}
