import { type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  type Camp,
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type SignIn,
  test,
} from './support/fixtures';
import {
  DUES_DESCRIPTION,
  payWithoutReturning,
  registerWithDues,
  startCheckoutThroughApi,
  storedStatuses,
  TENT_DUES,
  wizardToPayment,
} from './support/stripe';

// Dues paid through Stripe Checkout. Every test's server has a fake Stripe of its own (the
// `stripe` fixture): its Checkout page pays, delivers the signed webhook to the server, then sends the
// browser back to the app. Each test registers its own people.
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const UNAVAILABLE = 'Payment processing is not currently available. Please contact camp administrators.';

const PAYER: ProfileDetails = {
  firstName: 'Juniper',
  lastName: 'Payer',
  phone: '555-0142',
  emergencyContact: 'Rowan Payer, 555-0143, brother',
};
const PAYER_NAME = fullName(PAYER);

/** Steps 1 to 5 of the wizard with the paying option, its answers and two shifts; ends on step 6. */
async function registerUpToPayment(page: Page) {
  await page.goto('/#/registration');
  await wizardToPayment(page, { nickname: 'Sparky', guests: '2', arrival: `${CAMP.year}-08-24` });
  await expect(page.getByText('Amount due:', { exact: true })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText(TENT_DUES.text);
}

/** The fake Checkout page, showing what is being paid, by whom. */
async function expectCheckoutPage(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText(DUES_DESCRIPTION, { exact: true })).toBeVisible();
  await expect(page.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
  await expect(page.getByText(`Email: ${email}`, { exact: true })).toBeVisible();
}

/**
 * A person registered through the API with the tent's dues, who presses 'Complete Dues Payment' on the
 * dashboard (PENDING until then) and lands on the fake Checkout page. Answers the registration's id.
 */
async function checkoutFromDashboard(page: Page, signIn: SignIn, camp: Camp, email: string) {
  const token = await signIn(email, PAYER);
  const { registrationId } = await registerWithDues(page.request, token, camp);
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
  await expect(currentRegistration(page).getByText('PENDING', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` }).click();
  await expectCheckoutPage(page, email);
  return registrationId;
}

const currentRegistration = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: `Current Registration ${CAMP.year}` }) });

/** The dashboard of a person whose dues are paid: CONFIRMED, one COMPLETED payment, nothing outstanding. */
async function expectPaidDashboard(page: Page) {
  const current = currentRegistration(page);
  await expect(current.getByRole('heading', { name: `Current Registration ${CAMP.year}` })).toBeVisible();
  await expect(current.getByText('CONFIRMED', { exact: true })).toBeVisible();
  await expect(current.getByText('COMPLETED', { exact: true })).toBeVisible();
  await expect(current.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
  await expect(current.getByText('PENDING', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Complete Dues Payment/ })).toHaveCount(0);
}

test.describe('paying dues through Stripe Checkout', () => {
  test.use({ campSeed: 'registration-paying' });

  test('a participant registers, pays on the Checkout page, comes back to Payment Successful! and is confirmed', async ({
    page,
    server,
    stripe,
    signIn,
    screenCheck,
  }) => {
    const email = 'payer@e2e.test';
    await signIn(email, PAYER);
    await registerUpToPayment(page);
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Registration' })).toHaveCount(0);

    await page.getByRole('button', { name: `Pay ${TENT_DUES.text}` }).click();
    await expectCheckoutPage(page, email);
    const session = stripe.lastSession();
    expect(page.url()).toBe(session.url);
    expect(session.amount_total).toBe(TENT_DUES.cents);

    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(`${server.url}/#/payment/success?session_id=${session.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Your registration is now confirmed!', { exact: true })).toBeVisible();
    // The webhook reached the server (before the redirect) and was accepted.
    expect(stripe.deliveries.map(({ eventType, status }) => `${eventType} ${status}`)).toEqual([
      'checkout.session.completed 200',
    ]);
    await screenCheck('payment-success');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(`${server.url}/#/dashboard`);
    await expectPaidDashboard(page);
  });

  test('a person who pays and closes the tab before coming back is confirmed by the webhook alone', async ({
    page,
    site,
  }) => {
    const { server, stripe, camp, backend, signIn } = site;
    const registrationId = await checkoutFromDashboard(page, signIn, camp, 'tab-closer@e2e.test');
    const session = stripe.lastSession();

    // Pay is pressed, but the browser never follows the redirect back: no success page, no verify call.
    const successUrl = await payWithoutReturning(page.request, page.url());
    expect(successUrl).toBe(`${server.url}/#/payment/success?session_id=${session.id}`);
    await page.close();
    expect(stripe.deliveries.map(({ eventType, status }) => `${eventType} ${status}`)).toEqual([
      'checkout.session.completed 200',
    ]);
    expect(await storedStatuses(backend, registrationId)).toEqual({
      registration: 'CONFIRMED',
      payments: ['COMPLETED'],
    });

    // Later, in a new tab of the same browser.
    const later = await page.context().newPage();
    await later.goto('/#/dashboard');
    await expectPaidDashboard(later);
  });

  test("the Checkout page's Back link leads to Payment Cancelled; nothing is charged and the dues stay", async ({
    page,
    site,
    screenCheck,
  }) => {
    const { server, stripe, camp, backend, signIn } = site;
    const email = 'canceller@e2e.test';
    const registrationId = await checkoutFromDashboard(page, signIn, camp, email);

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${server.url}/#/payment/cancel`);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByText('No charges were made.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Payment Again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    expect(stripe.deliveries).toEqual([]);
    expect(stripe.paymentIntents.size).toBe(0);
    expect((await storedStatuses(backend, registrationId)).registration).toBe('PENDING');
    await screenCheck('payment-cancel');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(`${server.url}/#/dashboard`);
    await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
    await expect(currentRegistration(page).getByText('PENDING', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` }),
    ).toBeVisible();

    // Trying again from the cancel page goes straight back to Checkout and pays the same dues once.
    await page.goto('/#/payment/cancel');
    await page.getByRole('button', { name: 'Try Payment Again' }).click();
    await expectCheckoutPage(page, email);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Your registration is now confirmed!', { exact: true })).toBeVisible();
    expect(stripe.paymentIntents.size).toBe(1);
    expect(await storedStatuses(backend, registrationId)).toEqual({
      registration: 'CONFIRMED',
      payments: ['COMPLETED'],
    });
  });

  test('Payment Success without a session, or with one the server does not know, says so', async ({
    page,
    signIn,
  }) => {
    await signIn('lost@e2e.test', PAYER);
    await page.goto('/#/payment/success');
    await expect(page.getByText('No payment session found', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

    await page.goto('/#/payment/success?session_id=cs_test_unknown_session');
    await expect(
      page.getByText('Payment session not found. Please contact support if you believe this is an error.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });

  test('an admin refunds part of a completed payment on Admin → Payments', async ({
    page,
    request,
    site,
    screenCheck,
    checkA11y,
  }) => {
    const { server, stripe, camp, signIn } = site;
    // A participant pays (in a request context of their own); the webhook completes the payment.
    const payerToken = await signIn('refundee@e2e.test', PAYER, request);
    const pending = await registerWithDues(request, payerToken, camp);
    await payWithoutReturning(
      request,
      await startCheckoutThroughApi(request, payerToken, server.url, pending),
    );
    const intent = stripe.lastSession().payment_intent;
    if (!intent) throw new Error('the session was not paid');

    await signIn(ADMIN_EMAIL, null);
    await page.goto('/#/admin');
    await page.getByRole('link', { name: /^Payments/ }).click();
    await expect(page).toHaveURL(`${server.url}/#/admin/payments`);
    await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(PAYER_NAME) });
    await expect(row.getByText(PAYER_NAME, { exact: true })).toBeVisible();
    await expect(row.getByText('refundee@e2e.test', { exact: true })).toBeVisible();
    await expect(row.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
    await expect(row.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(row.getByText('Stripe', { exact: true })).toBeVisible();
    await screenCheck('admin-payments');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: `Refund payment of ${PAYER_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Refund amount')).toHaveValue(TENT_DUES.text);
    await dialog.getByLabel('Refund amount').fill('50');
    await dialog.getByLabel('Reason').fill('Too short');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(
      dialog.getByText('Reason must be at least 10 characters long.', { exact: true }),
    ).toBeVisible();
    expect(stripe.refunds.size).toBe(0);
    await checkA11y(page);

    await dialog.getByLabel('Reason').fill('Arrived two days late: half the tent fee back');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText('Refund recorded', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Refunded $50.00', { exact: true })).toBeVisible();
    await expect(row.getByText('COMPLETED', { exact: true })).toBeVisible();

    // Stripe was asked once, for $50.00 of this payment.
    const refunds = [...stripe.refunds.values()];
    expect(refunds.map((refund) => [refund.payment_intent, refund.amount])).toEqual([[intent, 5_000]]);
    expect(stripe.chargeOf(intent).amount_refunded).toBe(5_000);
    await screenCheck('admin-payments-refunded');
  });
});

test.describe('Stripe not configured', () => {
  test.use({ campSeed: 'registration-open' });

  test('step 6 and the dashboard say payment is unavailable before any button is pressed', async ({
    page,
    stripe,
    signIn,
    screenCheck,
  }) => {
    await signIn('no-stripe@e2e.test', PAYER);
    await registerUpToPayment(page);
    await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Registration' })).toBeVisible();
    await screenCheck('step-6-stripe-off');

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/registrations/camp'),
    );
    await page.getByRole('button', { name: 'Save Registration' }).click();
    expect((await saved).status()).toBe(201);
    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
    await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Complete Dues Payment/ })).toHaveCount(0);
    await expect(currentRegistration(page).getByText('PENDING', { exact: true }).first()).toBeVisible();
    expect(stripe.requests).toEqual([]);
  });
});
