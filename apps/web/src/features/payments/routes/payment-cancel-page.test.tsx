import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApiRoutes, renderApp, startSignedIn, testUser } from '../../../test/test-utils';

describe('Payment Cancel page (spec §2 Payment pages)', () => {
  it('says no charges were made, focuses its heading, and offers to pay again or go to the dashboard', async () => {
    startSignedIn();
    const { calls } = mockApiRoutes({ 'GET /auth/profile': () => jsonResponse(testUser()) });
    renderApp('/payment/cancel');
    const heading = await screen.findByRole('heading', { name: 'Payment Cancelled' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('No charges were made.')).toBeTruthy();
    expect(
      screen.getByText(
        'Your registration is saved, and your dues stay outstanding until they are paid. You can pay them from your dashboard at any time.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Payment Again' }).getAttribute('href')).toBe(
      '#/registration',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('#/dashboard');
    // Nothing to tell the server: the open Checkout Session expires by itself.
    expect(calls.some((call) => call.includes('/payments'))).toBe(false);
  });

  it('sends someone signed out to login first', async () => {
    mockApiRoutes({});
    renderApp('/payment/cancel');
    await waitFor(() => expect(window.location.hash).toBe('#/login?returnTo=%2Fpayment%2Fcancel'));
  });
});
