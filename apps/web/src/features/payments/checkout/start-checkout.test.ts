import {
  CreateStripeCheckoutInputSchema,
  StripeCheckoutResponseSchema,
  type StripeCheckoutResponse,
} from '@camp/shared/payments';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { contractOf } from '../../../test/api-contract';
import { errorResponse, jsonResponse, mockApiRoutes, offContract } from '../../../test/test-utils';
import { paymentsAvailable } from './payments-available';
import {
  checkoutFailureMessage,
  checkoutInput,
  CheckoutUrlMissingError,
  startCheckout,
  type CheckoutRequest,
} from './start-checkout';

const request: CheckoutRequest = {
  user: { id: '4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f' },
  registrationId: '0b6f6a3e-8d2c-4f57-9a41-7c1d2e3f4a5b',
  amountCents: 27_500,
  campName: 'Camp Dusty Gulch',
  year: 2026,
};

const location = { origin: 'https://camp.example.org', pathname: '/' };

/** POST /payments/stripe's answer, checked against the shared schema while the contract table lacks it. */
function checkoutAnswer(body: StripeCheckoutResponse): Response {
  const response = jsonResponse(body);
  if (contractOf('POST', '/payments/stripe')) return response;
  expect(StripeCheckoutResponseSchema.parse(body)).toEqual(body);
  return offContract(response);
}

describe('checkoutInput (docs/product.md §7 POST /payments/stripe)', () => {
  it('asks for the amount in cents, USD, with the dues description and this app as return pages', () => {
    const input = checkoutInput(request, location);
    expect(input).toEqual({
      amount: 27_500,
      currency: 'USD',
      userId: request.user.id,
      registrationId: request.registrationId,
      description: 'Camp Dusty Gulch Dues Payment 2026',
      successUrl: 'https://camp.example.org/#/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://camp.example.org/#/payment/cancel',
    });
    // The server takes it as it is.
    expect(CreateStripeCheckoutInputSchema.parse(input)).toEqual(input);
  });

  it('keeps the app served under a path', () => {
    const input = checkoutInput(request, { origin: 'https://example.org', pathname: '/camp/' });
    expect(input.successUrl).toBe(
      'https://example.org/camp/#/payment/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(input.cancelUrl).toBe('https://example.org/camp/#/payment/cancel');
  });
});

describe('startCheckout', () => {
  it('sends the browser to the Checkout page the server answers', async () => {
    let sent: unknown;
    mockApiRoutes({
      'POST /payments/stripe': ({ body }) => {
        sent = body;
        return checkoutAnswer({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
      },
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await startCheckout(request);
    expect(CreateStripeCheckoutInputSchema.parse(sent)).toEqual(checkoutInput(request));
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1');
  });

  it('fails with its text when the answer has no address', async () => {
    mockApiRoutes({ 'POST /payments/stripe': () => checkoutAnswer({ url: '' }) });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const failure = await startCheckout(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckoutUrlMissingError);
    expect(checkoutFailureMessage(failure)).toBe('No checkout URL returned from payment service');
    expect(assign).not.toHaveBeenCalled();
  });

  it('fails with the server message', async () => {
    mockApiRoutes({
      'POST /payments/stripe': () => errorResponse(400, 'Stripe payments are not configured'),
    });
    const failure = await startCheckout(request).catch((error: unknown) => error);
    expect(checkoutFailureMessage(failure)).toBe('Stripe payments are not configured');
  });
});

describe('checkoutFailureMessage (docs/product.md §8 Payments)', () => {
  it('names an unreachable service, a lost session, or else says the payment failed', () => {
    expect(checkoutFailureMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(
      'The payment service is not reachable right now. Please try again in a few minutes.',
    );
    expect(checkoutFailureMessage(new ApiError({ kind: 'timeout', status: 0 }))).toBe(
      'The payment service is not reachable right now. Please try again in a few minutes.',
    );
    expect(
      checkoutFailureMessage(
        new ApiError({ kind: 'http', status: 401, serverMessage: 'Authentication required' }),
      ),
    ).toBe('User must be logged in to make payment');
    expect(checkoutFailureMessage(new ApiError({ kind: 'http', status: 500 }))).toBe('Payment failed');
    expect(checkoutFailureMessage(new Error('boom'))).toBe('Payment failed');
  });
});

describe('paymentsAvailable (docs/product.md §5 Payment)', () => {
  it('needs Stripe enabled and a public key', () => {
    expect(paymentsAvailable({ stripeEnabled: true, stripePublicKey: 'pk_test_1' })).toBe(true);
    expect(paymentsAvailable({ stripeEnabled: true, stripePublicKey: null })).toBe(false);
    expect(paymentsAvailable({ stripeEnabled: true, stripePublicKey: '  ' })).toBe(false);
    expect(paymentsAvailable({ stripeEnabled: false, stripePublicKey: 'pk_test_1' })).toBe(false);
  });
});
