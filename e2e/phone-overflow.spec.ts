// Nothing scrolls sideways on a 375 px phone, on any screen of the router. One test per role visits
// its routes with data in them; together they must cover every route in routePatterns, so a new screen
// fails here until it is added to a role's list.
import type { Page } from '@playwright/test';
import { routePatterns, type RouteName } from '../apps/web/src/lib/paths';
import { ADMIN_EMAIL, expect, REGISTRATION_CAMP, test } from './support/fixtures';
import { registerAndPayInCash, registerWithDues, registerWithDuesAs } from './support/stripe';

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 375, height: 812 };
const PARTICIPANT = 'phone.participant@e2e.test';
const STAFF = 'phone.staff@e2e.test';

/** The routes each test visits; every route of the router is in one of the lists. */
const PUBLIC_ROUTES: RouteName[] = ['home', 'login', 'loginLink'];
const PARTICIPANT_ROUTES: RouteName[] = [
  'dashboard',
  'profile',
  'registration',
  'apply',
  'shifts',
  'paymentSuccess',
  'paymentCancel',
];
const STAFF_ROUTES: RouteName[] = [
  'checkIn',
  'reports',
  'reportsRegistrations',
  'reportsUsers',
  'reportsWorkSchedule',
];
const ADMIN_ROUTES: RouteName[] = [
  'reportsPayments',
  'admin',
  'adminConfiguration',
  'adminUsers',
  'adminCampingOptions',
  'adminCampingOptionFields',
  'adminJobCategories',
  'adminJobs',
  'adminShifts',
  'adminManageRegistrations',
  'adminPayments',
  'adminWaitlist',
  'adminDraw',
  'adminApplications',
];

/** Opens each route at 375 px once its screen has settled, and checks the page is no wider than the phone. */
async function expectNoOverflow(page: Page, routes: RouteName[], params: Record<string, string> = {}) {
  await page.setViewportSize(PHONE);
  for (const route of routes) {
    const path = routePatterns[route].replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
    await page.goto(`/#${path}`);
    // The screen's own content is in (no loader left) and its data has arrived.
    await expect(page.locator('main h2').first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${route} (${path}) is ${width}px wide at 375px`).toBeLessThanOrEqual(PHONE.width);
  }
}

test.describe('no sideways scroll at 375 px', () => {
  test.use({ campSeed: 'registration-open', viewport: PHONE });

  test('public screens (and the four lists cover every route of the router, once)', async ({ page }) => {
    const listed = [...PUBLIC_ROUTES, ...PARTICIPANT_ROUTES, ...STAFF_ROUTES, ...ADMIN_ROUTES];
    expect([...listed].sort()).toEqual(Object.keys(routePatterns).sort());
    await expectNoOverflow(page, PUBLIC_ROUTES);
  });

  test('participant screens, registered with dues owed', async ({ page, camp, signIn }) => {
    const token = await signIn(PARTICIPANT);
    await registerWithDues(page.request, token, camp);
    await expectNoOverflow(page, PARTICIPANT_ROUTES);
  });

  test('staff screens', async ({ page, playwright, server, camp, admin, signIn }) => {
    // A registration for the reports to list.
    await registerWithDuesAs({ playwright, server, camp, signIn }, PARTICIPANT);
    await admin.createUser(STAFF, { role: 'STAFF' });
    await signIn(STAFF, null);
    await expectNoOverflow(page, STAFF_ROUTES);
  });

  test('admin screens', async ({ page, playwright, server, camp, admin, signIn }) => {
    await registerAndPayInCash({ playwright, server, camp, admin, signIn }, PARTICIPANT, {
      reference: 'Receipt 14',
    });
    await signIn(ADMIN_EMAIL);
    await expectNoOverflow(page, ADMIN_ROUTES, { optionId: camp.idOf(REGISTRATION_CAMP.option) });
  });
});
