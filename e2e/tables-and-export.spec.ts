// Tables at 1280 px: on Manage Registrations and the Registration report no name or e-mail is broken mid-word
// (an ellipsis, the whole on hover and keyboard focus), nothing scrolls sideways; Manage Registrations sorts
// by its headers on the server, has a search outside Filters, keeps filters, search and sort in the address
// (Back and reload keep them), and its count cards (a Waitlisted one among them) follow the filters and add
// up; a report's export writes the rows its search shows, a phone number without an apostrophe; the status
// filters say 'Pending'. Axe on every screen, screenshots at 1280 and 375 px to look at.
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSidewaysScroll,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';
import {
  countCards,
  expectCutWithTooltip,
  expectTableFits,
  LONG_EMAIL,
  LONG_NAME,
  registerPeople,
} from './support/i22-tables';

test.describe.configure({ timeout: 180_000 });
test.use({ campSeed: 'registration-open' });

const DESKTOP = { width: 1280, height: 900 };
const CAMP = REGISTRATION_CAMP;

/** Registers everyone, then opens `path` (a screen with a Registrations table) as the admin at 1280 px. */
async function openRegistrations(page: Page, site: Site, path: string) {
  await registerPeople(site, site.backend);
  await site.signIn(ADMIN_EMAIL, null);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/#${path}`);
  const table = page.getByRole('table', { name: 'Registrations' });
  await expect(table.getByText('Zoë Núñez', { exact: true })).toBeVisible();
  return table;
}

/** The count cards once the list shows the two PENDING registrations only. */
const PENDING_ONLY = {
  Total: '2',
  Confirmed: '0',
  Pending: '2',
  Waitlisted: '0',
  Cancelled: '0',
  'Open offers': '0',
};

