import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  expectNoSidewaysScroll,
  type ProfileDetails,
  REGISTRATION_CAMP,
  sampleProfile,
  type SignIn,
  test,
} from './support/fixtures';
import { payWithoutReturning, registerWithDues, startCheckoutThroughApi, TENT_DUES } from './support/stripe';
import { saveScreenshot } from './support/screens';

// The reports (docs/product.md §2 Reports). Staff see three report cards and are sent away from the payment report; an admin
// exports the registration report and the test reads the file; the work schedule is in the festival's day
// order; an admin filters payments; every report passes axe and fits 375 px without sideways scrolling.
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const SCREENSHOTS = 'test-results/reports-screens';

const ZOE: ProfileDetails = {
  firstName: 'Zoë',
  lastName: 'Núñez',
  playaName: 'Sparkle',
  phone: '+1 555-0150',
  emergencyContact: 'Basil Núñez, 555-0151, brother',
};
const ZOE_EMAIL = 'zoe@e2e.test';
const JUNIPER_EMAIL = 'juniper@e2e.test';
const JUNIPER_NAME = fullName(sampleProfile);

interface Person {
  request: APIRequestContext;
  token: string;
  registrationId: string;
  userId: string;
}

/** A person who signs in through the API with a request context of their own and registers with dues. */
async function registeredPerson(
  newRequest: () => Promise<APIRequestContext>,
  signIn: SignIn,
  camp: { idOf(name: string): string },
  email: string,
  profile: ProfileDetails,
): Promise<Person> {
  const request = await newRequest();
  const token = await signIn(email, profile, request);
  const pending = await registerWithDues(request, token, camp);
  return { request, token, ...pending };
}

/** Axe at 375 px too, where the report's table is a list of cards (`list`) showing `text`; then back to 1280 px. */
async function checkPhoneCards(
  page: Page,
  checkA11y: (page: Page) => Promise<void>,
  list: string,
  text: string,
) {
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByRole('list', { name: list }).getByText(text)).toBeVisible();
  await checkA11y(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const reportCard = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Reports you can open' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: title }),
    });

test.describe('reports for staff', () => {
  test.use({ campSeed: 'registration-open' });

  test('staff see three report cards, are sent to the dashboard from the payment report, and read the user report', async ({
    page,
    admin,
    signIn,
    screenCheck,
    checkA11y,
  }) => {
    const email = 'staff@e2e.test';
    await admin.createUser(email, { role: 'STAFF', firstName: 'Sam', lastName: 'Staff' });
    await signIn(email, null);

    await page.goto('/#/dashboard');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Reports you can open' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading')).toHaveText([
      'Registration Reports',
      'Work Schedule',
      'User Reports',
    ]);
    await expect(page.getByText('Admin Only')).toHaveCount(0);
    await screenCheck('index-staff');

    await page.goto('/#/reports/payments');
    await expect(page).toHaveURL(/#\/dashboard$/);

    await page.goto('/#/reports');
    await reportCard(page, 'User Reports').getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'User Reports', level: 2 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByText('Sam Staff')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(CAMP.year));
    await screenCheck('users');
    await checkPhoneCards(page, checkA11y, 'Users', 'Sam Staff');

    // Nobody is registered yet: the active people of the year are none.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    await checkA11y(page);
  });
});

