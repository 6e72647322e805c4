// One DataTable (decision 028): on a phone (375 px) every admin table shows its rows as cards, every row's actions
// are on-screen, nothing scrolls sideways, the pager offers its page sizes, and axe finds nothing; screenshots
// at 375 and 1280 px to look at.
import { type Page } from '@playwright/test';
import { routePatterns } from '../apps/web/src/lib/paths';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  expectNoSidewaysScroll,
  REGISTRATION_CAMP,
  test,
} from './support/fixtures';
import { registerAndPayInCash } from './support/stripe';

// Each test signs in (mail included) and visits several screens; on a slow machine that takes a while.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 812 };

/** A user whose e-mail is one long word: it must wrap in its card, not widen the page. */
const LONG_EMAIL = 'maximiliana.wolfeschlegelsteinhausenbergerdorff@e2e.test';
const LONG_PERSON = { firstName: 'Maximiliana', lastName: 'Wolfeschlegelsteinhausen' };
const LONG_NAME = fullName(LONG_PERSON);

interface AdminTable {
  name: string;
  path: string;
  /** The caption naming the table, and its list of cards on a phone. */
  caption: string;
  /** A row that must be there. */
  row: string;
  /** The fewest actions a card has (Edit and Delete; none on a payment still due). */
  minActions: number;
  /** An action that must be on a card (and so on-screen). */
  action?: string;
  /** The Rows per page chosen at first (docs/product.md §9: 10; 25 on registration tables). */
  pageSize: string;
  /** false: the table has no sortable column (the outbox, which the server sorts), so there is no Sort by list. */
  sortable: boolean;
}

/** Every admin table, the outbox on Site Configuration included. */
const TABLES: readonly AdminTable[] = [
  { name: 'users', path: routePatterns.adminUsers, caption: 'Users', row: LONG_EMAIL },
  {
    name: 'camping-options',
    path: routePatterns.adminCampingOptions,
    caption: 'Camping options',
    row: REGISTRATION_CAMP.option,
  },
  {
    name: 'job-categories',
    path: routePatterns.adminJobCategories,
    caption: 'Job categories',
    row: REGISTRATION_CAMP.alwaysRequired,
  },
  { name: 'jobs', path: routePatterns.adminJobs, caption: 'Jobs', row: REGISTRATION_CAMP.gateJob },
  { name: 'shifts', path: routePatterns.adminShifts, caption: 'Shifts', row: 'Morning' },
  {
    name: 'manage-registrations',
    path: routePatterns.adminManageRegistrations,
    caption: 'Registrations',
    row: LONG_EMAIL,
    minActions: 3,
    action: `Cancel registration of ${LONG_NAME}`,
    pageSize: '25',
  },
  // The dues still owed have no action; the cash payment has one, Refund.
  {
    name: 'payments',
    path: routePatterns.adminPayments,
    caption: 'Payments',
    row: LONG_EMAIL,
    minActions: 0,
    action: `Refund payment of ${LONG_NAME}`,
  },
  // The mail to the long-named person (registration, receipt); Retry only on a FAILED one, and the server pages
  // and sorts the outbox.
  {
    name: 'outbox',
    path: routePatterns.adminConfiguration,
    caption: 'Outgoing e-mail messages',
    row: LONG_EMAIL,
    minActions: 0,
    sortable: false,
  },
].map((table) => ({ minActions: 2, pageSize: '10', sortable: true, ...table }));

/** Every button and link at the bottom of each card lies wholly inside the 375 px window. */
async function expectActionsOnScreen(page: Page, caption: string, minActions: number) {
  const list = page.getByRole('list', { name: caption, exact: true });
  const cards = list.locator(':scope > li');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const actions = card.locator('a, button');
    const actionCount = await actions.count();
    // Group headings have one button (the fold); a card has its actions (Edit and Delete at least).
    if ((await card.locator('dl').count()) === 0) continue;
    expect(actionCount, `card ${index + 1} of ${caption} has its actions`).toBeGreaterThanOrEqual(minActions);
    for (let a = 0; a < actionCount; a += 1) {
      const box = await actions.nth(a).boundingBox();
      expect(box, `action ${a + 1} of card ${index + 1} (${caption}) is rendered`).not.toBeNull();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Big enough for a finger (WCAG 2.5.8 asks for 24 px; the cards give 40).
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
  }
}

test.describe('admin tables on a phone', () => {
  test.use({ campSeed: 'registration-open', viewport: PHONE });

  test('every admin table is a list of cards whose actions are all on-screen at 375 px', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { admin, signIn } = site;
    await admin.createUser(LONG_EMAIL, LONG_PERSON);
    // The long-named person registers and pays part of the dues in cash: a registration and a payment to list.
    await registerAndPayInCash(site, LONG_EMAIL, { reference: 'Receipt 12', profile: null });
    await signIn(ADMIN_EMAIL);

    for (const table of TABLES) {
      await page.setViewportSize(PHONE);
      await page.goto(`/#${table.path}`);
      const list = page.getByRole('list', { name: table.caption, exact: true });
      await expect(list.getByText(table.row, { exact: true }).first()).toBeVisible();
      // The phone layout: cards and a Sort by list, no table scrolling sideways in its box.
      await expect(page.getByRole('table', { name: table.caption })).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(table.sortable ? 1 : 0);
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue(table.pageSize);
      if (table.action) await expect(list.getByRole('button', { name: table.action })).toBeVisible();
      await expectActionsOnScreen(page, table.caption, table.minActions);
      await expectNoSidewaysScroll(page);
      await screenCheck(table.name);
      // At 1280 px (checkScreen's last width) the accessible table is back.
      await expect(page.getByRole('table', { name: table.caption })).toBeVisible();
    }
  });

  test("a camping option's fields keep their Edit and Delete on-screen in a pinned column at 375 px", async ({
    page,
    camp,
    signIn,
    screenCheck,
  }) => {
    await signIn(ADMIN_EMAIL);
    await page.goto(
      `/#${routePatterns.adminCampingOptionFields.replace(':optionId', camp.idOf(REGISTRATION_CAMP.option))}`,
    );
    const table = page.getByRole('table', { name: 'Custom fields in the order campers see them' });
    await expect(table.getByRole('button', { name: 'Edit Nickname' })).toBeVisible();
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      for (const label of ['Edit', 'Delete']) {
        const box = await rows
          .nth(index)
          .getByRole('button', { name: new RegExp(`^${label} `) })
          .boundingBox();
        expect(box, `${label} of field ${index + 1}`).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    await expectNoSidewaysScroll(page);
    await screenCheck('camping-option-fields');
  });

  test('sorting still works on a phone: the Sort by list reorders the cards', async ({ page, signIn }) => {
    await signIn(ADMIN_EMAIL);
    await page.goto(`/#${routePatterns.adminJobCategories}`);
    const list = page.getByRole('list', { name: 'Job categories', exact: true });
    const titles = list.locator(':scope > li > :first-child');
    await expect(titles.first()).toHaveText(REGISTRATION_CAMP.emptyCategory);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name, descending' });
    await expect(titles.first()).toHaveText(REGISTRATION_CAMP.staffCategory);
    const announcement = page.getByRole('status').filter({ hasText: 'Sorted by Name, descending' });
    await expect(announcement).toHaveCount(1);
    // docs/product.md §2: the announcement clears after 2 seconds.
    await expect(announcement).toHaveCount(0, { timeout: 4_000 });
  });
});
