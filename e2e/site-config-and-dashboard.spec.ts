import { type Page } from '@playwright/test';
import { payments } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  axeScan,
  expect,
  expectNoSidewaysScroll,
  REGISTRATION_CAMP,
  test,
} from './support/fixtures';
import { registerWithDues, TENT_DUES } from './support/stripe';
import { saveScreenshot } from './support/screens';

// The Site Configuration screen of decision 026 (sections to jump between, a save bar in view, a question before
// leaving unsaved changes) and the dashboard (dates people read, the dues button in the primary colour, a
// FAILED badge and the editor's links that pass axe). Screenshots go to SCREENSHOTS (looked at, not kept).
test.describe.configure({ timeout: 120_000 });

const SCREENSHOTS = 'test-results/site-config-and-dashboard';

/** Two axe rules (decision 026), run on their own so a page cannot pass by skipping them. */
async function expectContrastAndLinks(page: Page) {
  const results = await axeScan(page).withRules(['color-contrast', 'link-in-text-block']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} node(s)`)).toEqual(
    [],
  );
  // The editor's link was really checked (not left out as inapplicable).
  return results;
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('Site Configuration: sections, save bar, unsaved changes', () => {
  test('an admin sets Opening Sunday and reads the festival calendar that follows (docs/product.md §11)', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn(ADMIN_EMAIL);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/#/admin/configuration');
    await expect(page.getByRole('textbox', { name: 'Camp name' })).toHaveValue('Camp Lantern E2E');
    const openingSunday = page.getByLabel('Opening Sunday', { exact: true });
    await openingSunday.fill('2027-08-29');
    const calendar = page.getByRole('region', { name: 'Festival calendar' });
    await expect(calendar.getByRole('row')).toHaveText([
      'Pre-OpeningSat, Aug 28',
      'Opening SundaySun, Aug 29',
      'MondayMon, Aug 30',
      'TuesdayTue, Aug 31',
      'WednesdayWed, Sep 1',
      'ThursdayThu, Sep 2',
      'FridayFri, Sep 3',
      'SaturdaySat, Sep 4',
      'Closing SundaySun, Sep 5',
      'Post-EventMon, Sep 6',
    ]);
    await calendar.scrollIntoViewIfNeeded();
    await screenshots(page, 'festival-calendar');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    const publicConfig = await page.request.get('/api/public/config');
    expect(await publicConfig.json()).toMatchObject({ openingSunday: '2027-08-29' });
  });

  test('an admin jumps between sections, sees unsaved changes, and is asked before leaving them', async ({
    page,
    admin,
    signIn,
    checkA11y,
  }) => {
    // A link inside the text of the home page blurb: what the editor shows must pass link-in-text-block.
    await admin.call('PATCH', '/core-config/current', {
      homePageBlurb:
        '<p>Questions? Write to <a href="mailto:hello@example.org">hello@example.org</a> any time.</p>',
    });
    await signIn(ADMIN_EMAIL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/#/admin/configuration');
    const campName = page.getByRole('textbox', { name: 'Camp name' });
    await expect(campName).toHaveValue('Camp Lantern E2E');
    const state = page.getByTestId('save-state');
    const save = page.getByRole('button', { name: 'Save Configuration' });
    await expect(state).toHaveText('All changes saved');
    // Save is in view at the top of a long form, not at its bottom.
    await expect(save).toBeInViewport();

    const editorLink = page.getByRole('textbox', { name: 'Home page blurb', exact: true }).getByRole('link');
    await expect(editorLink).toHaveText('hello@example.org');
    const results = await expectContrastAndLinks(page);
    expect(results.passes.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['color-contrast', 'link-in-text-block']),
    );
    await checkA11y(page);

    // The index beside the form jumps to a section and marks it.
    const index = page.getByRole('navigation', { name: 'Sections' });
    await index.getByRole('button', { name: 'E-mail', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'SMTP Host' })).toBeInViewport();
    await expect(page.getByRole('region', { name: 'E-mail', exact: true })).toBeFocused();
    await expect(index.getByRole('button', { name: 'E-mail', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(save).toBeInViewport();
    await index.getByRole('button', { name: 'Camp', exact: true }).click();
    await expect(campName).toBeInViewport();

    // An edit: the bar says so, and stays in view wherever the admin is in the form.
    await campName.fill('Camp Lantern Renamed');
    await expect(state).toHaveText('Unsaved changes (1 field)');
    await index.getByRole('button', { name: 'Time zone' }).click();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toBeInViewport();
    await expect(state).toBeInViewport();
    await expect(save).toBeInViewport();

    // Leaving asks first; Stay keeps the page and the edit.
    await page.getByRole('link', { name: /Back to Admin/ }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('The site configuration has changes that are not saved.');
    await ask.getByRole('button', { name: 'Stay on page' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/#\/admin\/configuration$/);
    await expect(campName).toHaveValue('Camp Lantern Renamed');
    await expect(state).toHaveText('Unsaved changes (1 field)');

    // Leave goes, and the edit is gone.
    await page.getByRole('link', { name: /Back to Admin/ }).click();
    await ask.getByRole('button', { name: 'Leave page' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();
    await page.goBack();
    await expect(campName).toHaveValue('Camp Lantern E2E');

    // Saved changes leave without a question.
    await campName.fill('Camp Lantern Saved');
    await save.click();
    await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
    await expect(state).toHaveText('All changes saved');
    await page.getByRole('link', { name: /Back to Admin/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();

    // The browser's Back button asks too: Stay puts the address back and keeps the edit; Leave goes back.
    await page.getByRole('link', { name: /Camp Configuration/ }).click();
    await expect(campName).toHaveValue('Camp Lantern Saved');
    await campName.fill('Camp Lantern Back');
    await expect(state).toHaveText('Unsaved changes (1 field)');
    await page.goBack();
    await expect(ask).toBeVisible();
    await expect(page).toHaveURL(/#\/admin\/configuration$/);
    await ask.getByRole('button', { name: 'Stay on page' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/#\/admin\/configuration$/);
    await expect(campName).toHaveValue('Camp Lantern Back');
    await expect(state).toHaveText('Unsaved changes (1 field)');
    await page.goBack();
    await ask.getByRole('button', { name: 'Leave page' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();
    await expect(page).toHaveURL(/#\/admin$/);
    // Forward, with nothing unsaved, goes without asking, and the edit is gone.
    await page.goForward();
    await expect(campName).toHaveValue('Camp Lantern Saved');
    await expect(ask).toBeHidden();

    // A phone: the jump is a select in the save bar; nothing scrolls sideways.
    await page.goto('/#/admin/configuration');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(campName).toHaveValue('Camp Lantern Saved');
    await expect(index).toBeHidden();
    await page.getByRole('combobox', { name: 'Jump to section' }).selectOption('Payments');
    await expect(page.getByRole('textbox', { name: 'Stripe public key' })).toBeInViewport();
    await expect(save).toBeInViewport();
    await checkA11y(page);
    await screenshots(page, 'configuration');
  });
});

test.describe('Dashboard', () => {
  test.use({ campSeed: 'registration-paying' });

  test('a custom date reads as a date, dues pay in the primary colour, and a FAILED badge passes axe', async ({
    page,
    signIn,
    camp,
    backend,
    checkA11y,
  }) => {
    const token = await signIn('dates@e2e.test');
    const { registrationId, userId } = await registerWithDues(page.request, token, camp);
    await backend.database.db
      .insert(payments)
      .values({ userId, registrationId, amountCents: 2_500, status: 'FAILED' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/#/dashboard');

    const dues = page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` });
    await expect(dues).toBeVisible();
    // The theme's primary colour (sunset 6, #c2410c) with white text.
    await expect(dues).toHaveCSS('background-color', 'rgb(194, 65, 12)');
    await expect(dues).toHaveCSS('color', 'rgb(255, 255, 255)');

    const current = page.getByRole('region', { name: `Current Registration ${REGISTRATION_CAMP.year}` });
    await expect(current.getByText('FAILED', { exact: true })).toBeVisible();
    const camping = page.getByRole('region', { name: 'Camping', exact: true });
    await expect(camping.getByRole('term').filter({ hasText: 'Arrival date' })).toHaveText('Arrival date:');
    await expect(camping.getByRole('definition').filter({ hasText: '2032' })).toHaveText(
      `Aug 24, ${REGISTRATION_CAMP.year}`,
    );
    await expect(camping.getByText(`${REGISTRATION_CAMP.year}-08-24`)).toHaveCount(0);

    await expectContrastAndLinks(page);
    await checkA11y(page);
    await screenshots(page, 'dashboard');
  });
});
