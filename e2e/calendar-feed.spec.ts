import type { Page } from '@playwright/test';
import { seedDemoCamp } from '../scripts/demo/database';
import type { DemoData } from '../scripts/demo/demo-data';
import { expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { saveScreenshot } from './support/screens';

// The calendar feed in the browser (docs/product.md §11, decision 054): with the camp's Opening Sunday set, a
// participant's dashboard offers "Add to my calendar"; the link it shows serves their shifts as iCalendar with the
// dates; "Reset link" kills the old link; /shifts downloads one shift's .ics. Axe and no sideways scroll at 375 and
// 1280 px; screenshots go to .tmp/screenshots/calendar-feed (never committed).
test.describe.configure({ timeout: 120_000 });
test.use({ campSeed: 'none' });

const SCREENSHOTS = '.tmp/screenshots/calendar-feed';

const calendarTest = test.extend<{ demo: DemoData }>({
  demo: async ({ backend }, use) => {
    const demo = await seedDemoCamp(backend.database.db);
    backend.app.services.config.invalidate();
    await use(demo);
  },
});

async function both(page: Page, name: string, checkA11y: (page: Page) => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await checkA11y(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

calendarTest(
  'a participant adds their shifts to a calendar, resets the link and downloads one shift',
  async ({ page, demo, admin, signIn, checkA11y }) => {
    // Opening Sunday of the demo's year: the last Sunday of August.
    const august31 = new Date(Date.UTC(demo.year, 7, 31));
    const openingSunday = new Date(august31.getTime() - august31.getUTCDay() * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await admin.call('PATCH', '/core-config/current', { openingSunday });
    const registration = demo.registrations.find(
      (row) =>
        row.year === demo.year &&
        (row.status === 'CONFIRMED' || row.status === 'PENDING') &&
        demo.registrationJobs.some((link) => link.registrationId === row.id) &&
        demo.users.find((user) => user.id === row.userId)?.role === 'PARTICIPANT',
    )!;
    const person = demo.users.find((user) => user.id === registration.userId)!;
    const jobName = demo.jobs.find(
      (job) =>
        job.id === demo.registrationJobs.find((link) => link.registrationId === registration.id)!.jobId,
    )!.name;

    await signIn(person.email, null);
    await page.goto('/#/dashboard');
    const card = page.getByRole('region', { name: 'Add to my calendar' });
    const link = card.getByRole('textbox', { name: 'My shifts calendar link' });
    await expect(link).toHaveValue(/\/api\/calendar\/feed\/[\w-]+\.[\w-]+\.ics$/);
    await both(page, 'dashboard', checkA11y);

    const first = await link.inputValue();
    const feed = await page.request.get(new URL(first).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`SUMMARY:${jobName}`);
    expect(text).toMatch(new RegExp(`DTSTART:${demo.year}0[89]\\d{2}T\\d{6}Z`));

    await card.getByRole('button', { name: 'Reset link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset link' }).click();
    await expect(link).not.toHaveValue(first);
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
    expect((await page.request.get(new URL(await link.inputValue()).pathname)).status()).toBe(200);

    await page.goto('/#/shifts');
    const mine = page.getByRole('region', { name: 'My Assigned Shifts' });
    const download = page.waitForEvent('download');
    await mine
      .getByRole('button', { name: `Download .ics: ${jobName}` })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.ics$/);
    await both(page, 'shifts', checkA11y);
  },
);
