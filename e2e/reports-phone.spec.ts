// The long reports on a phone: with 200 registrations the payment and user reports used to be tens of
// thousands of pixels tall at 375 px. Now the header is the collapsed bar on admin and report screens, the
// totals are on the first screen, the cards come ten at a time with Show more (a keyboard can press it, and
// 'Showing 20 of 250' is announced), and at 1280 px the tables still show every row. Money reads $54,825.00.
// The Work Schedule's full-job badge is readable. Axe on each screen; screenshots to look at.
import { type Page } from '@playwright/test';
import { routePatterns } from '../apps/web/src/lib/paths';
import { WINDOWING_THRESHOLD } from '../apps/web/src/components/data-table/columns';
import { ADMIN_EMAIL, expect, expectNoSidewaysScroll, test } from './support/fixtures';
import { pageHeight, type PhonesCamp, seedPhonesCamp } from './support/i22-phones';
import { saveScreenshot } from './support/screens';

test.describe.configure({ timeout: 180_000 });
test.use({ campSeed: 'none' });

const SCREENSHOTS = 'test-results/reports-phone-screens';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Every test here starts on the phones camp (`phonesCamp`), the page signed in as an admin. */
const phonesTest = test.extend<{ phonesCamp: PhonesCamp }>({
  phonesCamp: [
    async ({ backend, signIn }, use) => {
      const camp = await seedPhonesCamp(backend);
      await signIn(ADMIN_EMAIL, null);
      await use(camp);
    },
    { auto: true },
  ],
});
/** Money as people read it: '$54,825.00', commas between thousands. */
const MONEY = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

interface LongReport {
  name: string;
  path: string;
  title: string;
  /** The caption of the table, and the name of its list of cards. */
  caption: string;
  /** The first figure of the totals: how many rows the report holds. */
  countFigure: string;
  rows: (camp: PhonesCamp) => number;
}

const REPORTS: readonly LongReport[] = [
  {
    name: 'payments',
    path: routePatterns.reportsPayments,
    title: 'Payment Reports',
    caption: 'Payments',
    countFigure: 'count-count',
    rows: (camp) => camp.payments,
  },
  {
    name: 'users',
    path: routePatterns.reportsUsers,
    title: 'User Reports',
    caption: 'Users',
    countFigure: 'count-total',
    rows: (camp) => camp.users,
  },
];

/** The 'Showing 10 of 188' under the cards (the announcement says it too, out of sight). */
const shownCount = (page: Page, text: string) =>
  page.locator('p').filter({ hasText: new RegExp(`^${text}$`) });

const header = (page: Page) => page.locator('header[data-collapsed]');

/** The cards drawn (top-level items of the list named by the caption, group headings aside). */
const cards = (page: Page, caption: string) =>
  page.getByRole('list', { name: caption }).locator(':scope > li:not([class*="cardGroup"])');

async function openReport(page: Page, report: LongReport, rows: number) {
  await page.goto(`/#${report.path}`);
  await expect(page.getByRole('heading', { name: report.title, level: 2 })).toBeVisible();
  await expect(page.getByTestId(report.countFigure)).toHaveText(String(rows), { timeout: 20_000 });
}

