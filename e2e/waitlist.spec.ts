import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import {
  formatDateTimeInZone,
  WAITLIST_JOIN_TEXTS,
  WAITLIST_MAILS,
  WAITLIST_MESSAGES,
  WAITLIST_TEXTS,
} from '@camp/shared';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  waitlistOffers,
} from '../apps/api/src/db/schema/index';
import { recountPlaces } from '../apps/api/src/modules/registrations/capacity';
import { addRegistration, countPlaces, emptyCamp, writeCamp } from '../apps/api/test/kit/camp-rows';
import {
  ADMIN_EMAIL,
  type Backend,
  expect,
  expectNoSidewaysScroll,
  fullName,
  type Mailbox,
  type ProfileDetails,
  REGISTRATION_CAMP,
  type Site,
  test,
} from './support/fixtures';
import { stepHeading, saveScreenshot } from './support/screens';
import { detailsAndShiftsToReview, TENT_DUES, tentVillageSubmission } from './support/stripe';

// The waitlist and its offers in the browser (docs/product.md §10, decision 048): a full camping option is joined
// through the wizard; an admin's cancel frees its place, the app's waitlist worker offers it and mails the link;
// the person accepts, pays and is confirmed. A declined offer passes to the next in line. Each test runs at 1280
// and at 375 px; screenshots go to test-results/waitlist-screens (never committed).
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const CAMP_NAME = 'Camp Registration E2E';
const SCREENS = 'test-results/waitlist-screens';
const OFFER_SUBJECT = WAITLIST_MAILS.offerSubject(CAMP_NAME);
/** The camp's time zone (the seed leaves the default): the deadline is written in it. */
const TIME_ZONE = 'UTC';

/** The person whose place frees up: written with the test kit, CONFIRMED on the tent. */
const HOLDER = { firstName: 'Hollis', lastName: 'Holder', email: 'holder@e2e.test' } as const;

const WAITER: ProfileDetails = {
  firstName: 'Wren',
  lastName: 'Waiting',
  phone: '555-0150',
  emergencyContact: 'Ash Waiting, 555-0151, sister',
};

/**
 * Axe, no sideways scroll, and a full-page screenshot at the page's own width, taken from the top (scrolled, the
 * fixed header and skip link would be drawn mid-page); focus stays where it was.
 */
