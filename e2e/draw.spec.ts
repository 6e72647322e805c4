import { type Browser, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import {
  DRAW_ADMIN_TEXTS,
  DRAW_TEXTS,
  formatDateTime,
  formatDateTimeInZone,
  isoToWallTime,
  PAYMENT_DEADLINE_TEXTS,
  WAITLIST_TEXTS,
} from '@camp/shared';
import { drawEntries, draws, registrations, users } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSidewaysScroll,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';
import { stepHeading } from './support/screens';
import { detailsAndShiftsToReview, TENT_DUES } from './support/stripe';

// The fair start's draw in the browser (docs/product.md §10, decision 049): an admin opens an application window
// in Site Configuration; two people enter the draw through the wizard and see "You're in the draw"; the admin
// presses Draw now on Admin → The Draw; the record shows, each dashboard shows its outcome (won: owing, with a
// pay-by date; or waitlisted, first in line) and the result mails arrive. The Draw screen is checked with axe
// and screenshotted at 375 and 1280 px into test-results/draw-screens (never committed).
test.describe.configure({ timeout: 180_000 });
test.use({ campSeed: 'registration-paying', viewport: { width: 1280, height: 900 } });

const CAMP = REGISTRATION_CAMP;
const CAMP_NAME = 'Camp Registration E2E';
/** The camp's time zone (the seed leaves the default). */
const TIME_ZONE = 'UTC';
const HOUR = 3_600_000;
const DEADLINE_DAYS = 10;

const PEOPLE: ReadonlyArray<{ email: string; profile: ProfileDetails }> = [
  {
    email: 'dara-draw@e2e.test',
    profile: {
      firstName: 'Dara',
      lastName: 'Drawn',
      phone: '555-0160',
      emergencyContact: 'Kim Drawn, 555-0161',
    },
  },
  {
    email: 'lou-lottery@e2e.test',
    profile: {
      firstName: 'Lou',
      lastName: 'Lottery',
      phone: '555-0170',
      emergencyContact: 'Sam L, 555-0171',
    },
  },
];

/** The admin sets the application window (open an hour ago, closing tomorrow) in Site Configuration. */
async function openWindow(page: Page): Promise<{ opensAt: string; closesAt: string }> {
  const now = Date.now();
  // Whole minutes, as a datetime-local input holds them.
  const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
  const window = { opensAt: minute(now - HOUR), closesAt: minute(now + 24 * HOUR) };
  await page.goto('/#/admin/configuration');
  await page.getByLabel(DRAW_TEXTS.opensLabel).fill(isoToWallTime(window.opensAt, TIME_ZONE));
  await page.getByLabel(DRAW_TEXTS.closesLabel).fill(isoToWallTime(window.closesAt, TIME_ZONE));
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Configuration saved successfully!')).toBeVisible();
  return window;
}

/** A person, in a browser of their own, enters the draw through the wizard; the dashboard says they are in. */
async function enterTheDraw(
  browser: Browser,
  site: Site,
  person: (typeof PEOPLE)[number],
  closesAt: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.server.url,
    viewport: { width: 1280, height: 900 },
  });
  await site.signIn(person.email, person.profile, context.request);
  const page = await context.newPage();
  await page.goto('/#/registration');
  await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 2, 'Options')).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(CAMP.option) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await detailsAndShiftsToReview(page, {
    nickname: person.profile.firstName,
    guests: '1',
    arrival: `${CAMP.year}-08-24`,
  });
  await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
  await page.getByRole('button', { name: 'Review & Pay' }).click();
  await expect(stepHeading(page, 6, 'Payment')).toBeVisible();
  const closes = formatDateTime(closesAt, TIME_ZONE);
  await expect(page.getByText(DRAW_TEXTS.entryModeNotice(closes), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${TENT_DUES.text}` })).toHaveCount(0);
  await page.getByRole('button', { name: DRAW_TEXTS.submitEntry }).click();

  await expect(page).toHaveURL(`${site.server.url}/#/dashboard`);
  const main = page.locator('#main-content');
  await expect(main.getByRole('heading', { name: DRAW_TEXTS.enteredTitle, level: 3 })).toBeVisible();
  await expect(main.getByText(DRAW_TEXTS.enteredBody(closes), { exact: true })).toBeVisible();
  return page;
}

const currentRegistration = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: `Current Registration ${CAMP.year}` }) });

