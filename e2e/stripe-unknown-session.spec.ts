import { type Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, type ProfileDetails, test } from './support/fixtures';
import { paymentRowsOf, pointDuesAtUnknownSession } from './support/i22-money';
import {
  DUES_DESCRIPTION,
  registerWithDues,
  registerWithDuesAs,
  storedStatuses,
  TENT_DUES,
} from './support/stripe';
import { saveScreenshot } from './support/screens';

// A registration whose PENDING dues row points at a Checkout Session Stripe does not know (a camp that moved
// from test keys to live keys, or the demo camp): the participant still reaches Checkout, and an admin still
// records a cash payment. And the payment pages: Try Payment Again goes back to paying the dues, and Payment
// Successful! says what was paid, when, and the reference to quote.
test.describe.configure({ timeout: 90_000 });

const SCREENSHOTS = 'test-results/stripe-unknown-session-screens';

const PAYER: ProfileDetails = {
  firstName: 'Tamsin',
  lastName: 'Keyswap',
  phone: '555-0188',
  emergencyContact: 'Ode Keyswap, 555-0189, sister',
};

/** The fake Checkout page for the registration camp's dues. */
async function expectCheckoutPage(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText(DUES_DESCRIPTION, { exact: true })).toBeVisible();
  await expect(page.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
  await expect(page.getByText(`Email: ${email}`, { exact: true })).toBeVisible();
}

/** Payment Successful! with the amount, the date and the reference (the Checkout Session's id). */
async function expectPaymentFacts(page: Page, sessionId: string) {
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your registration is now confirmed!', { exact: true })).toBeVisible();
  const facts = page.locator('dl');
  const terms = await facts.locator('dt').allTextContents();
  const values = await facts.locator('dd').allTextContents();
  expect(terms).toEqual(['Amount paid', 'Paid on', 'Reference']);
  expect(values[0]).toBe(`${TENT_DUES.text} USD`);
  // 'Nov 26, 2026, 6:40 PM' in the browser's time zone: today's date, with a time.
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  expect(values[1]).toMatch(new RegExp(`^${today}, \\d{1,2}:\\d{2}\\s?[AP]M$`));
  expect(values[2]).toBe(sessionId);
  await expect(
    page.getByText('Please quote this reference if you contact the camp about this payment.', {
      exact: true,
    }),
  ).toBeVisible();
}

