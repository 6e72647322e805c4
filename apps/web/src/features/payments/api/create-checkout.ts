import type { CreateStripeCheckoutInput, StripeCheckoutResponse } from '@camp/shared/payments';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /payments/stripe: a Stripe Checkout Session for what the person owes on their registration (the server
 * refuses any other amount), answered with the Checkout page's address. The mutation hook that also sends the
 * browser there is `useStartCheckout` (checkout/start-checkout.ts).
 */
export function createCheckout(input: CreateStripeCheckoutInput): Promise<StripeCheckoutResponse> {
  return apiClient.post<StripeCheckoutResponse>('/payments/stripe', { body: input });
}