test('an application window, two entries through the wizard, Draw now, and each person told the outcome', async ({
  page,
  browser,
  site,
  checkA11y,
  screenCheck,
}) => {
  const { admin, backend, camp, mailbox } = site;
  // One place in the tent for two people; dues are due DEADLINE_DAYS after a place is won.
  await admin.call('PATCH', `/camping-options/${camp.idOf(CAMP.option)}`, { maxSignups: 1 });
  await admin.call('PATCH', '/core-config/current', { paymentDeadlineDays: DEADLINE_DAYS });
  await site.signIn(ADMIN_EMAIL, null);
  const window = await openWindow(page);

  const pages: Page[] = [];
  for (const person of PEOPLE) pages.push(await enterTheDraw(browser, site, person, window.closesAt));

  // The admin's Draw screen before the draw: the window, two entries in two groups, Draw now.
  await page.goto('/#/admin/draw');
  await expect(page.getByRole('heading', { name: DRAW_TEXTS.adminTitle, level: 2 })).toBeVisible();
  await expect(
    page.getByText(
      DRAW_ADMIN_TEXTS.windowSet(
        formatDateTime(window.opensAt, TIME_ZONE),
        formatDateTime(window.closesAt, TIME_ZONE),
      ),
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText(DRAW_ADMIN_TEXTS.waiting(2, 2, 0), { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: DRAW_ADMIN_TEXTS.entriesList });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await checkA11y(page);
  await screenCheck('admin-draw-before');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Draw now, confirmed.
  await page.getByRole('button', { name: DRAW_TEXTS.drawNow }).click();
  const dialog = page.getByRole('dialog', { name: DRAW_TEXTS.drawNow });
  await expect(dialog.getByText(DRAW_TEXTS.drawNowConfirm, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: DRAW_TEXTS.drawNow }).click();
  await expect(dialog).toHaveCount(0);

  // The record: outcome, places used, seed, algorithm, digest; the entries in drawn order; no Draw now.
  const [draw] = await backend.database.db.select().from(draws).where(eq(draws.year, CAMP.year));
  if (!draw?.ranAt) throw new Error('the draw did not run');
  const record = page.getByRole('region', {
    name: DRAW_ADMIN_TEXTS.recordTitle(formatDateTime(draw.ranAt.toISOString(), TIME_ZONE)),
  });
  await expect(
    record.getByText(
      DRAW_ADMIN_TEXTS.outcome({ winners: 1, waitlisted: 1, entries: 2, groups: 2, groupsOfSeveral: 0 }),
      { exact: true },
    ),
  ).toBeVisible();
  await expect(record.getByText(`${CAMP.option}: 1`, { exact: true })).toBeVisible();
  await expect(record.getByText(draw.seed, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: DRAW_TEXTS.drawNow })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: DRAW_ADMIN_TEXTS.entriesTitle(true) })).toBeVisible();
  await expect(list.getByText('Won', { exact: true })).toHaveCount(1);
  await expect(list.getByText('Waitlisted', { exact: true })).toHaveCount(1);
  await expect(page.getByText(/entries waiting in/)).toHaveCount(0);
  // Axe at both widths, no sideways scrolling, screenshots (looked at by people).
  await page.setViewportSize({ width: 375, height: 900 });
  await checkA11y(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenCheck('admin-draw-after');

  // Who won, from the stored entries (the seed is random).
  const entries = await backend.database.db
    .select({ email: users.email, state: drawEntries.state, registrationId: drawEntries.registrationId })
    .from(drawEntries)
    .innerJoin(users, eq(users.id, drawEntries.userId));
  const stateOf = (email: string) => entries.find((entry) => entry.email === email)?.state;
  expect(PEOPLE.map((person) => stateOf(person.email)).sort()).toEqual(['WAITLISTED', 'WON']);

  for (const [index, person] of PEOPLE.entries()) {
    const own = pages[index] as Page;
    // Coming back later (the dashboard was left open since entering): a fresh load.
    await own.reload();
    await expect(own).toHaveURL(/#\/dashboard$/);
    const current = currentRegistration(own);
    await expect(own.getByRole('heading', { name: DRAW_TEXTS.enteredTitle })).toHaveCount(0);
    const entry = entries.find((candidate) => candidate.email === person.email)!;
    const [registration] = await backend.database.db
      .select({ payBy: registrations.payBy })
      .from(registrations)
      .where(eq(registrations.id, entry.registrationId!));
    if (entry.state === 'WON') {
      // Won: PENDING, owing the tent's dues, with the pay-by date; the mail says the same.
      const payBy = registration!.payBy!;
      expect(payBy.getTime()).toBe(draw.ranAt.getTime() + DEADLINE_DAYS * 24 * HOUR);
      await expect(current.getByText('PENDING', { exact: true }).first()).toBeVisible();
      const dues = own.getByRole('region', { name: 'Outstanding Dues' });
      await expect(dues).toBeVisible();
      await expect(
        dues.getByText(PAYMENT_DEADLINE_TEXTS.payBy(formatDateTime(payBy.toISOString(), TIME_ZONE)), {
          exact: true,
        }),
      ).toBeVisible();
      await expect(
        own.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` }),
      ).toBeVisible();
      await expect
        .poll(async () => (await mailbox.newest(person.email)).subject)
        .toBe(DRAW_TEXTS.wonSubject(CAMP_NAME, ` for ${CAMP.year}`));
      const mail = await mailbox.newest(person.email);
      expect(mail.text).toContain(`Your dues come to ${TENT_DUES.text} USD.`);
      expect(mail.text).toContain(DRAW_TEXTS.wonPayBy(formatDateTimeInZone(payBy, TIME_ZONE)));
    } else {
      // Waitlisted: first in line for the tent, nothing owed, no deadline; the mail gives the position.
      expect(registration!.payBy).toBeNull();
      await expect(current.getByText(WAITLIST_TEXTS.statusWaitlisted, { exact: true })).toBeVisible();
      await expect(current.getByText(WAITLIST_TEXTS.position(1, CAMP.option), { exact: true })).toBeVisible();
      await expect(own.getByRole('heading', { name: 'Outstanding Dues' })).toHaveCount(0);
      await expect
        .poll(async () => (await mailbox.newest(person.email)).subject)
        .toBe(DRAW_TEXTS.waitlistedSubject(CAMP_NAME, ` for ${CAMP.year}`));
      const mail = await mailbox.newest(person.email);
      expect(mail.text).toContain(DRAW_TEXTS.waitlistPosition(1, CAMP.option));
    }
    await checkA11y(own);
    await own.context().close();
  }
});
