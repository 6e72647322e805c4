import { PaymentConfirmationSchema, type PaymentConfirmation } from '@camp/shared/payments';
import { formatDateTime } from '@camp/shared/rules';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractOf } from '../../../test/api-contract';
import { testRegistration } from '../../../test/registration-fixtures';
import {
  advanceTimersUntil,
  createTestQueryClient,
  errorResponse,
  jsonResponse,
  offContract,
  renderApp,
  signedInApi,
  testAuthResponse,
  testUser,
  type ApiRouteHandler,
} from '../../../test/test-utils';
import { registrationKeys } from '../api/query-keys';

const SESSION = 'cs_test_a1B2c3';
const PAID_AT = '2026-07-04T17:05:00.000Z';
const VERIFY = `GET /payments/stripe/session/${SESSION}/verify`;

/**
 * The answer of GET …/verify. src/test/api-contract.ts checks fake answers against the API's schemas once it
 * lists the endpoint; until then it is checked here against the same shared schema and passed on.
 */
function confirmation(overrides: Partial<PaymentConfirmation> = {}): Response {
  const body: PaymentConfirmation = {
    paymentStatus: 'COMPLETED',
    registrationId: '0b6f6a3e-8d2c-4f57-9a41-7c1d2e3f4a5b',
    registrationStatus: 'CONFIRMED',
    paymentId: '5d0e3c1b-2a4f-4e6d-8b9c-0a1b2c3d4e5f',
    amount: 125.5,
    currency: 'USD',
    paidAt: PAID_AT,
    reference: SESSION,
    ...overrides,
  };
  const response = jsonResponse(body);
  if (contractOf('GET', `/payments/stripe/session/${SESSION}/verify`)) return response;
  expect(PaymentConfirmationSchema.parse(body)).toEqual(body);
  return offContract(response);
}

function openSuccessPage(
  verify: ApiRouteHandler,
  {
    path = `/payment/success?session_id=${SESSION}`,
    routes = {},
    queryClient = createTestQueryClient(),
  } = {},
) {
  const api = signedInApi(testUser(), { [VERIFY]: verify, ...routes });
  renderApp(path, queryClient);
  return { ...api, verifyCalls: () => api.calls.filter((call) => call === VERIFY).length };
}

const heading = (name: string) => screen.findByRole('heading', { name });