test('Manage Registrations at 1280 px: cut names, server sort, search, filters in the address, cards that add up', async ({
  page,
  site,
  screenCheck,
}) => {
  const table = await openRegistrations(page, site, '/admin/manage-registrations');

  // Each status counted, adding up to the total, and the open waitlist offers (none here).
  expect(await countCards(page)).toEqual({
    Total: '5',
    Confirmed: '1',
    Pending: '2',
    Waitlisted: '1',
    Cancelled: '1',
    'Open offers': '0',
  });
  await expectNoSidewaysScroll(page);
  await expectTableFits(page, 'Registrations');
  await expectCutWithTooltip(page, LONG_EMAIL);
  await expectCutWithTooltip(page, LONG_NAME);
  await screenCheck('manage-registrations');
  await page.setViewportSize(DESKTOP);

  // Sorting by a header asks the server: by name, A to Z, then Z to A.
  const userHeader = table.getByRole('columnheader', { name: /^User/ });
  await expect(table.getByRole('columnheader', { name: /^Registered/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await userHeader.getByRole('button').click();
  await expect(userHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/#\/admin\/manage-registrations\?sort=name&order=asc$/);
  const firstNames = async () =>
    (await table.locator('tbody tr').allInnerTexts()).map((row) => row.split(/\s+/)[0]);
  await expect.poll(firstNames).toEqual(['Ash', 'Basil', 'Cedar', 'Maximiliana', 'Zoë']);
  await userHeader.getByRole('button').press('Enter');
  await expect(userHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(firstNames).toEqual(['Zoë', 'Maximiliana', 'Cedar', 'Basil', 'Ash']);

  // The search is there without opening Filters; the status filter is in the panel. The cards follow both.
  await expect(page.getByRole('region', { name: 'Filters' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill('e2e.test');
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('region', { name: 'Filters' });
  const status = filters.getByRole('combobox', { name: 'Status' });
  expect(await status.locator('option').allTextContents()).toEqual([
    'All statuses',
    'Pending',
    'Confirmed',
    'Waitlisted',
    'Cancelled',
  ]);
  await status.selectOption('PENDING');
  await expect.poll(firstNames).toEqual(['Zoë', 'Basil']);
  await expect.poll(() => countCards(page)).toEqual(PENDING_ONLY);
  await expect(page).toHaveURL(/\?status=PENDING&q=e2e\.test&sort=name$/);
  await screenCheck('manage-registrations-filtered');
  await page.setViewportSize(DESKTOP);

  // Reload: the same list, filters, search and sort.
  await page.reload();
  await expect.poll(firstNames).toEqual(['Zoë', 'Basil']);
  await expect(page.getByRole('searchbox', { name: 'Search registrations' })).toHaveValue('e2e.test');
  await expect(
    page.getByRole('region', { name: 'Filters' }).getByRole('combobox', { name: 'Status' }),
  ).toHaveValue('PENDING');
  expect(await countCards(page)).toEqual(PENDING_ONLY);

  // Away and Back: still the same.
  await page.getByRole('link', { name: /Back to Admin/ }).click();
  await expect(page).toHaveURL(/#\/admin$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?status=PENDING&q=e2e\.test&sort=name$/);
  await expect.poll(firstNames).toEqual(['Zoë', 'Basil']);
  await expect(page.getByRole('searchbox', { name: 'Search registrations' })).toHaveValue('e2e.test');
  await expect(table.getByRole('columnheader', { name: /^User/ })).toHaveAttribute('aria-sort', 'descending');
});

test('the Registration report fits 1280 px, keeps its filters in the address, and its export writes what the search shows', async ({
  page,
  site,
  screenCheck,
  checkA11y,
}) => {
  const table = await openRegistrations(page, site, '/reports/registrations');
  await expect(page.getByTestId('count-total')).toHaveText('5');

  // No sideways scrolling, of the page or of the table's box; shifts as a count that opens into the list.
  await expectNoSidewaysScroll(page);
  await expectTableFits(page, 'Registrations');
  await expectCutWithTooltip(page, LONG_EMAIL);
  const zoe = table.getByRole('row', { name: /Zoë Núñez/ });
  const shifts = zoe.getByText('2 shifts', { exact: true });
  await expect(shifts).toBeVisible();
  await expect(zoe.getByText(new RegExp(`^${CAMP.gateJob} — `))).toBeHidden();
  await shifts.focus();
  await page.keyboard.press('Enter');
  await expect(zoe.getByText(new RegExp(`^${CAMP.gateJob} — `))).toBeVisible();
  await expect(zoe.getByText(new RegExp(`^${CAMP.kitchenJob} — `))).toBeVisible();
  await screenCheck('registration-report');
  await page.setViewportSize(DESKTOP);

  // The status filter says 'Pending', as Manage Registrations' does.
  expect(await page.getByRole('combobox', { name: 'Status' }).locator('option').allTextContents()).toEqual([
    'All statuses',
    'Pending',
    'Confirmed',
    'Waitlisted',
    'Cancelled',
  ]);

  // The search shows one row: the button says so, and the file holds that row only.
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill('núñez');
  await expect(table.getByRole('row')).toHaveCount(2);
  const exportButton = page.getByRole('button', { name: 'Export 1 row to CSV' });
  await expect(exportButton).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^registration_reports_${CAMP.year}_nunez_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const lines = readFileSync(await download.path(), 'utf8')
    .slice(1)
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]?.split(',').slice(0, 5)).toEqual([
    'First Name',
    'Last Name',
    'Playa Name',
    'Email',
    'Phone',
  ]);
  // The phone number starts with '+' and is written as typed: no apostrophe.
  expect(lines[1]).toContain('Zoë,Núñez,,zoe@e2e.test,+1 555 0150,');
  expect(lines[1]).toContain(`,${CAMP.year},PENDING,`);

  // With the search cleared the button is the report's own again, and the file holds every row.
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill('');
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  const allLines = readFileSync(await all.path(), 'utf8')
    .slice(1)
    .trimEnd()
    .split('\r\n');
  expect(allLines).toHaveLength(1 + 5);
  expect(all.suggestedFilename()).toMatch(
    new RegExp(`^registration_reports_${CAMP.year}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );

  // On a phone the cards follow the same search, and the file holds the same row.
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill('núñez');
  const phoneExport = page.getByRole('button', { name: 'Export 1 row to CSV' });
  await expect(phoneExport).toBeVisible();
  const [phoneFile] = await Promise.all([page.waitForEvent('download'), phoneExport.click()]);
  expect(
    readFileSync(await phoneFile.path(), 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n'),
  ).toEqual(lines);
  await expectNoSidewaysScroll(page);
  await checkA11y(page);
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill('');
  await page.setViewportSize(DESKTOP);

  // The report's filters are in the address too: a reload keeps them.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('WAITLISTED');
  await expect(page).toHaveURL(/#\/reports\/registrations\?status=WAITLISTED$/);
  await expect(page.getByTestId('count-total')).toHaveText('1');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('WAITLISTED');
  await expect(table.getByText('Ash Dune', { exact: true })).toBeVisible();
  await expect(page.getByTestId('count-total')).toHaveText('1');
});
