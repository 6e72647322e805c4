import { type Browser, type Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, fullName, type ProfileDetails, type SignIn, test } from './support/fixtures';
import { payWithoutReturning, registerWithDues, startCheckoutThroughApi, TENT_DUES } from './support/stripe';

// A refund that Stripe refuses while an admin cancels a paid registration is not lost: the payment shows it
// in Admin → Payments with Retry, the audit trail records it, and the person's dashboard says so. Once
// Stripe takes it, Retry makes the refund (once).
test.describe.configure({ timeout: 180_000 });

const PERSON: ProfileDetails = {
  firstName: 'Saffron',
  lastName: 'Refundee',
  phone: '555-0181',
  emergencyContact: 'Clove Refundee, 555-0182, sister',
};
const PERSON_NAME = fullName(PERSON);
const PERSON_EMAIL = 'saffron@e2e.test';
const REASON = 'The camp had to cancel this plot';
const REFUSED = 'Stripe refused the refund. Check the payment in the Stripe dashboard.';

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root', { hasText: title });

/** The person's dashboard in a browser context of their own (the admin's page stays signed in). */
async function personDashboard(browser: Browser, baseURL: string, signIn: SignIn): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signIn(PERSON_EMAIL, null, context.request);
  const page = await context.newPage();
  await page.goto('/#/dashboard');
  return page;
}

test.describe('Refund failures', () => {
  test.use({ campSeed: 'registration-paying' });

  test('a refund Stripe refuses during a cancel shows in Admin → Payments, the audit trail and the dashboard; Retry makes it once', async ({
    page,
    browser,
    site,
    screenCheck,
  }) => {
    const { playwright, server, stripe, camp, signIn } = site;
    // The person registers and pays by card.
    const personRequest = await playwright.request.newContext({ baseURL: server.url });
    const token = await signIn(PERSON_EMAIL, PERSON, personRequest);
    const pending = await registerWithDues(personRequest, token, camp);
    await payWithoutReturning(
      personRequest,
      await startCheckoutThroughApi(personRequest, token, server.url, pending),
    );
    await personRequest.dispose();

    // The admin cancels with a refund while Stripe refuses refunds.
    stripe.failRefunds = true;
    await signIn(ADMIN_EMAIL, null);
    await page.goto('/#/admin/manage-registrations');
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByText(PERSON_NAME, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Cancel registration of ${PERSON_NAME}` }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel registration of ${PERSON_NAME}` });
    await cancel.getByLabel('Reason').fill(REASON);
    await expect(
      cancel.getByText(
        `${TENT_DUES.text} paid by card is refunded through Stripe. If Stripe refuses, the refund is kept in Admin → Payments to retry.`,
      ),
    ).toBeVisible();
    await cancel.getByRole('checkbox', { name: 'Process refund' }).check();
    await cancel.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(toast(page, 'Registration cancelled')).toBeVisible();
    const warning = toast(page, 'Refund failed: retry it from Admin → Payments');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(`${TENT_DUES.text}: ${REFUSED}`);
    await expect(cancel).toHaveCount(0);
    expect(stripe.refunds.size).toBe(0);
    await warning.getByRole('button', { name: 'Close notification' }).click();
    await toast(page, 'Registration cancelled').getByRole('button', { name: 'Close notification' }).click();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

    // The audit trail: the refund asked for with the cancel, then refused, with Stripe's reason.
    await page.getByRole('button', { name: `Audit trail registration of ${PERSON_NAME}` }).click();
    const audit = page.getByRole('dialog', { name: `Audit trail of ${PERSON_NAME}` });
    const cancelGroup = audit
      .getByRole('list', { name: 'Changes, newest first' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Registration cancelled' }) });
    await cancelGroup.getByRole('button', { name: /related changes?/ }).click();
    await expect(cancelGroup.getByText('Refund requested')).toBeVisible();
    await expect(cancelGroup.getByText('Refund failed')).toBeVisible();
    await expect(cancelGroup.getByText(`— → ${TENT_DUES.text}`).first()).toBeVisible();
    await expect(cancelGroup.getByText(`— → ${REFUSED}`)).toBeVisible();
    await screenCheck('audit-trail-failed');
    await audit.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(audit).toHaveCount(0);

    // Admin → Payments: the payment is still COMPLETED, its refund FAILED, with Retry.
    await page.goto('/#/admin/payments');
    const payments = page.getByRole('table', { name: 'Payments' });
    const row = payments.getByRole('row', { name: new RegExp(PERSON_NAME) });
    await expect(row.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(row.getByText(`Refund failed: ${TENT_DUES.text}`, { exact: true })).toBeVisible();
    await expect(row.getByText(REFUSED, { exact: true })).toBeVisible();
    await expect(row.getByText(/^1 attempt, last /)).toBeVisible();
    const retry = row.getByRole('button', { name: `Retry refund of ${TENT_DUES.text} to ${PERSON_NAME}` });
    await expect(retry).toBeVisible();
    await screenCheck('payments-failed');

    // The person sees it on the cancelled registration of their dashboard.
    const person = await personDashboard(browser, server.url, signIn);
    const history = person.getByRole('region', { name: 'Registration History' });
    await expect(
      history.getByText('Refund failed — the camp will contact you', { exact: true }),
    ).toBeVisible();
    await screenCheck('dashboard-failed', person);

    // Retry while Stripe still refuses: said on the page, still FAILED, one more attempt.
    await retry.click();
    const alert = page.getByRole('alert').filter({ hasText: 'The refund was not made' });
    await expect(alert).toContainText(REFUSED);
    await expect(row.getByText(/^2 attempts, last /)).toBeVisible();
    expect(stripe.refunds.size).toBe(0);

    // Stripe takes refunds again: Retry makes the refund, once.
    stripe.failRefunds = false;
    await retry.click();
    await expect(toast(page, 'Refund made')).toContainText(`${TENT_DUES.text} refunded to ${PERSON_NAME}.`);
    await expect(row.getByText('REFUNDED', { exact: true })).toBeVisible();
    await expect(row.getByText(`Refunded ${TENT_DUES.text}`, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Retry refund/ })).toHaveCount(0);
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([TENT_DUES.cents]);

    // The audit trail now says the payment was refunded.
    await page.goto('/#/admin/manage-registrations');
    await page.getByRole('button', { name: `Audit trail registration of ${PERSON_NAME}` }).click();
    await expect(audit.getByRole('heading', { name: 'Payment refunded' })).toBeVisible();
    await expect(audit.getByText(/COMPLETED → REFUNDED/)).toBeVisible();

    // And the person's dashboard no longer speaks of a failed refund.
    await person.reload();
    await expect(history.getByText('REFUNDED', { exact: true })).toBeVisible();
    await expect(history.getByText(/Refund failed/)).toHaveCount(0);
    await person.context().close();
  });
});
