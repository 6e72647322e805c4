import { StripeCheckoutResponseSchema } from '@camp/shared/payments';
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