phonesTest.describe('on a phone', () => {
  phonesTest.use({ viewport: PHONE });

  phonesTest(
    'the payment and user reports start with the collapsed header and the totals, and grow with Show more',
    async ({ page, phonesCamp: camp, checkA11y }) => {
      for (const report of REPORTS) {
        const rows = report.rows(camp);
        expect(rows).toBeGreaterThan(150);
        await openReport(page, report, rows);

        // The collapsed 80 px bar from the start, and the totals on the first screen.
        await expect(header(page)).toHaveAttribute('data-collapsed', 'true');
        await expect.poll(async () => (await header(page).boundingBox())?.height).toBe(80);
        await expect(page.getByRole('region', { name: /totals|counts/ })).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);

        await expect(cards(page, report.caption)).toHaveCount(10);
        const count = shownCount(page, `Showing 10 of ${rows}`);
        await expect(count).toBeVisible();
        const height = await pageHeight(page);
        console.log(
          `${report.name} report at 375 px, first screen: ${height.page} px (${height.screens} screens)`,
        );
        expect(height.page).toBeLessThanOrEqual(5 * PHONE.height);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, { path: `${SCREENSHOTS}/${report.name}-375-first-screen.png` });
        await saveScreenshot(page, { path: `${SCREENSHOTS}/${report.name}-375.png`, fullPage: true });
        await checkA11y(page);

        // Show more with the keyboard: ten more each time, announced, until every row is there.
        const more = page.getByRole('button', { name: /^Show \d+ more$/ });
        await more.focus();
        await page.keyboard.press('Enter');
        await expect(cards(page, report.caption)).toHaveCount(20);
        await expect(shownCount(page, `Showing 20 of ${rows}`)).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: `Showing 20 of ${rows}` })).toHaveCount(1);
        await expect(more).toBeFocused();
        await checkA11y(page);
        for (let shown = 20; shown < rows; shown = Math.min(rows, shown + 10)) {
          await expect(more).toHaveText(`Show ${Math.min(10, rows - shown)} more`);
          await page.keyboard.press('Enter');
        }
        await expect(shownCount(page, `Showing ${rows} of ${rows}`)).toBeVisible();
        await expect(page.getByRole('button', { name: /^Show (\d+ more|all \d+)$/ })).toHaveCount(0);
        // The buttons are gone: the focus is on the count, not lost.
        await expect(shownCount(page, `Showing ${rows} of ${rows}`)).toBeFocused();
        // Past 200 the cards are windowed: each says where it stands among all of them.
        if (rows > WINDOWING_THRESHOLD) {
          await expect(cards(page, report.caption).first()).toHaveAttribute('aria-setsize', String(rows));
        } else {
          await expect(cards(page, report.caption)).toHaveCount(rows);
        }
        const grown = await pageHeight(page);
        console.log(
          `${report.name} report at 375 px, every card shown: ${grown.page} px (${grown.screens} screens)`,
        );
        expect(grown.page).toBeGreaterThan(height.page * 5);
        await expectNoSidewaysScroll(page);
      }

      // The money of the totals and the cards, with thousands separated.
      await openReport(page, REPORTS[0]!, camp.payments);
      for (const figure of ['count-gross', 'count-refunded', 'count-net']) {
        await expect(page.getByTestId(figure)).toHaveText(MONEY);
      }
      expect(await page.getByTestId('count-gross').textContent()).toContain(',');
      const amount = cards(page, 'Payments').first().locator('dt', { hasText: 'Amount' }).locator('+ dd');
      await expect(amount).toHaveText(MONEY);
    },
  );

  phonesTest(
    'admin screens start with the collapsed header; the home page keeps its banner',
    async ({ page, checkA11y }) => {
      for (const [name, path, title] of [
        ['admin', routePatterns.admin, 'Admin Panel'],
        ['admin-users', routePatterns.adminUsers, 'User Management'],
        ['reports', routePatterns.reports, 'Reports'],
      ] as const) {
        await page.goto(`/#${path}`);
        await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
        await expect(header(page)).toHaveAttribute('data-collapsed', 'true');
        await expect.poll(async () => (await header(page).boundingBox())?.height).toBe(80);
        // The screen's own heading is on the first screen, just below the bar.
        const heading = await page.getByRole('heading', { name: title, level: 2 }).boundingBox();
        expect(heading!.y).toBeGreaterThanOrEqual(80);
        expect(heading!.y).toBeLessThan(200);
        await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-375-first-screen.png` });
        await checkA11y(page);
      }

      await page.goto('/#/');
      await expect(header(page)).toHaveAttribute('data-collapsed', 'false');
      // The banner grows back with a transition: wait until it has.
      await expect.poll(async () => (await header(page).boundingBox())?.height ?? 0).toBeGreaterThan(200);
    },
  );
});

phonesTest.describe('at 1280 px', () => {
  phonesTest.use({ viewport: DESKTOP });

  phonesTest(
    'the payment and user reports are tables of every row, with no Show more',
    async ({ page, phonesCamp: camp, checkA11y }) => {
      for (const report of REPORTS) {
        const rows = report.rows(camp);
        await openReport(page, report, rows);
        const table = page.getByRole('table', { name: report.caption });
        await expect(table).toBeVisible();
        await expect(page.getByText(`${rows} rows`, { exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Show (\d+ more|all \d+)$/ })).toHaveCount(0);
        await expect(page.getByRole('list', { name: report.caption })).toHaveCount(0);
        // The header is the collapsed bar here too; the totals are on the first screen.
        await expect(header(page)).toHaveAttribute('data-collapsed', 'true');
        await expect(page.getByRole('region', { name: /totals|counts/ })).toBeInViewport({ ratio: 1 });
        const height = await pageHeight(page);
        console.log(`${report.name} report at 1280 px: ${height.page} px (${height.screens} screens)`);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, { path: `${SCREENSHOTS}/${report.name}-1280.png` });
        await checkA11y(page);
      }

      // Every payment's amount reads as money, thousands separated.
      await openReport(page, REPORTS[0]!, camp.payments);
      const amounts = await page
        .getByRole('table', { name: 'Payments' })
        .locator('tbody td:nth-child(4)')
        .allTextContents();
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) expect(amount).toMatch(MONEY);
      await expect(page.getByTestId('count-gross')).toHaveText(MONEY);
      expect(await page.getByTestId('count-gross').textContent()).toContain(',');
    },
  );
});

phonesTest(
  "the Work Schedule's full-job badge reads at 4.5:1 or more",
  async ({ page, phonesCamp: camp, checkA11y }) => {
    await page.goto(`/#${routePatterns.reportsWorkSchedule}`);
    await expect(page.getByRole('heading', { name: 'Work Schedule', level: 2 })).toBeVisible();
    const job = page
      .locator('li')
      .filter({ has: page.getByText(camp.fullJob, { exact: true }) })
      .first();
    const badge = job.getByLabel(/places taken$/);
    await expect(badge).toBeVisible();
    const label = (await badge.getAttribute('aria-label')) ?? '';
    const [taken, places] = label.split(' of ').map((part) => Number.parseInt(part, 10));
    expect(taken).toBe(places);

    const ratio = await badge.evaluate((element) => {
      const style = getComputedStyle(element);
      const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
    console.log(`full-job badge contrast: ${ratio.toFixed(2)}:1`);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    await badge.scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: `${SCREENSHOTS}/work-schedule-1280.png` });
    await checkA11y(page);
  },
);
