import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, offContract, type ApiRoutes } from '../../../test/test-utils';
import { localDate } from '../csv';
import { testPayment as payment } from '../../../test/payment-fixtures';
import { adminUser, captureDownloads, failsOnce, openReportPage, tryAgainAfter } from '../test-fixtures';
import { paymentTotals } from '../../payments';

const payments = [
  payment(1, { amount: 150, refundedAmount: 50, refunds: [] }),
  payment(2, {
    amount: 80.1,
    provider: 'PAYPAL',
    providerRefId: null,
    user: {
      id: '00000000-0000-4000-8000-000000000102',
      email: 'basil@example.org',
      firstName: 'Basil',
      lastName: 'Rhodes',
    },
    userId: '00000000-0000-4000-8000-000000000102',
  }),
  payment(3, { amount: 75, status: 'REFUNDED', refundedAmount: 75 }),
  payment(4, { amount: 40, status: 'PENDING' }),
];

function openReport(routes: ApiRoutes = {}) {
  return openReportPage(
    '/reports/payments',
    adminUser,
    'GET /payments',
    () => jsonResponse({ payments }),
    routes,
  );
}

const count = (key: string) => screen.getByTestId(`count-${key}`).textContent;

describe('Payment reports (docs/product.md §2, Admin Only)', { timeout: 20_000 }, () => {
  it('lists every payment on one page with totals net of refunds', async () => {
    const { queries } = openReport();
    expect(await screen.findByRole('heading', { name: 'Payment Reports', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Admin Only')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findByText('Basil Rhodes');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(queries[0]?.get('take')).toBe('10000');
    expect(count('count')).toBe('4');
    expect(count('gross')).toBe('$305.10');
    expect(count('refunded')).toBe('$125.00');
    expect(count('net')).toBe('$180.10');
    expect(screen.queryByRole('navigation', { name: 'Payments pages' })).not.toBeInTheDocument();
    expect(screen.getByText('4 rows')).toBeInTheDocument();
  });

  it('filters by provider and status on the server', async () => {
    const { queries } = openReport();
    await within(await screen.findByRole('table', { name: 'Payments' })).findByText('Basil Rhodes');
    const providers = screen.getByRole('combobox', { name: 'Provider' });
    expect(
      within(providers)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(expect.arrayContaining(['', 'STRIPE', 'PAYPAL']));
    fireEvent.change(providers, { target: { value: 'PAYPAL' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'COMPLETED' } });
    await waitFor(() => {
      const last = queries.at(-1);
      expect([last?.get('provider'), last?.get('status')]).toEqual(['PAYPAL', 'COMPLETED']);
    });
  });

  it('exports the payments to payment_reports with the filters and the date', async () => {
    const downloads = captureDownloads();
    openReport();
    await within(await screen.findByRole('table', { name: 'Payments' })).findByText('Basil Rhodes');
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: 'STRIPE' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Export to CSV' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(`payment_reports_STRIPE_${localDate()}.csv`);
    const lines = ((await downloads[0]?.text()) ?? '').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date,First Name,Last Name,Email,Registration Year,Amount,Refunded,Net,Currency,Status,Provider,Method,Reference,Provider Reference,Payment ID',
    );
    expect(lines).toContainEqual(
      expect.stringContaining(',Zoë,Núñez,zoe@example.org,2026,150,50,100,USD,COMPLETED,STRIPE,'),
    );
  });

  it('says when there are no payments', async () => {
    openReport({ 'GET /payments': () => jsonResponse({ payments: [] }) });
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(count('net')).toBe('$0.00');
  });

  it('shows the fetch failure with Try again', async () => {
    openReport({ 'GET /payments': failsOnce(() => jsonResponse({ payments }), 503) });
    await tryAgainAfter('Failed to fetch payments data');
    expect(
      await within(await screen.findByRole('table', { name: 'Payments' })).findByText('Basil Rhodes'),
    ).toBeInTheDocument();
  });

  it('says when the answer is not payment data', async () => {
    openReport({ 'GET /payments': () => offContract(jsonResponse({ payments: [{ id: 1 }] })) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Received invalid payment data format')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads a bare list of payments too (docs/product.md §7)', async () => {
    openReport({ 'GET /payments': () => offContract(jsonResponse(payments)) });
    expect(
      await within(await screen.findByRole('table', { name: 'Payments' })).findByText('Basil Rhodes'),
    ).toBeInTheDocument();
  });
});

describe('the payment report totals (paymentTotals of the payments feature)', () => {
  it('adds up in cents: completed and refunded payments less refunds; pending and failed count for nothing', () => {
    expect(
      paymentTotals([
        payment(1, { amount: 0.1 }),
        payment(2, { amount: 0.2 }),
        payment(3, { amount: 9, status: 'FAILED' }),
      ]),
    ).toMatchObject({ count: 3, completedCents: 30, refundedCents: 0, netCents: 30 });
    expect(paymentTotals(payments)).toMatchObject({
      count: 4,
      completedCents: 30510,
      refundedCents: 12500,
      netCents: 18010,
    });
  });
});
