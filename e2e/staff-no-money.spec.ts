import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  sampleProfile,
  test,
} from './support/fixtures';
import { registerAndPayInCash, registerWithDuesAs, TENT_DUES } from './support/stripe';

// Staff read the reports without anyone's money: no Paid or Outstanding column, card or CSV column, no text
// that promises who has paid, and no payment field in any answer the screens fetch. Admins keep the money, and
// a participant still sees their own payments and what they owe on the dashboard.
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const STAFF_EMAIL = 'staff@e2e.test';
const ZOE_EMAIL = 'zoe@e2e.test';
const ZOE: ProfileDetails = {
  firstName: 'Zoë',
  lastName: 'Núñez',
  phone: '555-0150',
  emergencyContact: 'Basil Núñez, 555-0151, brother',
};
const JUNIPER_EMAIL = 'juniper@e2e.test';
/** Zoë pays this much in cash (registerAndPayInCash); the rest of the tent's dues stay owed. */
const CASH = 50;
const OWED = TENT_DUES.cents / 100 - CASH;

/** Key names that hold money, as the API's role matrix reads them. */
const MONEY_KEY =
  /amount|paid|outstanding|owed|owing|balance|payment|refund|provider|stripe|checkout|session_?id|intent|charge|currency|cents|receipt|invoice|price/i;

/** The money keys in the JSON answers of /api the page receives (a camping option's dues are its price). */
function watchMoneyInAnswers(page: Page): string[] {
  const found: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${at}[]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (MONEY_KEY.test(key)) found.push(`${at}.${key}`);
        walk(inner, `${at}.${key}`);
      }
    }
  };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    // The public configuration (is card payment on) and the caller's own profile are not anyone's money.
    if (
      !url.pathname.startsWith('/api/') ||
      ['/api/public/config', '/api/auth/profile'].includes(url.pathname)
    )
      return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    walk(await response.json().catch(() => null), `${url.pathname}${url.search}`);
  });
  return found;
}

const tableHeaders = async (page: Page) =>
  (await page.getByRole('table', { name: 'Registrations' }).getByRole('columnheader').allTextContents()).map(
    (text) => text.replace(/[⇅▲▼]/g, '').trim(),
  );

test.describe('staff see no money', () => {
  test.use({ campSeed: 'registration-open' });

  test('staff read the reports index and the registration report, on screen, on a phone and as CSV, without money', async ({
    page,
    site,
    screenCheck,
    checkA11y,
  }) => {
    const { admin, signIn } = site;
    await registerAndPayInCash(site, ZOE_EMAIL, { reference: 'Receipt 77', profile: ZOE });
    await registerWithDuesAs(site, JUNIPER_EMAIL, sampleProfile);
    await admin.createUser(STAFF_EMAIL, { role: 'STAFF', firstName: 'Sam', lastName: 'Staff' });
    const money = watchMoneyInAnswers(page);
    await signIn(STAFF_EMAIL, null);

    await page.goto('/#/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
    await expect(
      page.getByText('Who is coming and who works when: on screen and as a spreadsheet.'),
    ).toBeVisible();
    await expect(page.getByText(/paid/i)).toHaveCount(0);
    await screenCheck('index-staff');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/#/reports/registrations');
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByText('Zoë Núñez')).toBeVisible();
    await expect(table.getByText(fullName(sampleProfile))).toBeVisible();
    await expect(
      page.getByText('Every registration with its options, shifts and custom answers.'),
    ).toBeVisible();
    expect(await tableHeaders(page)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Status',
      'Camping options',
      'Shifts',
      'Registered',
    ]);
    await expect(table.getByText(/\$/)).toHaveCount(0);
    await screenCheck('registrations-staff');

    // On a phone each registration is a card: none has a Paid or Outstanding line, nor a sort by them.
    await page.setViewportSize({ width: 375, height: 900 });
    const cards = page.getByRole('list', { name: 'Registrations' });
    await expect(cards.getByText('Zoë Núñez')).toBeVisible();
    await expect(cards.getByText('Registered')).toHaveCount(2);
    await expect(cards.getByText(/Paid|Outstanding|\$/)).toHaveCount(0);
    await expect(
      page.getByRole('combobox', { name: 'Sort by' }).getByRole('option', { name: /Paid|Outstanding/ }),
    ).toHaveCount(0);
    await checkA11y(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    const lines = readFileSync(await download.path())
      .toString('utf8')
      .slice(1)
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    // The profile, the registration and its choices, then straight on to the custom answers: no money.
    expect(header.slice(0, 16)).toEqual([
      'First Name',
      'Last Name',
      'Playa Name',
      'Email',
      'Phone',
      'City',
      'State/Province',
      'Country',
      'Emergency Contact',
      'Role',
      'Year',
      'Status',
      'Registered',
      'Camping Options',
      'Shifts',
      `${CAMP.option}: Nickname`,
    ]);
    expect(header.filter((column) => /paid|outstanding|amount|dues/i.test(column))).toEqual([]);
    const zoeLine = lines.find((line) => line.includes(ZOE_EMAIL)) ?? '';
    expect(zoeLine).toContain(
      `,${CAMP.gateJob} — Monday 09:00–12:00; ${CAMP.kitchenJob} — Tuesday 18:00–21:00,Sparky,`,
    );

    expect(money).toEqual([]);
  });

  test('an admin keeps the money in the report, and Zoë still sees her own payments and dues', async ({
    page,
    site,
    screenCheck,
  }) => {
    const { signIn } = site;
    await registerAndPayInCash(site, ZOE_EMAIL, { reference: 'Receipt 77', profile: ZOE });

    await signIn(ZOE_EMAIL, null);
    await page.goto('/#/dashboard');
    await expect(
      page
        .getByRole('region', { name: 'Outstanding Dues' })
        .getByText(`You have $${OWED.toFixed(2)} in dues to pay for ${CAMP.year}.`),
    ).toBeVisible();
    const payments = page
      .getByRole('region', { name: `Current Registration ${CAMP.year}` })
      .getByRole('listitem');
    await expect(payments.filter({ hasText: 'PENDING' }).filter({ hasText: 'USD' })).toContainText(
      `$${OWED.toFixed(2)}`,
    );
    await expect(payments.filter({ hasText: 'COMPLETED' })).toContainText(`$${CASH.toFixed(2)}`);
    await screenCheck('dashboard-participant');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await signIn(ADMIN_EMAIL, { ...sampleProfile, firstName: 'Ada', lastName: 'Admin' });
    await page.goto('/#/reports');
    await page.reload();
    await expect(
      page.getByText('Who is coming, who works when, who has paid: on screen and as a spreadsheet.'),
    ).toBeVisible();
    await page.goto('/#/reports/registrations');
    const row = page.getByRole('table', { name: 'Registrations' }).getByRole('row').filter({
      hasText: 'Zoë Núñez',
    });
    await expect(row).toBeVisible();
    expect((await tableHeaders(page)).slice(-3)).toEqual(['Paid', 'Outstanding', 'Registered']);
    await expect(row.getByText(`$${CASH.toFixed(2)}`)).toBeVisible();
    await expect(row.getByText(`$${OWED.toFixed(2)}`)).toBeVisible();
    await screenCheck('registrations-admin');
  });
});