test.describe('a Checkout Session Stripe does not know', () => {
  test.use({ campSeed: 'registration-paying' });

  for (const width of [1280, 375]) {
    test(`the participant presses Complete Dues Payment and reaches Checkout, then pays (${width} px)`, async ({
      page,
      site,
      checkA11y,
    }) => {
      const { server, stripe, camp, backend, signIn } = site;
      await page.setViewportSize({ width, height: 900 });
      const email = `keyswap-${width}@e2e.test`;
      const token = await signIn(email, PAYER);
      const { registrationId } = await registerWithDues(page.request, token, camp);
      const unknown = await pointDuesAtUnknownSession(backend, registrationId);

      await page.goto('/#/dashboard');
      await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
      const pay = page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` });
      await expect(pay).toBeVisible();
      await checkA11y(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, {
        path: `${SCREENSHOTS}/dashboard-unknown-session-${width}.png`,
        fullPage: true,
      });

      await pay.click();
      await expectCheckoutPage(page, email);
      const session = stripe.lastSession();
      expect(page.url()).toBe(session.url);
      expect(session.id).not.toBe(unknown);
      expect(session.amount_total).toBe(TENT_DUES.cents);
      // The unknown session counts as expired: its payment is kept as FAILED, the new Checkout has its own.
      expect(await paymentRowsOf(backend, registrationId)).toEqual([
        ['STRIPE', 'FAILED', unknown, TENT_DUES.cents],
        ['STRIPE', 'PENDING', session.id, TENT_DUES.cents],
      ]);

      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(`${server.url}/#/payment/success?session_id=${session.id}`);
      await expectPaymentFacts(page, session.id);
      await checkA11y(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, { path: `${SCREENSHOTS}/success-${width}.png`, fullPage: true });
      expect(await storedStatuses(backend, registrationId)).toEqual({
        registration: 'CONFIRMED',
        payments: ['FAILED', 'COMPLETED'],
      });
    });

    test(`an admin records a cash payment for such a registration on Admin → Payments (${width} px)`, async ({
      page,
      site,
      checkA11y,
    }) => {
      const { backend, signIn } = site;
      const email = `cash-keyswap-${width}@e2e.test`;
      const pending = await registerWithDuesAs(site, email, PAYER);
      const unknown = await pointDuesAtUnknownSession(backend, pending.registrationId);

      await signIn(ADMIN_EMAIL, null);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/#/admin/payments');
      await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Record manual payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record manual payment' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Registration' }).fill(email);
      await page.getByRole('option', { name: new RegExp(`${email}.*owes \\$150\\.00`) }).click();
      await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(TENT_DUES.text);
      await dialog.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Cash' });
      await dialog.getByRole('textbox', { name: 'Reference' }).fill('Receipt 0815');
      await checkA11y(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, { path: `${SCREENSHOTS}/record-cash-${width}.png`, fullPage: true });

      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(page.getByText('Payment recorded', { exact: true })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // A table row at 1280 px, a card of the list on a phone.
      const row = page.getByRole(width < 768 ? 'listitem' : 'row').filter({ hasText: 'Ref. Receipt 0815' });
      await expect(row.getByText('Ref. Receipt 0815', { exact: true })).toBeVisible();
      await expect(row.getByText('Manual · Cash', { exact: true })).toBeVisible();
      await expect(row.getByText('COMPLETED', { exact: true })).toBeVisible();
      await expect(row.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
      await checkA11y(page);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, { path: `${SCREENSHOTS}/cash-recorded-${width}.png`, fullPage: true });

      expect(await paymentRowsOf(backend, pending.registrationId)).toEqual([
        ['STRIPE', 'FAILED', unknown, TENT_DUES.cents],
        ['MANUAL', 'COMPLETED', null, TENT_DUES.cents],
      ]);
      expect((await storedStatuses(backend, pending.registrationId)).registration).toBe('CONFIRMED');
    });
  }
});

test.describe('the payment pages', () => {
  test.use({ campSeed: 'registration-paying' });

  test('Try Payment Again on Payment Cancelled goes straight back to Checkout for the dues, and pays them once', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { server, stripe, camp, backend, signIn } = site;
    const email = 'try-again@e2e.test';
    const token = await signIn(email, PAYER);
    const { registrationId } = await registerWithDues(page.request, token, camp);
    await page.goto('/#/dashboard');
    await page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` }).click();
    await expectCheckoutPage(page, email);
    const first = stripe.lastSession();

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${server.url}/#/payment/cancel`);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    const again = page.getByRole('button', { name: 'Try Payment Again' });
    await expect(again).toBeEnabled();
    await screenCheck('payment-cancel');

    await again.click();
    // Not the registration wizard's 'Registration Not Available': the Checkout page, for the same dues.
    await expectCheckoutPage(page, email);
    expect(page.url()).toBe(first.url);
    expect(stripe.sessions.size).toBe(1);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(`${server.url}/#/payment/success?session_id=${first.id}`);
    await expectPaymentFacts(page, first.id);
    await screenCheck('payment-success');
    expect(await storedStatuses(backend, registrationId)).toEqual({
      registration: 'CONFIRMED',
      payments: ['COMPLETED'],
    });

    // Back on the cancel page with nothing owed, Try Payment Again leads to the dashboard.
    await page.goto('/#/payment/cancel');
    await page.getByRole('link', { name: 'Try Payment Again' }).click();
    await expect(page).toHaveURL(`${server.url}/#/dashboard`);
    await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toHaveCount(0);
  });
});