test.describe('registration report and work schedule', () => {
  test.use({ campSeed: 'registration-open' });

  test('an admin filters the registration report and exports it; the test reads the file', async ({
    page,
    site,
    screenCheck,
    checkA11y,
  }) => {
    const { playwright, server, camp, signIn } = site;
    const newRequest = () => playwright.request.newContext({ baseURL: server.url });
    const zoe = await registeredPerson(newRequest, signIn, camp, ZOE_EMAIL, ZOE);
    const juniper = await registeredPerson(newRequest, signIn, camp, JUNIPER_EMAIL, sampleProfile);
    await signIn(ADMIN_EMAIL, { ...sampleProfile, firstName: 'Ada', lastName: 'Admin' });

    await page.goto('/#/reports');
    await expect(reportCard(page, 'Payment Reports').getByText('Admin Only')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Reports you can open' }).getByRole('listitem')).toHaveCount(
      4,
    );
    await screenCheck('index-admin');

    await reportCard(page, 'Registration Reports').getByRole('link').click();
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByText('Zoë Núñez')).toBeVisible();
    await expect(table.getByText(JUNIPER_NAME)).toBeVisible();
    await expect(page.getByTestId('count-total')).toHaveText('2');
    await expect(page.getByTestId('count-pending')).toHaveText('2');
    await screenCheck('registrations');
    // On a phone each registration is a card: axe there too.
    await checkPhoneCards(page, checkA11y, 'Registrations', 'Zoë Núñez');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('CONFIRMED');
    await expect(page.getByText('No registrations found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('PENDING');
    await expect(table.getByText('Zoë Núñez')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^registration_reports_${CAMP.year}_PENDING_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 4)).toEqual(['First Name', 'Last Name', 'Playa Name', 'Email']);
    expect(header).toContain(`${CAMP.option}: Nickname`);
    const zoeLine = lines.find((line) => line.includes(ZOE_EMAIL)) ?? '';
    // Accents as typed; a plain phone number beginning with '+' is written as typed, without an apostrophe.
    expect(zoeLine).toContain(`Zoë,Núñez,Sparkle,${ZOE_EMAIL},+1 555-0150,`);
    expect(zoeLine).toContain(`,${CAMP.year},PENDING,`);
    expect(zoeLine).toContain(CAMP.option);
    expect(zoeLine).toContain('Sparky');
    expect(zoeLine).toContain(`,0,${TENT_DUES.cents / 100},`);
    expect(lines.filter((line) => line.includes(JUNIPER_EMAIL))).toHaveLength(1);
    await zoe.request.dispose();
    await juniper.request.dispose();
  });

  test('the work schedule lists the days in festival order with jobs, places and people, and prints', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { playwright, server, admin, camp, signIn } = site;
    // Shifts created out of order: the report puts them in the festival's order.
    await admin.call('POST', '/shifts', {
      name: 'Teardown',
      dayOfWeek: 'POST_EVENT',
      startTime: '08:00',
      endTime: '11:00',
    });
    await admin.call('POST', '/shifts', {
      name: 'Build week',
      dayOfWeek: 'PRE_OPENING',
      startTime: '07:00',
      endTime: '10:00',
    });
    const newRequest = () => playwright.request.newContext({ baseURL: server.url });
    const zoe = await registeredPerson(newRequest, signIn, camp, ZOE_EMAIL, ZOE);
    const staff = 'staff@e2e.test';
    await admin.createUser(staff, { role: 'STAFF', firstName: 'Sam', lastName: 'Staff' });
    await signIn(staff, null);

    await page.goto('/#/reports/work-schedule');
    await expect(page.getByRole('heading', { name: 'Work Schedule', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Pre-Opening',
      'Monday',
      'Tuesday',
      'Post-Event',
    ]);
    const morning = page.getByRole('article', { name: 'Morning' });
    await expect(morning.getByText('09:00–12:00')).toBeVisible();
    const gate = morning.getByRole('listitem').filter({ hasText: CAMP.gateJob }).first();
    await expect(gate.getByLabel('1 of 200 places taken')).toHaveText('1 / 200');
    await expect(gate.getByText('Zoë Núñez')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Teardown' }).getByText('No jobs on this shift.'),
    ).toBeVisible();
    await screenCheck('work-schedule');

    // The print view: only the report, no site header, navigation or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Sign Out' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pre-Opening' })).toBeVisible();
    await saveScreenshot(page, { path: `${SCREENSHOTS}/work-schedule-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^work_schedule_report_${CAMP.year}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const lines = readFileSync(await download.path(), 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'Pre-Opening',
      'Monday',
      'Monday',
      'Tuesday',
      'Post-Event',
    ]);
    await zoe.request.dispose();
  });
});

test.describe('payment report', () => {
  test.use({ campSeed: 'registration-paying' });

  test('an admin filters payments by provider and status, with totals net of refunds', async ({
    page,
    site,
    screenCheck,
    checkA11y,
  }) => {
    const { playwright, server, admin, camp, signIn } = site;
    const newRequest = () => playwright.request.newContext({ baseURL: server.url });
    // Zoë pays by card; Juniper pays part of her dues in cash, and $20 of it is given back.
    const zoe = await registeredPerson(newRequest, signIn, camp, ZOE_EMAIL, ZOE);
    await payWithoutReturning(
      zoe.request,
      await startCheckoutThroughApi(zoe.request, zoe.token, server.url, zoe),
    );
    const juniper = await registeredPerson(newRequest, signIn, camp, JUNIPER_EMAIL, sampleProfile);
    const cash = await admin.call<{ id: string }>('POST', '/admin/payments', {
      registrationId: juniper.registrationId,
      amount: 50,
      method: 'CASH',
      reference: 'Receipt 7',
    });
    await admin.call('POST', `/admin/payments/${cash.id}/refunds`, {
      amount: 20,
      reason: 'Paid twice at the gate',
    });
    await signIn(ADMIN_EMAIL, { ...sampleProfile, firstName: 'Ada', lastName: 'Admin' });

    await page.goto('/#/reports/payments');
    await expect(page.getByRole('heading', { name: 'Payment Reports', level: 2 })).toBeVisible();
    await expect(page.getByText('Admin Only')).toBeVisible();
    const table = page.getByRole('table', { name: 'Payments' });
    await expect(table.getByText('Zoë Núñez')).toBeVisible();
    await expect(table.getByText(JUNIPER_NAME).first()).toBeVisible();
    // Card and cash paid in, less the cash refund; what is still owed (PENDING) counts for nothing.
    await expect(page.getByTestId('count-gross')).toHaveText('$200.00');
    await expect(page.getByTestId('count-refunded')).toHaveText('$20.00');
    await expect(page.getByTestId('count-net')).toHaveText('$180.00');
    await screenCheck('payments');
    await checkPhoneCards(page, checkA11y, 'Payments', 'Zoë Núñez');

    const provider = page.getByRole('combobox', { name: 'Provider' });
    const status = page.getByRole('combobox', { name: 'Status' });
    await provider.selectOption('MANUAL');
    await expect(table.getByText('Zoë Núñez')).toHaveCount(0);
    await expect(table.getByText(JUNIPER_NAME)).toHaveCount(1);
    await expect(page.getByTestId('count-net')).toHaveText('$30.00');

    await provider.selectOption('STRIPE');
    await status.selectOption('COMPLETED');
    await expect(table.getByText(JUNIPER_NAME)).toHaveCount(0);
    await expect(table.getByText('Zoë Núñez')).toBeVisible();
    await expect(page.getByTestId('count-count')).toHaveText('1');
    await expect(page.getByTestId('count-net')).toHaveText(TENT_DUES.text);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payment_reports_STRIPE_COMPLETED_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Zoë,Núñez,${ZOE_EMAIL},${CAMP.year},150,0,150,USD,COMPLETED,STRIPE,`);

    await provider.selectOption('');
    await status.selectOption('FAILED');
    await expect(page.getByText('No payments found')).toBeVisible();
    await expect(page.getByTestId('count-net')).toHaveText('$0.00');
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoSidewaysScroll(page);
    await checkA11y(page);

    await zoe.request.dispose();
    await juniper.request.dispose();
  });
});
