import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from '@playwright/test';
import { formatDateTimeInZone, jobLabel, SHIFT_WAITLIST_MAILS, SHIFT_WAITLIST_TEXTS } from '@camp/shared';
import { shiftWaits } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  type Backend,
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';
import { checkScreenAtEachWidth, stepHeading } from './support/screens';

// The shift waitlist in the browser (docs/product.md §10, decision 052): an admin turns on the waitlist of a shift
// with one place; one person holds it; another registers in the wizard and waits for it; the admin cancels the
// holder; the offer is mailed; the waiting person takes the shift on the dashboard and finds it on /shifts.
// Axe and no sideways scroll at 375 and 1280 px; screenshots go to test-results/shift-waitlist-screens (never
// committed).
test.describe.configure({ timeout: 240_000 });

const CAMP = REGISTRATION_CAMP;
const CAMP_NAME = 'Camp Registration E2E';
const SCREENS = 'test-results/shift-waitlist-screens';
/** The camp's time zone (the seed leaves the default): the deadline is written in it. */
const TIME_ZONE = 'UTC';
/** The kitchen job as the texts and mails name it (the seed's Evening shift is on Tuesday). */
const KITCHEN = jobLabel(CAMP.kitchenJob, 'Evening', 'TUESDAY');

const HOLDER: ProfileDetails = {
  firstName: 'Hollis',
  lastName: 'Holder',
  phone: '555-0190',
  emergencyContact: 'Hazel Holder, 555-0191, mother',
};
const WAITER: ProfileDetails = {
  firstName: 'Wren',
  lastName: 'Waiting',
  phone: '555-0150',
  emergencyContact: 'Ash Waiting, 555-0151, sister',
};

/** Axe, no sideways scroll and a screenshot at 375 and at 1280 px (left at 1280), into this file's screenshot folder. */
const screens = (page: Page, checkA11y: (page: Page) => Promise<void>, name: string) =>
  checkScreenAtEachWidth(page, checkA11y, SCREENS, name);

/** The person's shift-line entry for a job, read from the database. */
async function entryOf(backend: Backend, jobId: string, state: 'WAITING' | 'OFFERED' | 'ACCEPTED') {
  const [row] = await backend.database.db
    .select()
    .from(shiftWaits)
    .where(and(eq(shiftWaits.jobId, jobId), eq(shiftWaits.state, state)));
  return row;
}

/** The holder registers through the API (a request context of their own): the day option, gate and kitchen. */
async function holderTakesTheKitchen(site: Site): Promise<void> {
  const { camp, playwright, server, signIn } = site;
  const request = await playwright.request.newContext({ baseURL: server.url });
  try {
    const token = await signIn('holder@e2e.test', HOLDER, request);
    const response = await request.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        campingOptions: [camp.idOf(CAMP.freeOption)],
        jobs: [camp.idOf(CAMP.gateJob), camp.idOf(CAMP.kitchenJob)],
        acceptedTerms: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await request.dispose();
  }
}

