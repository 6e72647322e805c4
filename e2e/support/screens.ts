import { expect, type Page } from '@playwright/test';

/**
 * Screenshots are for people to look at, not assertions: CI throws them away, so there they are skipped unless
 * E2E_SCREENSHOTS=1 (decision 064); a local run writes them under test-results/ as before.
 */
const TAKE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** `page.screenshot(options)` where screenshots are taken (above). */
export async function saveScreenshot(
  page: Page,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (TAKE_SCREENSHOTS) await page.screenshot(options);
}

/**
 * Axe, no sideways scrolling at 375 and 1280 px, and a full-page screenshot of both widths into `dir`
 * (looked at by people, never committed).
 */
export async function checkScreen(
  page: Page,
  checkA11y: (page: Page) => Promise<void>,
  dir: string,
  name: string,
): Promise<void> {
  await checkA11y(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, { path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * Axe, no sideways scrolling and a full-page screenshot from the top, at 375 and then at 1280 px (axe at each width:
 * a layout of its own can fail on its own); the page is left at 1280.
 */
export async function checkScreenAtEachWidth(
  page: Page,
  checkA11y: (page: Page) => Promise<void>,
  dir: string,
  name: string,
): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkA11y(page);
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, { path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

/** The registration wizard's heading of step n ('Step 2 of 6: Options'). */
export const stepHeading = (page: Page, n: number, label: string) =>
  page.getByRole('heading', { name: `Step ${n} of 6: ${label}` });

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
