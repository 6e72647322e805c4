import type { Browser, BrowserContext, Page } from '@playwright/test';
import { jobLabel, RETIRED_WORK_TEXTS } from '@camp/shared';
import {
  ADMIN_EMAIL,
  expect,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';
import { checkScreenAtEachWidth, stepHeading } from './support/screens';

// Retired jobs in the browser (docs/product.md §11 "Retired jobs and shifts"): an admin retires a job on Admin →
// Jobs (asked first); a participant's wizard no longer offers it at step 4; the admin shows retired jobs, reactivates
// it, and the wizard offers it again. Axe and no sideways scroll at 375 and 1280 px; screenshots go to
// test-results/retire-shifts-screens (never committed).
test.describe.configure({ timeout: 240_000 });

const CAMP = REGISTRATION_CAMP;
const SCREENS = 'test-results/retire-shifts-screens';
/** The kitchen job as the dialog names it (the seed's Evening shift is on Tuesday). */
const KITCHEN = jobLabel(CAMP.kitchenJob, 'Evening', 'TUESDAY');

const PERSON: ProfileDetails = {
  firstName: 'Rhea',
  lastName: 'Retiree',
  phone: '555-0170',
  emergencyContact: 'Rory Retiree, 555-0171, brother',
};

/** Axe, no sideways scroll and a screenshot at 375 and at 1280 px (left at 1280), into this file's screenshot folder. */
const screens = (page: Page, checkA11y: (page: Page) => Promise<void>, name: string) =>
  checkScreenAtEachWidth(page, checkA11y, SCREENS, name);

/** The admin's own browser at desktop width, on Admin → Jobs. */
async function adminJobsPage(browser: Browser, site: Site): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site.server.url,
    viewport: { width: 1280, height: 900 },
  });
  await site.signIn(ADMIN_EMAIL, null, context.request);
  const page = await context.newPage();
  await page.goto('/#/admin/jobs');
  // The first admin screen of a cold server may take a while on a loaded machine.
  await expect(page.getByRole('button', { name: `Retire ${CAMP.gateJob}` })).toBeVisible({
    timeout: 30_000,
  });
  return { context, page };
}

/** The wizard from its start to the Shifts step, with the free option chosen. */
async function wizardToShifts(page: Page) {
  // From the dashboard's own link, as a person goes: a second goto right after the first sometimes left the page on
  // the dashboard (a hash change racing the app's first load on a busy machine).
  await page.goto('/#/dashboard');
  await page.getByRole('link', { name: 'Start Registration' }).click();
  await expect(stepHeading(page, 1, 'Profile')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: CAMP.freeOption }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 3, 'Details')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) })).toBeVisible();
}

test.describe('retired jobs', () => {
  test.use({ campSeed: 'registration-open', viewport: { width: 1280, height: 900 } });

  test('a retired job leaves the wizard, and comes back when reactivated', async ({
    page,
    browser,
    site,
    checkA11y,
  }) => {
    const kitchenJob = new RegExp(CAMP.kitchenJob);
    const admin = await adminJobsPage(browser, site);
    try {
      // The admin retires the kitchen job: asked first, saying people on it keep it.
      await admin.page.getByRole('button', { name: `Retire ${CAMP.kitchenJob}` }).click();
      const dialog = admin.page.getByRole('dialog', { name: RETIRED_WORK_TEXTS.retireJobTitle });
      await expect(dialog.getByText(RETIRED_WORK_TEXTS.retireJobBody(KITCHEN))).toBeVisible();
      await screens(admin.page, checkA11y, 'admin-retire-dialog');
      await dialog.getByRole('button', { name: RETIRED_WORK_TEXTS.retire }).click();
      await expect(admin.page.getByText(RETIRED_WORK_TEXTS.retired(CAMP.kitchenJob))).toBeVisible();
      const table = admin.page.getByRole('table', { name: 'Jobs' });
      await expect(table.getByRole('row', { name: kitchenJob })).toHaveCount(0);

      // The participant's wizard offers the gate shift but no longer the kitchen one.
      await site.signIn('rhea@e2e.test', PERSON);
      await wizardToShifts(page);
      await expect(page.getByRole('checkbox', { name: kitchenJob })).toHaveCount(0);
      await screens(page, checkA11y, 'wizard-shifts-retired');

      // Show retired: the job is back in the admin's list, badged, with Reactivate.
      // By keyboard, as the switch's hidden checkbox takes it.
      const showRetired = admin.page.getByRole('switch', { name: RETIRED_WORK_TEXTS.showRetired });
      await showRetired.focus();
      await admin.page.keyboard.press('Space');
      await expect(showRetired).toBeChecked();
      const row = table.getByRole('row', { name: kitchenJob });
      await expect(row.getByText(RETIRED_WORK_TEXTS.badge, { exact: true })).toBeVisible();
      await screens(admin.page, checkA11y, 'admin-jobs-show-retired');
      await admin.page.getByRole('button', { name: `Reactivate ${CAMP.kitchenJob}` }).click();
      await expect(admin.page.getByText(RETIRED_WORK_TEXTS.reactivated(CAMP.kitchenJob))).toBeVisible();
      await expect(row.getByText(RETIRED_WORK_TEXTS.badge, { exact: true })).toHaveCount(0);

      // The wizard offers it again.
      await page.reload();
      await wizardToShifts(page);
      await expect(page.getByRole('checkbox', { name: kitchenJob })).toBeVisible();
      await screens(page, checkA11y, 'wizard-shifts-reactivated');
    } finally {
      await admin.context.close();
    }
  });
});
