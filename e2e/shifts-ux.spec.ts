import type { Page } from '@playwright/test';
import { seedDemoCamp } from '../scripts/demo/database';
import type { DemoData } from '../scripts/demo/demo-data';
import { expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { checkScreen, stepHeading, saveScreenshot } from './support/screens';

// The long shift lists on the demo camp (`npm run seed:demo`'s rows, written straight into the test's
// database): the wizard's Shifts step and /shifts stay short and usable on a 375 px phone.
test.describe.configure({ timeout: 120_000 });
test.use({ campSeed: 'none' });

const SCREENSHOTS = '.tmp/screenshots/shifts-ux';
const PHONE = { width: 375, height: 800 };
/** The bound for step 4 and /shifts on the demo camp at 375 px (they were 10,000 px). */
const MAX_PAGE_HEIGHT = 3_000;

/** Each test's server holds the demo camp; the page starts as a 375 px phone. */
const demoTest = test.extend<{ demo: DemoData }>({
  demo: async ({ backend, page }, use) => {
    const demo = await seedDemoCamp(backend.database.db);
    backend.app.services.config.invalidate();
    await page.setViewportSize(PHONE);
    await use(demo);
  },
});

/** The page's height, noted in the report (`page height` annotations) for the benchmarks. */
async function pageHeight(page: Page, screen: string): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: 'page height', description: `${screen} at 375 px: ${height} px` });
  return height;
}

/** Step 3's fields of an option, filled with values its rules accept (booleans may stay unticked). */
async function fillDetails(page: Page, demo: DemoData, optionName: string) {
  const option = demo.campingOptions.find((candidate) => candidate.name === optionName)!;
  for (const field of demo.campingOptionFields.filter((f) => f.campingOptionId === option.id)) {
    const input = page.getByLabel(field.displayName);
    if (field.dataType === 'STRING' || field.dataType === 'MULTILINE_STRING')
      await input.fill('x'.repeat(Math.max(field.minLength ?? 0, 5)));
    else if (field.dataType === 'INTEGER' || field.dataType === 'NUMBER')
      await input.fill(String(field.minValue ?? 1));
    else if (field.dataType === 'DATE') await input.fill(`${demo.year}-08-25`);
  }
}

