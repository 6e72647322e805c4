import { type Locator, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { emailOutbox } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  expectNoSidewaysScroll,
  type ProfileDetails,
  REGISTRATION_CAMP,
  sampleProfile,
  test,
} from './support/fixtures';
import {
  payWithoutReturning,
  registerWithDues,
  startCheckoutThroughApi,
  TENT_DUES,
  wizardToPayment,
} from './support/stripe';

// docs/product.md §2 Manage Registrations: a person registers and pays by card; an admin finds the registration with
// the filters, changes its shifts, cancels it with a refund and a notification, reads the audit trail; the
// person registers again.
test.describe.configure({ timeout: 180_000 });

const CAMP = REGISTRATION_CAMP;

const PERSON: ProfileDetails = {
  firstName: 'Marigold',
  lastName: 'Payer',
  playaName: 'Sunbeam',
  phone: '555-0161',
  emergencyContact: 'Basil Payer, 555-0162, brother',
};
const PERSON_NAME = fullName(PERSON);
const PERSON_EMAIL = 'marigold@e2e.test';
const OTHER_EMAIL = 'juniper@e2e.test';
const OTHER_NAME = fullName(sampleProfile);
const SUBJECT = `Camp Registration E2E: your registration for ${CAMP.year}`;

/** The four count cards' numbers, by label. */
async function counts(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: 'Registration counts' });
  const result: Record<string, string> = {};
  for (const label of ['Total', 'Confirmed', 'Pending', 'Cancelled']) {
    const term = region.locator('dt', { hasText: new RegExp(`^${label}$`) });
    result[label] = ((await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
  }
  return result;
}

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root', { hasText: title });

/** Steps 1 to 6 of the wizard with the paying option, its answers and two shifts, then pays by card. */
async function registerAndPayInWizard(page: Page) {
  await wizardToPayment(page, { nickname: 'Sunny', guests: '1', arrival: `${CAMP.year}-08-25` });
  await page.getByRole('button', { name: `Pay ${TENT_DUES.text}` }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** Screenshots of an open dialog at 375 and 1280 px, with axe and no sideways scroll. */
async function checkDialog(screenCheck: (name: string) => Promise<void>, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  await screenCheck(name);
  await expect(dialog).toBeVisible();
}

test.describe('Manage Registrations', () => {
  test.use({ campSeed: 'registration-paying' });

  test('an admin finds a paid registration, changes its shifts, cancels it with a refund, reads its history; the person registers again', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { playwright, server, stripe, camp, backend, mailbox, signIn } = site;
    // A person registers and pays by card (in a request context of their own); another only registers.
    const personRequest = await playwright.request.newContext({ baseURL: server.url });
    const personToken = await signIn(PERSON_EMAIL, PERSON, personRequest);
    const pending = await registerWithDues(personRequest, personToken, camp);
    await payWithoutReturning(
      personRequest,
      await startCheckoutThroughApi(personRequest, personToken, server.url, pending),
    );
    const otherRequest = await playwright.request.newContext({ baseURL: server.url });
    await registerWithDues(otherRequest, await signIn(OTHER_EMAIL, sampleProfile, otherRequest), camp);

    // The admin opens Manage Registrations from the admin panel.
    await signIn(ADMIN_EMAIL, null);
    await page.goto('/#/admin');
    await page.getByRole('link', { name: /^Manage Registrations/ }).click();
    await expect(page).toHaveURL(`${server.url}/#/admin/manage-registrations`);
    await expect(page.getByRole('heading', { name: 'Manage Registrations', level: 2 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByText(PERSON_NAME, { exact: true })).toBeVisible();
    await expect(table.getByText(OTHER_NAME, { exact: true })).toBeVisible();
    expect(await counts(page)).toEqual({ Total: '2', Confirmed: '1', Pending: '1', Cancelled: '0' });
    const row = table.getByRole('row', { name: new RegExp(PERSON_NAME) });
    await expect(row.getByText('“Sunbeam”', { exact: true })).toBeVisible();
    await expect(row.getByText(PERSON_EMAIL, { exact: true })).toBeVisible();
    await expect(row.getByText('CONFIRMED', { exact: true })).toBeVisible();
    await expect(row.getByText(`${CAMP.gateJob}, ${CAMP.kitchenJob}`, { exact: true })).toBeVisible();
    await expect(row.getByText(TENT_DUES.text, { exact: true })).toBeVisible();
    const otherRow = table.getByRole('row', { name: new RegExp(OTHER_NAME) });
    await expect(otherRow.getByText('No payments', { exact: true })).toBeVisible();
    await screenCheck('list');

    // The Filters panel: the person's name, applied after the pause.
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByRole('searchbox', { name: 'Name' }).fill('marigold');
    await expect(table.getByText(OTHER_NAME, { exact: true })).toHaveCount(0);
    await expect(table.getByText(PERSON_NAME, { exact: true })).toBeVisible();
    await expect
      .poll(() => counts(page))
      .toEqual({ Total: '1', Confirmed: '1', Pending: '0', Cancelled: '0' });
    await screenCheck('filtered');

    // Edit: drop the kitchen shift and tell the person.
    await page.getByRole('button', { name: `Edit registration of ${PERSON_NAME}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit registration of ${PERSON_NAME}` });
    const save = edit.getByRole('button', { name: 'Save changes' });
    const shifts = edit.getByRole('region', { name: 'Work shifts (2 shifts selected)' });
    await expect(shifts.getByText(CAMP.kitchenJob, { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(edit.getByText('No changes have been made to the registration.')).toBeVisible();
    await expect(edit.getByRole('checkbox', { name: new RegExp(CAMP.option) })).toBeChecked();
    await edit.getByRole('button', { name: 'Choose shifts' }).click();
    const picker = page.getByRole('dialog', { name: `Work shifts of ${PERSON_NAME}` });
    await expect(picker.getByText('198 of 200 left').first()).toBeVisible();
    await picker.getByRole('checkbox', { name: new RegExp(CAMP.kitchenJob) }).uncheck();
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(picker).toHaveCount(0);
    await edit.getByLabel('Notes').fill('Kitchen is fully staffed this year');
    await edit.getByRole('checkbox', { name: 'Send notification e-mail to the participant' }).check();
    await expect(save).toBeEnabled();
    await checkDialog(screenCheck, edit, 'edit');
    const mailsBeforeEdit = mailbox.count(PERSON_EMAIL);
    await save.click();
    await expect(toast(page, 'Registration updated')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(row.getByText(CAMP.gateJob, { exact: true })).toBeVisible();
    const updated = await mailbox.newest(PERSON_EMAIL, mailsBeforeEdit + 1);
    expect(updated.subject).toBe(`${SUBJECT} has been updated`);
    // docs/product.md §4: the success toast clears after 5 seconds.
    await expect(toast(page, 'Registration updated')).toHaveCount(0, { timeout: 7_000 });

    // Cancel with a refund and a notification: the reason is checked first.
    await page.getByRole('button', { name: `Cancel registration of ${PERSON_NAME}` }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel registration of ${PERSON_NAME}` });
    const confirm = cancel.getByRole('button', { name: 'Cancel registration' });
    await confirm.click();
    await expect(
      cancel.getByText('Please provide a reason for cancellation.', { exact: true }),
    ).toBeVisible();
    await cancel.getByLabel('Reason').fill('Too late');
    await confirm.click();
    await expect(
      cancel.getByText('Reason must be at least 10 characters long.', { exact: true }),
    ).toBeVisible();
    await cancel.getByLabel('Reason').fill('Cannot come this year after all');
    await expect(cancel.getByRole('checkbox', { name: 'Process refund' })).not.toBeChecked();
    await cancel.getByRole('checkbox', { name: 'Process refund' }).check();
    await cancel.getByRole('checkbox', { name: 'Send notification e-mail to the participant' }).check();
    await checkDialog(screenCheck, cancel, 'cancel');
    expect(stripe.refunds.size).toBe(0);
    const mailsBeforeCancel = mailbox.count(PERSON_EMAIL);
    await confirm.click();
    await expect(toast(page, 'Registration cancelled')).toBeVisible();
    await expect(toast(page, 'Registration cancelled')).toContainText(`${TENT_DUES.text} refunded.`);
    await expect(cancel).toHaveCount(0);
    await expect(row.getByText('CANCELLED', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect
      .poll(() => counts(page))
      .toEqual({ Total: '1', Confirmed: '0', Pending: '0', Cancelled: '1' });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([TENT_DUES.cents]);

    // The cancellation and the refund reach the person's mailbox.
    await expect.poll(() => mailbox.count(PERSON_EMAIL), { timeout: 15_000 }).toBe(mailsBeforeCancel + 2);
    const sent = await backend.database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, PERSON_EMAIL), eq(emailOutbox.status, 'SENT')));
    const lastTwo = sent
      .sort((a, b) => (a.sentAt?.getTime() ?? 0) - (b.sentAt?.getTime() ?? 0))
      .slice(-2)
      .map((mail) => mail.subject);
    expect(lastTwo.sort()).toEqual(
      [`${SUBJECT} has been cancelled`, `Camp Registration E2E: refund of ${TENT_DUES.text}`].sort(),
    );
    const cancellation = sent.find((mail) => mail.subject === `${SUBJECT} has been cancelled`);
    expect(cancellation?.text).toContain('Reason: Cannot come this year after all');
    const newest = await mailbox.newest(PERSON_EMAIL, mailsBeforeCancel + 2);
    expect(lastTwo).toContain(newest.subject);

    // The audit trail: one group per change, the related records folded.
    await toast(page, 'Registration cancelled').getByRole('button', { name: 'Close notification' }).click();
    await page.getByRole('button', { name: `Audit trail registration of ${PERSON_NAME}` }).click();
    const audit = page.getByRole('dialog', { name: `Audit trail of ${PERSON_NAME}` });
    const groups = audit.getByRole('list', { name: 'Changes, newest first' });
    await expect(groups.getByRole('heading', { name: 'Registration cancelled' })).toBeVisible();
    await expect(groups.getByRole('heading', { name: 'Registration edited' })).toBeVisible();
    await expect(audit.getByText('Reason: Cannot come this year after all')).toBeVisible();
    await expect(audit.getByText('Reason: Kitchen is fully staffed this year')).toBeVisible();
    await expect(audit.getByText(/CONFIRMED → CANCELLED/)).toBeVisible();
    const cancelGroup = groups
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Registration cancelled' }) });
    const related = cancelGroup.getByRole('button', { name: /related changes?/ });
    await expect(related).toHaveAttribute('aria-expanded', 'false');
    await related.click();
    await expect(related).toHaveAttribute('aria-expanded', 'true');
    await expect(cancelGroup.getByText('Work shift removed').first()).toBeVisible();
    await expect(cancelGroup.getByText('Payment refunded')).toBeVisible();
    await checkDialog(screenCheck, audit, 'audit-trail');
    await audit.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(audit).toHaveCount(0);

    // On a phone the page is a list of cards with every action in view.
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Registrations' });
    await expect(cards.getByText(PERSON_NAME, { exact: true })).toBeVisible();
    for (const action of await cards.getByRole('button').all()) {
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The person registers again from the dashboard and pays.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await signIn(PERSON_EMAIL, null);
    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { name: `Registration ${CAMP.year}` })).toBeVisible();
    await page.getByRole('link', { name: 'Start Registration' }).click();
    await registerAndPayInWizard(page);
    await expect(page.getByText('Your registration is now confirmed!', { exact: true })).toBeVisible();

    await personRequest.dispose();
    await otherRequest.dispose();
  });
});
