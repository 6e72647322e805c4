import { CreateStripeCheckoutInputSchema } from '@camp/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/test-utils';
import {
  checkoutAnswer,
  checkoutBody,
  findPaymentFailed,
  owingRegistration,
  PAYMENTS_UNAVAILABLE,
  withPayments,
} from '../../../test/payment-fixtures';
import { campWithAnswers, testCampRegistration, testRegistration } from '../../../test/registration-fixtures';
import { openDashboard } from '../test-fixtures';

describe('dashboard registration overview (docs/product.md §2 Dashboard)', () => {
  it('shows the current registration with status, shifts, payments and outstanding dues', async () => {
    openDashboard([testRegistration()]);
    const section = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getAllByText('PENDING')).toHaveLength(2); // registration and payment
    expect(within(section).getByText('Breakfast crew')).toBeInTheDocument();
    expect(within(section).getByText('Cook and clean for the camp')).toBeInTheDocument();
    expect(within(section).getByText('Location: Main kitchen')).toBeInTheDocument();
    expect(within(section).getByText('Monday 08:00–11:00')).toBeInTheDocument();
    expect(within(section).getByText('Bring a hat')).toBeInTheDocument();
    expect(within(section).getByText('$150.00')).toBeInTheDocument();
    expect(within(section).getByText('USD')).toBeInTheDocument();
    // Without payments: said before anything is pressed, and no button to press.
    const dues = screen.getByRole('heading', { name: 'Outstanding Dues' }).closest('section') as HTMLElement;
    expect(
      within(dues).getByText(
        'You have $150.00 in dues to pay for 2026. Your registration stays pending until they are paid.',
      ),
    ).toBeInTheDocument();
    expect(within(dues).getByText(PAYMENTS_UNAVAILABLE)).toBeInTheDocument();
    expect(within(dues).queryByRole('button', { name: /Complete Dues Payment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Registration' })).not.toBeInTheDocument();
  });

  it('shows a shift’s check-in mark beside it once staff made one (docs/product.md §11 Check-in)', async () => {
    const registration = testRegistration();
    const [held] = registration.jobs;
    openDashboard([testRegistration({ jobs: [{ ...held!, attendance: 'NO_SHOW' }] })]);
    const section = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    const shift = within(section).getByText('Breakfast crew').closest('li') as HTMLElement;
    expect(within(shift).getByText('No-show')).toBeInTheDocument();
    expect(within(shift).queryByText('Checked in')).not.toBeInTheDocument();
  });

  it('shows no check-in mark on an unmarked shift', async () => {
    openDashboard([testRegistration()]);
    const section = (await screen.findByRole('heading', { name: 'Current Registration 2026' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('Breakfast crew')).toBeInTheDocument();
    expect(within(section).queryByText('No-show')).not.toBeInTheDocument();
    expect(within(section).queryByText('Checked in')).not.toBeInTheDocument();
  });

  it("shows the payment deadline beside the dues, in the camp's time zone (docs/product.md §10)", async () => {
    openDashboard([testRegistration({ payBy: '2026-06-02T00:30:00.000Z' })], testCampRegistration(), true, {
      config: { timeZone: 'America/Los_Angeles' },
    });
    const dues = (await screen.findByRole('heading', { name: 'Outstanding Dues' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(dues).getByText('Pay by Jun 1, 2026, 5:30 PM PDT')).toBeInTheDocument();
  });

  it('shows no deadline when the registration has none', async () => {
    openDashboard([testRegistration()]);
    const dues = (await screen.findByRole('heading', { name: 'Outstanding Dues' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(dues).queryByText(/^Pay by/)).not.toBeInTheDocument();
  });

  it('Complete Dues Payment starts Stripe Checkout for what is owed and sends the browser there', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let sent: unknown;
    openDashboard([owingRegistration()], testCampRegistration(), true, {
      config: withPayments,
      routes: {
        'POST /payments/stripe': ({ body }) => {
          sent = body;
          return checkoutAnswer('https://checkout.stripe.test/c/pay/cs_test_9');
        },
      },
    });
    const pay = await screen.findByRole('button', { name: 'Complete Dues Payment - $150.00' });
    expect(screen.queryByText(PAYMENTS_UNAVAILABLE)).not.toBeInTheDocument();
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_9'));
    expect(CreateStripeCheckoutInputSchema.parse(sent)).toEqual(checkoutBody(15_000));
    // Busy until the browser has left.
    expect(pay).toHaveAttribute('data-loading', 'true');
  });

  it('shows why Checkout could not start, and the button stays for another try', async () => {
    openDashboard([owingRegistration()], testCampRegistration(), true, {
      config: withPayments,
      routes: { 'POST /payments/stripe': () => errorResponse(400, 'Stripe payments are not configured') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Dues Payment - $150.00' }));
    await findPaymentFailed('Stripe payments are not configured');
    expect(
      screen.getByRole('button', { name: 'Complete Dues Payment - $150.00' }).getAttribute('data-loading'),
    ).toBeNull();
  });

  it('drops the Registration nav link once the person holds a registration of the year, not before', async () => {
    openDashboard([testRegistration()]);
    await screen.findByRole('heading', { name: 'Current Registration 2026' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Registration' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  it('keeps the Registration nav link when the only registration of the year is cancelled', async () => {
    openDashboard([testRegistration({ id: 'old', status: 'CANCELLED', payments: [] })]);
    await screen.findByRole('heading', { name: 'Registration History' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Registration' })).toBeInTheDocument();
  });

  it('lists cancelled registrations of the year under Registration History', async () => {
    openDashboard([testRegistration({ id: 'old', status: 'CANCELLED', payments: [] })]);
    const history = (await screen.findByRole('heading', { name: 'Registration History' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(history).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(history).getByText('Breakfast crew')).toBeInTheDocument();
    // Cancelled: no current registration, so registering again is offered.
    expect(screen.getByText('Registration for 2026 is open!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Registration' }).getAttribute('href')).toBe(
      '#/registration',
    );
  });

  it('shows camping choices with their Additional Information, or none', async () => {
    openDashboard(
      [testRegistration({ payments: [] })],
      campWithAnswers([['Bringing a generator', 'BOOLEAN', true]]),
    );
    const camping = (await screen.findByRole('heading', { name: 'Camping' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(camping).getByText('Tent Camping')).toBeInTheDocument();
    expect(within(camping).getByText('Additional Information:')).toBeInTheDocument();
    expect(within(camping).getByText('Bringing a generator:')).toBeInTheDocument();
    expect(within(camping).getByText('Yes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Complete Dues Payment/ })).not.toBeInTheDocument();
  });

  it('without a registration: the availability message, Start Registration only when open', async () => {
    openDashboard([], testCampRegistration(), false);
    expect(await screen.findByText('Registration for 2026 is not currently open.')).toBeInTheDocument();
    // The camping choices load on their own.
    expect(await screen.findByText('No camping options selected.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Registration' })).not.toBeInTheDocument();
  });

  it('says when registrations or the camp registration cannot be fetched', async () => {
    openDashboard(
      () => errorResponse(503, 'Down'),
      () => errorResponse(503, 'Down'),
    );
    expect(await screen.findByText('Failed to fetch registrations')).toBeInTheDocument();
  });

  it('says when the camp registration cannot be fetched', async () => {
    openDashboard([], () => errorResponse(503, 'Down'));
    expect(await screen.findByText('Failed to fetch camp registration')).toBeInTheDocument();
  });
});