/** The admin, in a browser of their own at desktop width, cancels the holder's registration. */
async function adminCancelsHolder(browser: Browser, site: Site) {
  const context = await browser.newContext({
    baseURL: site.server.url,
    viewport: { width: 1280, height: 900 },
  });
  try {
    await site.signIn(ADMIN_EMAIL, null, context.request);
    const page = await context.newPage();
    await page.goto('/#/admin/manage-registrations');
    const name = fullName(HOLDER);
    await expect(
      page.getByRole('table', { name: 'Registrations' }).getByText(name, { exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Cancel registration of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel registration of ${name}` });
    await dialog.getByLabel('Reason').fill('Cannot come this year after all');
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(
      page.locator('.mantine-Notification-root', { hasText: 'Registration cancelled' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

test.describe('the shift waitlist', () => {
  test.use({ campSeed: 'registration-open', viewport: { width: 1280, height: 900 } });

  test('a full shift is waited for in the wizard; a cancel frees it; the mailed offer is taken on the dashboard', async ({
    page,
    browser,
    site,
    checkA11y,
  }) => {
    const { admin, backend, camp, mailbox, server, signIn } = site;
    const kitchen = camp.idOf(CAMP.kitchenJob);
    const email = 'waiter@e2e.test';

    // The admin gives the kitchen shift one place and turns its waitlist on; the holder takes the place.
    await admin.call('PATCH', `/jobs/${kitchen}`, { maxRegistrations: 1, waitlistEnabled: true });
    await holderTakesTheKitchen(site);

    // The wizard: the full kitchen shift is offered as a wait of its own, beside the gate shift chosen.
    await signIn(email, WAITER);
    await page.goto('/#/registration');
    await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: CAMP.freeOption }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 3, 'Details')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
    await expect(page.getByText(SHIFT_WAITLIST_TEXTS.waitNote, { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
    const wait = page.getByRole('checkbox', {
      name: new RegExp(`${CAMP.kitchenJob}.*${SHIFT_WAITLIST_TEXTS.fullJoin}`),
    });
    await expect(wait).toBeEnabled();
    await wait.focus();
    await page.keyboard.press('Space');
    await expect(wait).toBeChecked();
    await expect(
      page.getByText(SHIFT_WAITLIST_TEXTS.summaryWaiting('1 shift'), { exact: true }),
    ).toBeVisible();
    await screens(page, checkA11y, 'wizard-shifts');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 5, 'Review')).toBeVisible();
    const waits = page.getByRole('region', { name: SHIFT_WAITLIST_TEXTS.reviewTitle });
    await expect(waits.getByText(CAMP.kitchenJob)).toBeVisible();
    await screens(page, checkA11y, 'wizard-review');
    await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
    await page.getByRole('button', { name: 'Review & Pay' }).click();
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    // The dashboard: first in line for the kitchen shift, with Leave.
    await expect(page).toHaveURL(/#\/dashboard$/);
    const card = page.getByRole('region', { name: SHIFT_WAITLIST_TEXTS.title });
    await expect(card.getByText(SHIFT_WAITLIST_TEXTS.position(1, KITCHEN), { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.leave })).toBeVisible();
    await screens(page, checkA11y, 'dashboard-waiting');
    const mailsBefore = mailbox.count(email);

    // The admin cancels the holder: the place is offered to the person waiting, and mailed.
    await adminCancelsHolder(browser, site);
    await expect
      .poll(async () => (await entryOf(backend, kitchen, 'OFFERED'))?.state, { timeout: 15_000 })
      .toBe('OFFERED');
    const offered = (await entryOf(backend, kitchen, 'OFFERED'))!;
    const deadline = formatDateTimeInZone(offered.expiresAt!, TIME_ZONE);
    const mail = await mailbox.newest(email, mailsBefore + 1);
    expect(mail.subject).toBe(SHIFT_WAITLIST_MAILS.offerSubject(CAMP_NAME, KITCHEN));
    expect(mail.text).toContain(SHIFT_WAITLIST_TEXTS.offerBody(deadline));
    const link = /your dashboard: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBe(`${server.url}/#/dashboard`);

    // The mail's link (opened afresh): the offer comes first, with its deadline; the person takes the shift with
    // the keyboard.
    await page.goto(link!);
    await page.reload();
    const offer = card.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: SHIFT_WAITLIST_TEXTS.offerTitle(KITCHEN) }),
    });
    await expect(offer.getByText(SHIFT_WAITLIST_TEXTS.offerBody(deadline), { exact: true })).toBeVisible();
    await screens(page, checkA11y, 'dashboard-offer');
    await offer.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.accept }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, SHIFT_WAITLIST_TEXTS.accepted(KITCHEN))).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.locator('#main-content')).toBeFocused();
    const current = page.locator('section', {
      has: page.getByRole('heading', { name: `Current Registration ${CAMP.year}` }),
    });
    await expect(current.getByText(CAMP.kitchenJob, { exact: true })).toBeVisible();
    expect((await entryOf(backend, kitchen, 'ACCEPTED'))?.state).toBe('ACCEPTED');

    // /shifts lists it among the person's own shifts.
    await page.goto('/#/shifts');
    const mine = page.getByRole('region', { name: 'My Assigned Shifts' });
    await expect(mine.getByText(CAMP.kitchenJob, { exact: true })).toBeVisible();
    await screens(page, checkA11y, 'shifts-taken');
  });

  test('on /shifts a registered person joins the line of a full shift and leaves it', async ({
    page,
    site,
    checkA11y,
  }) => {
    const { admin, camp, signIn } = site;
    const kitchen = camp.idOf(CAMP.kitchenJob);
    await admin.call('PATCH', `/jobs/${kitchen}`, { maxRegistrations: 1, waitlistEnabled: true });
    await holderTakesTheKitchen(site);

    // A registration of the year with the gate shift only, through the API.
    const token = await signIn('joiner@e2e.test', WAITER);
    const registered = await page.request.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        campingOptions: [camp.idOf(CAMP.freeOption)],
        jobs: [camp.idOf(CAMP.gateJob)],
        acceptedTerms: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await page.goto('/#/shifts');
    const line = page.getByRole('group', { name: `${SHIFT_WAITLIST_TEXTS.title}: ${KITCHEN}` });
    await line.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.join }).click();
    await expect(toast(page, SHIFT_WAITLIST_TEXTS.joined(KITCHEN))).toBeVisible();
    await expect(line.getByText(SHIFT_WAITLIST_TEXTS.waiting, { exact: true })).toBeVisible();
    await expect(line.getByText(SHIFT_WAITLIST_TEXTS.positionShort(1), { exact: true })).toBeVisible();
    await screens(page, checkA11y, 'shifts-waiting');

    await line.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.leave }).click();
    const confirm = page.getByRole('dialog', { name: SHIFT_WAITLIST_TEXTS.leave });
    await expect(
      confirm.getByText(SHIFT_WAITLIST_TEXTS.leaveConfirm(KITCHEN), { exact: true }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.leave }).click();
    await expect(toast(page, SHIFT_WAITLIST_TEXTS.left(KITCHEN))).toBeVisible();
    // Focus is not lost with the Leave button: it is on the row's Join again.
    await expect(line.getByRole('button', { name: SHIFT_WAITLIST_TEXTS.join })).toBeFocused();
  });
});
