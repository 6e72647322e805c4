import type { PublicConfig } from '@camp/shared/config';
import { CreateStripeCheckoutInputSchema } from '@camp/shared/payments';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  findPaymentFailed,
  OWING_REGISTRATION_ID,
  owingRegistration,
  STRIPE_UNREACHABLE,
  stripeDown,
  withPayments,
} from '../../../test/payment-fixtures';
import { testRegistration } from '../../../test/registration-fixtures';
import {
  jsonResponse,
  mockApiRoutes,
  renderApp,
  renderSignedIn,
  testConfig,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';

function openCancelPage(routes: ApiRoutes = {}, config: Partial<PublicConfig> = withPayments) {
  return renderSignedIn(
    '/payment/cancel',
    testUser(),
    { 'GET /registrations/me': () => jsonResponse([owingRegistration()]), ...routes },
    testConfig(config),
  );
}

/** The Try Payment Again button once the dues are known (busy, and disabled, until then). */
async function readyButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Try Payment Again' });
  await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  return button;
}

describe('Payment Cancel page (docs/product.md §2 Payment pages)', () => {
  it('says no charges were made, focuses its heading, and offers to pay again or go to the dashboard', async () => {
    const { calls } = openCancelPage();
    const heading = await screen.findByRole('heading', { name: 'Payment Cancelled' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('No charges were made.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your registration is saved, and your dues stay outstanding until they are paid. You can pay them from your dashboard at any time.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try Payment Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
    // Nothing to tell the server: the open Checkout Session expires by itself.
    expect(calls.some((call) => call.includes('/payments'))).toBe(false);
  });

  it('Try Payment Again starts a new Checkout for the dues owed, not the registration wizard', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let sent: unknown;
    openCancelPage({
      'POST /payments/stripe': ({ body }) => {
        sent = body;
        return jsonResponse({ url: 'https://checkout.stripe.test/c/pay/cs_test_again' });
      },
    });
    fireEvent.click(await readyButton());
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_again'),
    );
    expect(CreateStripeCheckoutInputSchema.parse(sent)).toMatchObject({
      amount: 15_000,
      currency: 'USD',
      registrationId: OWING_REGISTRATION_ID,
      cancelUrl: `${window.location.origin}${window.location.pathname}#/payment/cancel`,
    });
    expect(window.location.hash).toBe('#/payment/cancel');
    expect(screen.queryByRole('heading', { name: 'Registration Not Available' })).not.toBeInTheDocument();
  });

  it('says why a new Checkout could not start, and the button stays for another try', async () => {
    openCancelPage({
      'POST /payments/stripe': stripeDown,
    });
    fireEvent.click(await readyButton());
    await findPaymentFailed(STRIPE_UNREACHABLE);
    expect(screen.getByRole('button', { name: 'Try Payment Again' })).not.toHaveAttribute('data-loading');
  });

  it('leads to the dashboard when nothing is owed any more', async () => {
    openCancelPage({
      'GET /registrations/me': () => jsonResponse([testRegistration({ status: 'CONFIRMED', payments: [] })]),
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Try Payment Again' }).getAttribute('href')).toBe(
        '#/dashboard',
      ),
    );
  });

  it('leads to the dashboard when card payments are not offered', async () => {
    openCancelPage({}, {});
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Try Payment Again' }).getAttribute('href')).toBe(
        '#/dashboard',
      ),
    );
  });

  it('sends someone signed out to login first', async () => {
    mockApiRoutes({});
    renderApp('/payment/cancel');
    await waitFor(() => expect(window.location.hash).toBe('#/login?returnTo=%2Fpayment%2Fcancel'));
  });
});
