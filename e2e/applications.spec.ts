import {
  APPLICATION_AVAILABILITY_MESSAGES,
  APPLICATION_MAIL_TEXTS,
  APPLICATION_TEXTS,
} from '@camp/shared/rules';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  REGISTRATION_CAMP,
  test,
  type ProfileDetails,
} from './support/fixtures';
import { stepHeading } from './support/screens';

// Application approval (docs/product.md §12 Application approval): the admin asks newcomers to apply, with a question
// of their own; a newcomer applies from the dashboard, cannot register while pending, is approved with a message
// from Admin → Applications, is mailed, and then may start the wizard. Axe and no sideways scroll at 375 and 1280
// px on /apply and Admin → Applications.
test.describe.configure({ timeout: 120_000 });
test.use({ campSeed: 'registration-open' });

const YEAR = REGISTRATION_CAMP.year;
/** The camp name of the `registration-open` seed (support/fixtures.ts). */
const CAMP_NAME = 'Camp Registration E2E';
const APPLICANT_EMAIL = 'newcomer@e2e.test';
const APPLICANT: ProfileDetails = {
  firstName: 'Nova',
  lastName: 'Applicant',
  phone: '555-0191',
  emergencyContact: 'Lyra Applicant, 555-0192, sister',
};
const QUESTION = 'What would you cook for the camp?';

test('a newcomer applies, is approved with a message, and may then register', async ({
  page,
  browser,
  site,
  signIn,
  screenCheck,
}) => {
  // The admin turns applications on for the year, with one required question.
  await signIn(ADMIN_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/admin/applications');
  await expect(page.getByRole('heading', { name: APPLICATION_TEXTS.adminTitle, exact: true })).toBeVisible();
  await page.getByRole('switch', { name: APPLICATION_TEXTS.requiredLabel(YEAR) }).check({ force: true });
  await page.getByRole('button', { name: APPLICATION_TEXTS.addQuestion }).click();
  await page.getByRole('textbox', { name: APPLICATION_TEXTS.questionLabel(1) }).fill(QUESTION);
  await page.getByRole('checkbox', { name: APPLICATION_TEXTS.questionRequiredLabel }).check();
  await page.getByRole('button', { name: APPLICATION_TEXTS.saveSettings }).click();
  await expect(page.getByText(APPLICATION_TEXTS.settingsSaved)).toBeVisible();
  await expect(page.getByText(APPLICATION_TEXTS.emptyYear(YEAR))).toBeVisible();

  // The newcomer, in a browser of their own: the dashboard asks them to apply, the wizard refuses them.
  const context = await browser.newContext({
    baseURL: site.server.url,
    viewport: { width: 1280, height: 900 },
  });
  try {
    await signIn(APPLICANT_EMAIL, APPLICANT, context.request);
    const applicant = await context.newPage();
    await applicant.goto('/#/dashboard');
    const main = applicant.locator('#main-content');
    await expect(main.getByRole('heading', { name: APPLICATION_TEXTS.dashboardTitle(YEAR) })).toBeVisible();
    await expect(main.getByText(APPLICATION_TEXTS.dashboardNone)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Start Registration' })).toHaveCount(0);
    await main.getByRole('link', { name: APPLICATION_TEXTS.applyButton }).click();

    // /apply: the question is required; then the application is sent and mailed.
    await expect(
      applicant.getByRole('heading', { name: APPLICATION_TEXTS.applyTitle(YEAR), exact: true }),
    ).toBeVisible();
    await screenCheck('apply', applicant);
    await applicant
      .getByRole('textbox', { name: APPLICATION_TEXTS.aboutLabel })
      .fill('I fix bikes and bring tea.');
    await applicant.getByRole('button', { name: APPLICATION_TEXTS.submit }).click();
    await expect(applicant.getByText(`"${QUESTION}" needs an answer`)).toBeVisible();
    await applicant
      .getByRole('textbox', { name: new RegExp(QUESTION.replace('?', '\\?')) })
      .fill('Shakshuka for forty.');
    await applicant.getByRole('button', { name: APPLICATION_TEXTS.submit }).click();
    await expect(applicant.getByText(APPLICATION_TEXTS.submitted)).toBeVisible();
    const received = await site.server.mail.newest(APPLICANT_EMAIL, 2);
    expect(received.subject).toBe(APPLICATION_MAIL_TEXTS.receivedSubject(CAMP_NAME, YEAR));

    await applicant.goto('/#/registration');
    await expect(applicant.getByText(APPLICATION_AVAILABILITY_MESSAGES.pending(YEAR))).toBeVisible();

    // The admin finds the application by name, reads it, and approves it with a message.
    await page.reload();
    await page.getByRole('searchbox', { name: APPLICATION_TEXTS.search }).fill('nova');
    const name = fullName(APPLICANT);
    await page.getByRole('button', { name: APPLICATION_TEXTS.detailsOf(name) }).click();
    const details = page.getByRole('dialog', { name: APPLICATION_TEXTS.detailsTitle(name) });
    await expect(details.getByText('Shakshuka for forty.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await screenCheck('admin-applications');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('checkbox', { name: APPLICATION_TEXTS.select(name) }).check();
    await expect(page.getByText(APPLICATION_TEXTS.selected(1))).toBeVisible();
    await page.getByRole('button', { name: APPLICATION_TEXTS.approve, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: APPLICATION_TEXTS.approveTitle(1) });
    await dialog
      .getByRole('textbox', { name: APPLICATION_TEXTS.messageLabel })
      .fill('Welcome to the tea tent!');
    await dialog.getByRole('button', { name: APPLICATION_TEXTS.confirmApprove }).click();
    await expect(page.getByText(APPLICATION_TEXTS.decided(1, 'APPROVED'))).toBeVisible();

    const approved = await site.server.mail.newest(APPLICANT_EMAIL, 3);
    expect(approved.subject).toBe(APPLICATION_MAIL_TEXTS.approvedSubject(CAMP_NAME, YEAR));
    expect(approved.text).toContain('Welcome to the tea tent!');

    // The applicant, opening the app again (as from the mail's link), reads it on the dashboard with the message,
    // and the wizard opens.
    await applicant.goto('/#/dashboard');
    await applicant.reload();
    await expect(main.getByText(APPLICATION_TEXTS.dashboardApproved)).toBeVisible();
    await expect(main.getByText('Welcome to the tea tent!')).toBeVisible();
    await main.getByRole('link', { name: 'Start Registration' }).click();
    await expect(stepHeading(applicant, 1, 'Profile')).toBeVisible();
    await expect(applicant.getByText(APPLICATION_AVAILABILITY_MESSAGES.pending(YEAR))).toHaveCount(0);
  } finally {
    await context.close();
  }
});
