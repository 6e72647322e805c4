import { CreateStripeCheckoutInputSchema } from '@camp/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  checkoutAnswer,
  checkoutBody,
  findPaymentFailed,
  OWING_REGISTRATION_ID,
  PAYMENTS_UNAVAILABLE,
  STRIPE_UNREACHABLE,
  stripeDown,
  withPayments,
} from '../../../test/payment-fixtures';
import { currentRoute, errorResponse, jsonResponse, testUser } from '../../../test/test-utils';
import {
  gate,
  kitchen,
  pendingPayment,
  testField,
  testJob,
  testOption,
  testRegistration,
} from '../../../test/registration-fixtures';
import { click, openWizard, stepHeading, toOptions, toPayment, toReview, toShifts } from '../test-fixtures';

/** POST /registrations/camp's answer: a PENDING registration whose dues row owes `owed` dollars. */
function created(owed = 150): Response {
  const registration = testRegistration({
    id: OWING_REGISTRATION_ID,
    payments: owed > 0 ? [pendingPayment(owed, OWING_REGISTRATION_ID)] : [],
  });
  return jsonResponse(
    { jobRegistration: { id: OWING_REGISTRATION_ID, status: 'PENDING', year: 2026 }, registration },
    { status: 201 },
  );
}

describe('registration wizard navigation (docs/product.md §2, §4)', () => {
  it('saves the profile on step 1, then shows Back from step 2 and Continue until Review & Pay', async () => {
    const { calls } = openWizard();
    expect(await screen.findByRole('heading', { name: 'Registration 2026' })).toBeInTheDocument();
    expect(screen.getByText('1. Profile')).toBeInTheDocument();
    expect(screen.getByText('6. Payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await toOptions();
    expect(calls).toContain('PUT /users/4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    click('Back');
    await stepHeading('Step 1 of 6: Profile');
  });

  it('stays on step 1 when saving the profile fails', async () => {
    openWizard({
      routes: { 'PUT /users/4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f': () => errorResponse(503, 'Down') },
    });
    await stepHeading('Step 1 of 6: Profile');
    click('Continue');
    expect(await screen.findByText('Failed to update profile: Down')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 6: Profile' })).toBeInTheDocument();
  });

  it('step 2 asks for an option and lists full ones as unavailable', async () => {
    openWizard({
      options: [
        testOption(),
        testOption({
          id: 'o2',
          name: 'RV Camping',
          maxSignups: 2,
          currentRegistrations: 2,
          availabilityStatus: 'FULL',
          // A full option with its waitlist on can be chosen (docs/product.md §10); this one has it off.
          waitlistEnabled: false,
        }),
      ],
    });
    await toOptions();
    click('Continue');
    expect(await screen.findByText('Please select at least one camping option')).toBeInTheDocument();
    const full = await screen.findByRole('checkbox', { name: /RV Camping/ });
    expect(full).toBeDisabled();
    expect(screen.getByText('Full - unavailable')).toBeInTheDocument();
  });

  it('step 2 says when there are no options', async () => {
    openWizard({ options: [] });
    await toOptions();
    expect(await screen.findByText('No camping options available')).toBeInTheDocument();
  });

  it('step 3 checks the custom fields with the shared messages', async () => {
    const option = testOption({
      fields: [
        testField({ id: 'f1', displayName: 'Nickname', required: true }),
        testField({
          id: 'f2',
          displayName: 'Guests',
          dataType: 'INTEGER',
          minValue: 1,
          maxValue: 4,
          order: 1,
        }),
        testField({ id: 'f3', displayName: 'Bio', dataType: 'MULTILINE_STRING', minLength: 5, order: 2 }),
      ],
    });
    openWizard({ options: [option] });
    await toOptions();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Tent Camping/ }));
    click('Continue');
    await stepHeading('Step 3 of 6: Details');
    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'hi' } });
    click('Continue');
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(screen.getByText('Guests must be at most 4')).toBeInTheDocument();
    expect(screen.getByText('Bio must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 3 of 6: Details' })).toBeInTheDocument();
  });

  it('step 4 groups shifts, says when a category has none, and asks for enough shifts', async () => {
    openWizard({ categories: [gate, kitchen], jobs: [testJob(kitchen)] });
    await toShifts();
    expect(screen.getByText('No shifts available for this category')).toBeInTheDocument();
    click('Continue');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You need to select at least 2 shifts')).toBeInTheDocument();
    expect(within(alert).getByText('You must select at least one Gate shift')).toBeInTheDocument();
  });

  it('step 4 does not offer a full job', async () => {
    openWizard({ jobs: [testJob(kitchen, { maxRegistrations: 2, currentRegistrations: 2 })] });
    await toShifts();
    expect((screen.getByRole('checkbox', { name: /Breakfast crew/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('checkbox', { name: /Breakfast crew.*Full/ })).toBeInTheDocument();
  });

  it('step 4 keeps a summary of what is still required by Continue; shown problems go as they are met', async () => {
    openWizard({
      categories: [gate, kitchen],
      jobs: [testJob(kitchen), testJob(gate, { id: 'j-gate', name: 'Gate greeter', location: 'Front gate' })],
    });
    await toShifts();
    const summary = screen.getByRole('list', { name: 'What is still required' });
    expect(screen.getByText('Selected: 0 shifts')).toBeInTheDocument();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['○ Gate: 0 of 1, still required', '○ Tent Camping shifts: 0 of 1, still required']);
    click('Continue');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'You need to select at least 2 shifts',
      'You must select at least one Gate shift',
      'You must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Gate greeter/ }));
    expect(screen.getByText('Selected: 1 shift')).toBeInTheDocument();
    expect(within(summary).getAllByRole('listitem')[0]!.textContent).toBe('✓ Gate: 1 of 1, done');
    expect(screen.getByRole('alert').textContent).toBe(
      'You need to select at least 2 shiftsYou must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Breakfast crew/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    click('Continue');
    await stepHeading('Step 5 of 6: Review');
  });

  it('step 5 needs the terms and shows the participant total; Review & Pay moves to payment', async () => {
    openWizard();
    await toReview();
    expect(screen.getByTestId('registration-total').textContent).toBe('$150.00');
    expect(await screen.findByText('Leave no trace.')).toBeInTheDocument();
    click('Review & Pay');
    expect(await screen.findByText('You must accept the terms to continue')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
    click('Review & Pay');
    await stepHeading('Step 6 of 6: Payment');
    expect(screen.getByText('$150.00')).toBeInTheDocument();
  });

  it('shows staff dues to staff', async () => {
    openWizard({ user: testUser({ role: 'STAFF' }) });
    await toReview();
    expect(screen.getByTestId('registration-total').textContent).toBe('$75.00');
    expect(screen.getByText('(staff rate)')).toBeInTheDocument();
  });

  it('without payments: says so before any button, and Save Registration saves it PENDING', async () => {
    let sent: unknown;
    const { calls } = openWizard({
      routes: {
        'POST /registrations/camp': ({ body }) => {
          sent = body;
          return created();
        },
      },
    });
    await toPayment();
    const notice = screen.getByText(PAYMENTS_UNAVAILABLE);
    expect(notice).toBeInTheDocument();
    expect(
      screen.getByText(
        'You can still save your registration: it is kept with status PENDING, with your dues of $150.00 outstanding until they are paid.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Registration' })).not.toBeInTheDocument();
    click('Save Registration');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(
      await screen.findByText(
        'Your registration for 2026 is saved with status PENDING. Your dues of $150.00 are still outstanding.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      campingOptions: ['o0000000-0000-4000-8000-000000000001'],
      customFields: {},
      jobs: ['j0000000-0000-4000-8000-000000000001'],
      acceptedTerms: true,
    });
    expect(calls).not.toContain('POST /payments/stripe');
  });

  it('Pay saves the registration, then sends the browser to Stripe Checkout for what the server says is owed', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let checkout: unknown;
    const { calls } = openWizard({
      config: withPayments,
      routes: {
        'POST /registrations/camp': () => created(140),
        'POST /payments/stripe': ({ body }) => {
          checkout = body;
          return checkoutAnswer('https://checkout.stripe.test/c/pay/cs_test_1');
        },
      },
    });
    await toPayment();
    expect(screen.getByText('Amount due:')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due').textContent).toBe('$150.00');
    expect(screen.queryByText(PAYMENTS_UNAVAILABLE)).not.toBeInTheDocument();
    click('Pay $150.00');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    // The server's own number (its PENDING dues row), in cents, with this app's return pages.
    expect(CreateStripeCheckoutInputSchema.parse(checkout)).toEqual(checkoutBody(14_000));
    // Busy until the browser has left; no way back to a step that is already saved.
    expect(screen.getByRole('button', { name: 'Pay $140.00' })).toHaveAttribute('data-loading', 'true');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /registrations/camp')).toHaveLength(1);
  });

  it('when Checkout cannot start: the message, the registration stays saved, Pay again and Go to Dashboard', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let stripeUp = false;
    const { calls } = openWizard({
      config: withPayments,
      routes: {
        'POST /registrations/camp': () => created(),
        'POST /payments/stripe': () =>
          stripeUp ? checkoutAnswer('https://checkout.stripe.test/c/pay/cs_test_2') : stripeDown(),
      },
    });
    await toPayment();
    click('Pay $150.00');
    const alert = await findPaymentFailed(STRIPE_UNREACHABLE);
    expect(
      within(alert).getByText(
        'Your registration for 2026 has been saved with status PENDING. You can try to pay again, or pay your dues of $150.00 later from your dashboard.',
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '#/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    stripeUp = true;
    click('Pay $150.00');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_2'));
    // Saved once: the second Pay only starts Checkout.
    expect(calls.filter((call) => call === 'POST /registrations/camp')).toHaveLength(1);
    expect(calls.filter((call) => call === 'POST /payments/stripe')).toHaveLength(2);
  });

  it('says so when the payment service answers without a Checkout address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    openWizard({
      config: withPayments,
      routes: {
        'POST /registrations/camp': () => created(),
        'POST /payments/stripe': () => checkoutAnswer(''),
      },
    });
    await toPayment();
    click('Pay $150.00');
    expect(await screen.findByText('No checkout URL returned from payment service')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('deferred dues with payments: Pay now or Complete Registration and pay later', async () => {
    const { calls } = openWizard({
      user: testUser({ allowDeferredDuesPayment: true }),
      config: { ...withPayments, allowDeferredDuesPayment: true },
      routes: { 'POST /registrations/camp': () => created() },
    });
    await toPayment();
    expect(screen.getByRole('button', { name: 'Pay $150.00' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You may also pay later: complete your registration now and pay your dues from your dashboard.',
      ),
    ).toBeInTheDocument();
    click('Complete Registration');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(await screen.findByText('You are registered for 2026.')).toBeInTheDocument();
    expect(calls).not.toContain('POST /payments/stripe');
  });

  it('deferred dues without payments: the notice, and Complete Registration', async () => {
    openWizard({
      user: testUser({ allowDeferredDuesPayment: true }),
      config: { allowDeferredDuesPayment: true },
    });
    await toPayment();
    expect(screen.getByText(PAYMENTS_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Registration' })).not.toBeInTheDocument();
  });

  it('step 6 shows the server message when a place was taken meanwhile', async () => {
    const { calls } = openWizard({
      config: withPayments,
      routes: {
        'POST /registrations/camp': () => errorResponse(409, '"Tent Camping" is full'),
      },
    });
    await toPayment();
    click('Pay $150.00');
    expect(await screen.findByText('Failed to submit registration')).toBeInTheDocument();
    expect(screen.getByText('"Tent Camping" is full')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(calls).not.toContain('POST /payments/stripe');
  });

  it('completes without payment when nothing is due and goes to the dashboard', async () => {
    const { calls } = openWizard({
      options: [testOption({ participantDues: 0, workShiftsRequired: 0 })],
      config: withPayments,
      routes: { 'POST /registrations/camp': () => created(0) },
    });
    await toPayment();
    expect(screen.getByText('Your registration has no dues, so no payment is needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    click('Complete Registration');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(calls).not.toContain('POST /payments/stripe');
  });
});

describe('registration access (docs/product.md §2, §4)', () => {
  it('refuses someone already registered, with the message and a dashboard button', async () => {
    openWizard({ routes: { 'GET /registrations/me': () => jsonResponse([testRegistration()]) } });
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are already registered for 2026. You can view your registration details on the dashboard.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
  });

  it('offers someone already registered who still owes dues to pay them (Try Payment Again lands here)', async () => {
    openWizard({
      config: withPayments,
      routes: { 'GET /registrations/me': () => jsonResponse([testRegistration()]) },
    });
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Outstanding Dues' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Dues Payment - $150.00' })).toBeInTheDocument();
  });

  it('shows no dues box when the registration is paid', async () => {
    openWizard({
      config: withPayments,
      routes: {
        'GET /registrations/me': () =>
          jsonResponse([testRegistration({ status: 'CONFIRMED', payments: [] })]),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Outstanding Dues' })).not.toBeInTheDocument();
  });

  it('refuses when registration is closed', async () => {
    openWizard({ config: { registrationOpen: false } });
    expect(await screen.findByRole('heading', { name: 'Registration Not Available' })).toBeInTheDocument();
    expect(screen.getByText('Registration for 2026 is not currently open.')).toBeInTheDocument();
  });
});

describe('registration wizard: joining the waitlist (docs/product.md §10)', () => {
  const rvFull = (waitlistEnabled: boolean) =>
    testOption({
      id: 'o0000000-0000-4000-8000-000000000002',
      name: 'RV Camping',
      maxSignups: 2,
      currentRegistrations: 2,
      availabilityStatus: 'FULL',
      waitlistEnabled,
    });

  /** POST /registrations/camp's answer when the registration joined the line. */
  function waitlisted(): Response {
    const registration = testRegistration({
      status: 'WAITLISTED',
      payments: [],
      waitlist: {
        joinedAt: '2026-03-02T10:00:00.000Z',
        positions: [
          { campingOptionId: 'o0000000-0000-4000-8000-000000000002', name: 'RV Camping', position: 3 },
        ],
        offer: null,
      },
    });
    return jsonResponse(
      { jobRegistration: { id: registration.id, status: 'WAITLISTED', year: 2026 }, registration },
      { status: 201 },
    );
  }

  it('offers a full option with a waitlist, says so on review and payment, sends joinWaitlist and says the person is waitlisted', async () => {
    let sent: unknown;
    const { calls } = openWizard({
      options: [testOption(), rvFull(true)],
      config: withPayments,
      routes: {
        'POST /registrations/camp': ({ body }) => {
          sent = body;
          return waitlisted();
        },
      },
    });
    await toOptions();
    const full = await screen.findByRole('checkbox', { name: /RV Camping/ });
    expect(full).toBeEnabled();
    expect(screen.getByText('Full — join the waitlist')).toBeInTheDocument();
    expect(screen.queryByText('Full - unavailable')).not.toBeInTheDocument();
    fireEvent.click(full);
    click('Continue');
    await stepHeading('Step 3 of 6: Details');
    click('Continue');
    await stepHeading('Step 4 of 6: Shifts');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Breakfast crew/ }));
    click('Continue');
    await stepHeading('Step 5 of 6: Review');
    expect(
      screen.getByText(
        'One or more of your camping options is full. You will join the waitlist and hold no place until one is offered to you.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the registration terms' }));
    click('Review & Pay');
    await stepHeading('Step 6 of 6: Payment');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    click('Join the waitlist');
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
    expect(await screen.findByText('You are on the waitlist')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your registration for 2026 is on the waitlist. We will e-mail you when a place is free for you.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      campingOptions: ['o0000000-0000-4000-8000-000000000002'],
      customFields: {},
      jobs: ['j0000000-0000-4000-8000-000000000001'],
      acceptedTerms: true,
      joinWaitlist: true,
    });
    expect(calls).not.toContain('POST /payments/stripe');
  }, 20_000);

  it('keeps a full option without a waitlist unavailable', async () => {
    openWizard({ options: [testOption(), rvFull(false)] });
    await toOptions();
    expect(await screen.findByRole('checkbox', { name: /RV Camping/ })).toBeDisabled();
    expect(screen.getByText('Full - unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Full — join the waitlist')).not.toBeInTheDocument();
  });
});