demoTest(
  'wizard step 4: short, grouped, summary and Continue always in view',
  async ({ page, demo, signIn, checkA11y }) => {
    await signIn('newcomer@e2e.test');
    await page.goto('/#/registration');
    await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: 'Tent Camping' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 3, 'Details')).toBeVisible();
    await fillDetails(page, demo, 'Tent Camping');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();

    // Grouped by category, required first; a long list opens only its first group.
    const groups = page.getByRole('group').filter({ has: page.getByRole('heading', { level: 4 }) });
    await expect(groups.getByRole('heading', { level: 4 })).toHaveText([
      /^Leave No TraceRequired11 shifts$/,
      /^Build & Strike7 shifts$/,
      /^Hospitality & Bar13 shifts$/,
      /^Kitchen27 shifts$/,
      /^Night Watch6 shifts$/,
    ]);
    await expect(page.getByRole('button', { name: /^Leave No Trace/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('button', { name: /^Kitchen/ })).toHaveAttribute('aria-expanded', 'false');
    expect(await pageHeight(page, 'step 4')).toBeLessThan(MAX_PAGE_HEIGHT);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/step-4-shifts-375.png`, fullPage: true });

    // The bar with the summary and Continue stays in view from the top of a long list to its bottom.
    const bar = page.getByRole('region', { name: 'Shift summary' });
    await expect(bar.getByText('Selected: 0 shifts of 2 needed')).toBeVisible();
    await expect(bar.getByRole('listitem')).toHaveText([
      '○ Leave No Trace: 0 of 1, still required',
      '○ Tent Camping shifts: 0 of 1, still required',
    ]);
    await page.getByRole('button', { name: /^Kitchen/ }).click();
    const kitchen = page.getByRole('group', { name: 'Kitchen' }).getByRole('checkbox');
    await expect(kitchen).toHaveCount(27);
    for (const row of [kitchen.first(), kitchen.last()]) {
      await row.scrollIntoViewIfNeeded();
      await expect(row).toBeInViewport();
      await expect(bar.getByText('Selected: 0 shifts of 2 needed')).toBeInViewport();
      await expect(bar.getByRole('button', { name: 'Continue' })).toBeInViewport();
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar.getByRole('button', { name: 'Continue' })).toBeInViewport();
    // Tabbing down the rows, the focused checkbox scrolls clear of the bar (never hidden under it).
    await kitchen.nth(2).focus();
    for (let step = 3; step <= 12; step++) {
      await page.keyboard.press('Tab');
      await expect(kitchen.nth(step)).toBeFocused();
      const [row, barBox] = [await kitchen.nth(step).boundingBox(), await bar.boundingBox()];
      expect(row!.y + row!.height).toBeLessThanOrEqual(barBox!.y);
    }

    // Continue without shifts: the problems appear in the bar, beside the summary, in view.
    await bar.getByRole('button', { name: 'Continue' }).click();
    const problems = bar.getByRole('alert');
    await expect(problems.getByRole('listitem')).toHaveText([
      'You need to select at least 2 shifts',
      'You must select at least one Leave No Trace shift',
      'You must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
    ]);
    await expect(problems).toBeInViewport();
    await expect(bar.getByText('Selected: 0 shifts of 2 needed')).toBeInViewport();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-4-shifts-errors');

    // By keyboard: a row's checkbox ticks with Space; each problem goes once it is met.
    await page.setViewportSize(PHONE);
    const leaveNoTrace = page.getByRole('group', { name: 'Leave No Trace' }).getByRole('checkbox');
    await leaveNoTrace.first().focus();
    await page.keyboard.press('Space');
    await expect(leaveNoTrace.first()).toBeChecked();
    await expect(leaveNoTrace.first()).toBeInViewport();
    await expect(bar.getByText('Selected: 1 shift of 2 needed')).toBeVisible();
    await expect(problems.getByRole('listitem')).toHaveText([
      'You need to select at least 2 shifts',
      'You must select at least 1 shift outside the always-required categories for your camping options (Tent Camping: 1)',
    ]);
    // The day filter narrows every category to one day, all of them open.
    await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Tuesday' });
    await expect(page.getByRole('button', { name: /^Kitchen/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { level: 5, name: 'Monday' })).toHaveCount(0);
    await page.getByRole('group', { name: 'Kitchen' }).getByRole('checkbox').first().check();
    await expect(bar.getByRole('alert')).toHaveCount(0);
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-4-shifts-filtered');
    await bar.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 5, 'Review')).toBeVisible();
  },
);

demoTest(
  '/shifts: my schedule first, then the other shifts by day, filterable, short',
  async ({ page, demo, signIn, checkA11y }) => {
    // A participant of this year's demo camp with several shifts.
    const jobsOf = (registrationId: string) =>
      demo.registrationJobs.filter((row) => row.registrationId === registrationId);
    const registration = demo.registrations.find(
      (row) =>
        row.year === demo.year &&
        row.status !== 'CANCELLED' &&
        jobsOf(row.id).length >= 2 &&
        demo.users.find((user) => user.id === row.userId)?.role === 'PARTICIPANT',
    )!;
    const person = demo.users.find((user) => user.id === registration.userId)!;
    const myJobs = jobsOf(registration.id).map((row) => demo.jobs.find((job) => job.id === row.jobId)!.name);

    await signIn(person.email, null);
    await page.goto('/#/shifts');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'My Assigned Shifts',
      'Add to my calendar',
      'Available Shifts',
    ]);
    const mine = page.getByRole('region', { name: 'My Assigned Shifts' });
    for (const name of myJobs) await expect(mine.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(mine.getByText(/^\d+ of \d+ left$|^Full$/)).toHaveCount(0);

    const available = page.getByRole('region', { name: 'Available Shifts' });
    const dayHeaders = available.getByRole('button', { name: /shifts? · \d+ with spots left$/ });
    await expect(dayHeaders.first()).toHaveAccessibleName(/^Pre-Opening \d+ shifts? · \d+ with spots left$/);
    await expect(dayHeaders).toHaveCount(10);
    await expect(available.getByRole('status')).toHaveText(/^\d+ shifts, \d+ with spots left$/);
    await expect(available.getByText(/^\d+ of \d+ left$|^Full$/).first()).toBeVisible();
    expect(await pageHeight(page, '/shifts')).toBeLessThan(MAX_PAGE_HEIGHT);
    await expectNoSidewaysScroll(page);
    await checkScreen(page, checkA11y, SCREENSHOTS, 'shifts');

    // Filters: one day (its group open), then one job type and location; Clear filters brings all back.
    await page.setViewportSize(PHONE);
    await available.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday' });
    await expect(dayHeaders).toHaveCount(1);
    await expect(dayHeaders.first()).toHaveAttribute('aria-expanded', 'true');
    await available.getByLabel('Job type', { exact: true }).selectOption({ label: 'Kitchen' });
    const rows = available.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents()) expect(text).toContain('· Kitchen');
    await checkScreen(page, checkA11y, SCREENSHOTS, 'shifts-filtered');
    await available.getByRole('button', { name: 'Clear filters' }).click();
    await expect(dayHeaders).toHaveCount(10);
  },
);