describe('Payment Success page (docs/product.md §2 Payment pages, §8 Payment success page)', () => {
  it('without a session_id says so, offers the dashboard and verifies nothing', async () => {
    const { calls } = openSuccessPage(() => confirmation(), { path: '/payment/success' });
    expect(await heading('Payment Confirmation')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe('No payment session found');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
    expect(calls.some((call) => call.includes('/payments/'))).toBe(false);
  });

  it('announces that it is confirming the payment while the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    openSuccessPage(() => new Promise<Response>((resolve) => (answer = resolve)));
    const status = (await screen.findByText('Confirming your payment…')).closest('[role="status"]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    act(() => answer(confirmation()));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
  });

  it('paid and confirmed: Payment Successful!, the registration confirmed, focus on the heading', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(registrationKeys.mine(), [testRegistration()]);
    const { verifyCalls } = openSuccessPage(() => confirmation(), { queryClient });
    const title = await heading('Payment Successful!');
    expect(screen.getByText('Your registration is now confirmed!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
    await waitFor(() => expect(document.activeElement).toBe(title));
    // The dashboard's registrations are asked for again (status and payments changed).
    await waitFor(() => expect(queryClient.getQueryState(registrationKeys.mine())?.isInvalidated).toBe(true));
    expect(verifyCalls()).toBe(1);
  });

  it('paid: shows what was paid, when, and the reference to quote to the camp', async () => {
    openSuccessPage(() => confirmation());
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    const facts = [...document.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Amount paid', '$125.50 USD'],
      ['Paid on', formatDateTime(PAID_AT)],
      ['Reference', SESSION],
    ]);
    expect(
      screen.getByText('Please quote this reference if you contact the camp about this payment.'),
    ).toBeInTheDocument();
  });

  it('paid, registration not yet confirmed: being processed and confirmed shortly', async () => {
    openSuccessPage(() => confirmation({ registrationStatus: 'PENDING' }));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Your registration is being processed and will be confirmed shortly.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your registration is now confirmed!')).not.toBeInTheDocument();
  });

  it('PENDING: Payment Processing with the status, asked again every 3 s until it is paid', async () => {
    vi.useFakeTimers();
    let paid = false;
    const { verifyCalls } = openSuccessPage(() =>
      confirmation(paid ? {} : { paymentStatus: 'PENDING', registrationStatus: 'PENDING' }),
    );
    await advanceTimersUntil(() => screen.getByRole('heading', { name: 'Payment Processing' }));
    expect(screen.getByText('Payment status:')).toBeInTheDocument();
    expect(screen.getByText('PENDING')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Waiting for the payment service to confirm your payment. This page checks again every few seconds.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(verifyCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(verifyCalls()).toBe(2);
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await advanceTimersUntil(() => screen.getByRole('heading', { name: 'Payment Successful!' }));
    expect(screen.getByText('Your registration is now confirmed!')).toBeInTheDocument();
    const calls = verifyCalls();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(verifyCalls()).toBe(calls);
  });

  it('stops asking after 60 s and says the payment is not confirmed yet', async () => {
    vi.useFakeTimers();
    const { verifyCalls } = openSuccessPage(() =>
      confirmation({ paymentStatus: 'PENDING', registrationStatus: 'PENDING' }),
    );
    await advanceTimersUntil(() => screen.getByRole('heading', { name: 'Payment Processing' }));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await advanceTimersUntil(() =>
      screen.getByText(
        'Your payment has not been confirmed yet. This can take a few minutes: your dashboard shows it once it is confirmed.',
      ),
    );
    const calls = verifyCalls();
    expect(calls).toBeGreaterThanOrEqual(20);
    expect(calls).toBeLessThanOrEqual(22);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(verifyCalls()).toBe(calls);
  });

  it('FAILED: Payment Processing with the status FAILED', async () => {
    openSuccessPage(() => confirmation({ paymentStatus: 'FAILED', registrationStatus: 'PENDING' }));
    expect(await heading('Payment Processing')).toBeInTheDocument();
    expect(screen.getByText('FAILED')).toBeInTheDocument();
    expect(
      screen.getByText('Your payment did not go through. You can try again from your dashboard.'),
    ).toBeInTheDocument();
  });

  it('401: the session has expired, with a Login button back to this page', async () => {
    // The refresh works but the server still says 401: the answer is final.
    openSuccessPage(() => errorResponse(401), {
      routes: { 'POST /auth/refresh': () => jsonResponse(testAuthResponse(testUser(), 'token-refreshed')) },
    });
    expect(await heading('Payment Confirmation')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your session has expired. Please log in again to view your payment status.',
    );
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `#/login?returnTo=${encodeURIComponent(`/payment/success?session_id=${SESSION}`)}`,
    );
  });

  it("404: an unknown (or someone else's) session", async () => {
    openSuccessPage(() =>
      errorResponse(
        404,
        'Payment session not found. Please contact support if you believe this is an error.',
      ),
    );
    expect(await heading('Payment Confirmation')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(
      'Payment session not found. Please contact support if you believe this is an error.',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('any other failure: try refreshing, with Go to Dashboard and Refresh (which asks again)', async () => {
    let down = true;
    const { verifyCalls } = openSuccessPage(() => (down ? errorResponse(500) : confirmation()));
    expect(await heading('Payment Confirmation')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(
      'Error processing payment confirmation. Please try refreshing the page.',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    // A server failure is asked once more before the page gives up.
    expect(verifyCalls()).toBe(2);
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
  });
});