async function screen(page: Page, checkA11y: (page: Page) => Promise<void>, name: string, width: number) {
  await checkA11y(page);
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, { path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
}

/**
 * Makes the registration camp's Tent Village full: one place, held by HOLDER's CONFIRMED registration (rows
 * written with the test kit, the counters recounted from them as a repair would). Answers its id.
 */
async function fillTheTent(site: Site): Promise<string> {
  const { admin, backend, camp } = site;
  const tent = camp.idOf(CAMP.option);
  await admin.call('PATCH', `/camping-options/${tent}`, { maxSignups: 1 });
  const rows = emptyCamp();
  const now = new Date();
  const userId = randomUUID();
  rows.users.push({
    id: userId,
    email: HOLDER.email,
    firstName: HOLDER.firstName,
    lastName: HOLDER.lastName,
    phone: '555-0190',
    emergencyContact: 'Hazel Holder, 555-0191, mother',
    role: 'PARTICIPANT',
    isEmailVerified: true,
    createdAt: now,
  });
  const holder = addRegistration(
    rows,
    { id: randomUUID(), userId, year: CAMP.year, status: 'CONFIRMED', createdAt: now },
    { campingOptionIds: [tent], jobIds: [camp.idOf(CAMP.gateJob)] },
  );
  await backend.database.db.transaction(async (tx) => {
    await writeCamp(tx, rows);
    await recountPlaces(tx, CAMP.year, { campingOptionIds: [tent], jobIds: [camp.idOf(CAMP.gateJob)] });
  });
  return holder.id;
}

/** The wizard's body for the tent with its answers and two shifts, as the wizard sends it to join the waitlist. */
async function joinWaitlistThroughApi(
  request: APIRequestContext,
  token: string,
  site: Site,
): Promise<string> {
  const { camp } = site;
  const response = await request.post('/api/registrations/camp', {
    headers: { Authorization: `Bearer ${token}` },
    data: tentVillageSubmission(camp, { joinWaitlist: true }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { registration } = (await response.json()) as { registration: { id: string; status: string } };
  expect(registration.status).toBe('WAITLISTED');
  return registration.id;
}

/** Waits for the "you joined the waitlist" mail (sent through the outbox) and answers how many mails the address has. */
async function mailsOnceJoined(mailbox: Mailbox, email: string): Promise<number> {
  const subject = WAITLIST_JOIN_TEXTS.joinedSubject(CAMP_NAME, ` for ${CAMP.year}`);
  await expect.poll(async () => (await mailbox.newest(email)).subject).toBe(subject);
  return mailbox.count(email);
}

/** The open offer of a registration, read from the database. */
async function openOffer(backend: Backend, registrationId: string) {
  const [offer] = await backend.database.db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.state, 'OPEN')));
  return offer;
}

/** The offer mail (the `min`-th mail to the address or later): its deadline line and its link to the offer. */
async function offerMail(
  mailbox: Mailbox,
  email: string,
  min: number,
  offer: { id: string; expiresAt: Date },
) {
  const mail = await mailbox.newest(email, min);
  expect(mail.subject).toBe(OFFER_SUBJECT);
  const deadline = formatDateTimeInZone(offer.expiresAt, TIME_ZONE);
  expect(mail.text).toContain(`${WAITLIST_TEXTS.offerTitle}: ${CAMP.option}.`);
  expect(mail.text).toContain(WAITLIST_TEXTS.offerBody(deadline));
  const link = /See your registration on your dashboard: (\S+)/.exec(mail.text)?.[1];
  return { link, deadline };
}

/**
 * The place counters equal the rows: every option's and job's counter is what the test kit's countPlaces makes of
 * the stored registrations (no offer is open when this is asked).
 */
async function expectCountersEqualRows(backend: Backend) {
  const { db } = backend.database;
  const stored = {
    registrations: await db.select().from(registrations),
    campingOptions: await db.select().from(campingOptions),
    jobs: await db.select().from(jobs),
    registrationCampingOptions: await db.select().from(registrationCampingOptions),
    registrationJobs: await db.select().from(registrationJobs),
  };
  const counted = structuredClone(stored);
  countPlaces(counted, CAMP.year);
  const counters = (rows: ReadonlyArray<{ name: string; currentRegistrations: number }>) =>
    Object.fromEntries(rows.map((row) => [row.name, row.currentRegistrations]));
  expect(counters(stored.campingOptions)).toEqual(counters(counted.campingOptions));
  expect(counters(stored.jobs)).toEqual(counters(counted.jobs));
}

/** The admin, in a browser of their own at desktop width, cancels HOLDER's registration in Manage Registrations. */
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
    const table = page.getByRole('table', { name: 'Registrations' });
    await expect(table.getByText(name, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Cancel registration of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel registration of ${name}` });
    await dialog.getByLabel('Reason').fill('Cannot come this year after all');
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(
      page.locator('.mantine-Notification-root', { hasText: 'Registration cancelled' }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await context.close();
  }
}

const currentRegistration = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: `Current Registration ${CAMP.year}` }) });

for (const width of [1280, 375]) {
  test.describe(`the waitlist at ${width} px`, () => {
    test.use({ campSeed: 'registration-paying', viewport: { width, height: 900 } });

    test('a full option is joined in the wizard; a cancel frees the place; the mailed offer is accepted and paid', async ({
      page,
      browser,
      site,
      checkA11y,
    }) => {
      const { backend, mailbox, stripe, signIn, server } = site;
      const email = `waiter-${width}@e2e.test`;
      await fillTheTent(site);
      await signIn(email, WAITER);

      // The wizard offers the full tent as "Full — join the waitlist".
      await page.goto('/#/registration');
      await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(stepHeading(page, 2, 'Options')).toBeVisible();
      const tent = page.getByRole('checkbox', { name: new RegExp(CAMP.option) });
      await expect(tent).toBeEnabled();
      await expect(page.getByText(WAITLIST_TEXTS.fullJoinWaitlist, { exact: true })).toBeVisible();
      await tent.check();
      await screen(page, checkA11y, 'wizard-options', width);
      await page.getByRole('button', { name: 'Continue' }).click();
      await detailsAndShiftsToReview(page, {
        nickname: 'Wrenny',
        guests: '1',
        arrival: `${CAMP.year}-08-24`,
      });
      await expect(page.getByText(WAITLIST_TEXTS.willJoinWaitlist, { exact: true })).toBeVisible();
      await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
      await page.getByRole('button', { name: 'Review & Pay' }).click();
      await expect(stepHeading(page, 6, 'Payment')).toBeVisible();
      await expect(page.getByText(WAITLIST_TEXTS.willJoinWaitlist, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Pay ${TENT_DUES.text}` })).toHaveCount(0);
      await page.getByRole('button', { name: WAITLIST_TEXTS.joinWaitlist }).click();

      // The dashboard: Waitlisted, first in line for the tent, nothing owed yet.
      await expect(page).toHaveURL(`${server.url}/#/dashboard`);
      await expect(
        page.locator('.mantine-Notification-root', { hasText: WAITLIST_TEXTS.joinedTitle }),
      ).toContainText(WAITLIST_TEXTS.joined(CAMP.year));
      const current = currentRegistration(page);
      await expect(current.getByText(WAITLIST_TEXTS.statusWaitlisted, { exact: true })).toBeVisible();
      await expect(
        current.getByRole('heading', { name: WAITLIST_TEXTS.positionsTitle, level: 4 }),
      ).toBeVisible();
      await expect(current.getByText(WAITLIST_TEXTS.position(1, CAMP.option), { exact: true })).toBeVisible();
      await expect(current.getByRole('button', { name: WAITLIST_TEXTS.leave })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toHaveCount(0);
      await screen(page, checkA11y, 'dashboard-waitlisted', width);
      const [stored] = await backend.database.db
        .select()
        .from(registrations)
        .where(eq(registrations.year, CAMP.year))
        .then((rows) => rows.filter((row) => row.status === 'WAITLISTED'));
      if (!stored) throw new Error('no WAITLISTED registration stored');
      const mailsBefore = await mailsOnceJoined(mailbox, email);

      // An admin cancels the holder; the app's worker (woken by the cancel) offers the place and mails it.
      await adminCancelsHolder(browser, site);
      await expect
        .poll(async () => (await openOffer(backend, stored.id))?.state, { timeout: 10_000 })
        .toBe('OPEN');
      const offer = (await openOffer(backend, stored.id))!;
      const { link, deadline } = await offerMail(mailbox, email, mailsBefore + 1, offer);
      expect(link).toBe(`${server.url}/#/dashboard?offer=${offer.id}`);

      // The mail's link opens the offer: focused, with its deadline, Accept and Decline.
      await page.goto(link!);
      const panel = page.getByRole('region', { name: WAITLIST_TEXTS.offerTitle });
      await expect(panel.getByRole('heading', { name: WAITLIST_TEXTS.offerTitle, level: 3 })).toBeFocused();
      await expect(panel.getByText(WAITLIST_TEXTS.offerBody(deadline), { exact: true })).toBeVisible();
      await expect(panel.getByText(`Camping: ${CAMP.option}`, { exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: WAITLIST_TEXTS.accept })).toBeVisible();
      await expect(panel.getByRole('button', { name: WAITLIST_TEXTS.decline })).toBeVisible();
      await screen(page, checkA11y, 'dashboard-offer', width);

      // Accept: the dues are owed, paid on the Checkout page; the registration is CONFIRMED.
      await panel.getByRole('button', { name: WAITLIST_TEXTS.accept }).click();
      await expect(page.getByRole('status').filter({ hasText: WAITLIST_TEXTS.acceptedPay })).toBeVisible();
      await expect(panel).toHaveCount(0);
      await expect(current.getByText('PENDING', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toBeVisible();
      await screen(page, checkA11y, 'dashboard-accepted', width);
      await page.getByRole('button', { name: `Complete Dues Payment - ${TENT_DUES.text}` }).click();
      await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
      expect(stripe.lastSession().amount_total).toBe(TENT_DUES.cents);
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to Dashboard' }).click();
      await expect(current.getByText('CONFIRMED', { exact: true })).toBeVisible();
      await expect(current.getByText('COMPLETED', { exact: true })).toBeVisible();
      await expect(current.getByText(WAITLIST_TEXTS.statusWaitlisted, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Outstanding Dues' })).toHaveCount(0);

      const [row] = await backend.database.db
        .select({ status: registrations.status, lineKey: registrations.lineKey })
        .from(registrations)
        .where(eq(registrations.id, stored.id));
      expect(row).toEqual({ status: 'CONFIRMED', lineKey: null });
      const offers = await backend.database.db
        .select({ state: waitlistOffers.state })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.registrationId, stored.id));
      expect(offers).toEqual([{ state: 'ACCEPTED' }]);
      const [tentRow] = await backend.database.db
        .select({ current: campingOptions.currentRegistrations, max: campingOptions.maxSignups })
        .from(campingOptions)
        .where(eq(campingOptions.id, site.camp.idOf(CAMP.option)));
      expect(tentRow).toEqual({ current: 1, max: 1 });
      await expectCountersEqualRows(backend);
    });

    test('a declined offer goes to the next in line, who gets the mail', async ({
      page,
      site,
      checkA11y,
    }) => {
      const { admin, backend, camp, mailbox, playwright, server, signIn } = site;
      await fillTheTent(site);
      const first = `first-${width}@e2e.test`;
      const second = `second-${width}@e2e.test`;
      const firstId = await joinWaitlistThroughApi(page.request, await signIn(first, WAITER), site);
      const other = await playwright.request.newContext({ baseURL: server.url });
      const secondId = await joinWaitlistThroughApi(
        other,
        await signIn(second, { ...WAITER, firstName: 'Robin' }, other),
        site,
      );
      await other.dispose();
      const firstMails = await mailsOnceJoined(mailbox, first);
      const secondMails = await mailsOnceJoined(mailbox, second);

      // A second place: the first in line is offered it (the limit raised wakes the worker).
      await admin.call('PATCH', `/camping-options/${camp.idOf(CAMP.option)}`, { maxSignups: 2 });
      await expect
        .poll(async () => (await openOffer(backend, firstId))?.state, { timeout: 10_000 })
        .toBe('OPEN');
      const offer = (await openOffer(backend, firstId))!;
      const { link } = await offerMail(mailbox, first, firstMails + 1, offer);
      expect(await openOffer(backend, secondId)).toBeUndefined();

      await page.goto(link!);
      const panel = page.getByRole('region', { name: WAITLIST_TEXTS.offerTitle });
      await panel.getByRole('button', { name: WAITLIST_TEXTS.decline }).click();
      const confirm = page.getByRole('dialog', { name: WAITLIST_TEXTS.declineTitle });
      await expect(confirm.getByText(WAITLIST_TEXTS.declineConfirm, { exact: true })).toBeVisible();
      await screen(page, checkA11y, 'decline-confirm', width);
      await confirm.getByRole('button', { name: WAITLIST_TEXTS.decline }).click();
      await expect(
        page.locator('.mantine-Notification-root', { hasText: WAITLIST_TEXTS.declineTitle }),
      ).toContainText(WAITLIST_TEXTS.declined);
      await expect(confirm).toHaveCount(0);
      await expect(panel).toHaveCount(0);
      await expect(page.getByRole('heading', { name: `Current Registration ${CAMP.year}` })).toHaveCount(0);

      // The place passes to the second in line, mailed with a link to their own offer.
      await expect
        .poll(async () => (await openOffer(backend, secondId))?.state, { timeout: 10_000 })
        .toBe('OPEN');
      const passed = (await openOffer(backend, secondId))!;
      const { link: secondLink } = await offerMail(mailbox, second, secondMails + 1, passed);
      expect(secondLink).toBe(`${server.url}/#/dashboard?offer=${passed.id}`);
      const [declined] = await backend.database.db
        .select({ status: registrations.status, reason: registrations.cancellationReason })
        .from(registrations)
        .where(eq(registrations.id, firstId));
      expect(declined).toEqual({ status: 'CANCELLED', reason: WAITLIST_MESSAGES.declinedReason });
    });
  });
}
