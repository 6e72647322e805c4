import type { Page } from '@playwright/test';
import { SHIFT_CHANGE_TEXTS } from '@camp/shared';
import { expect, type ProfileDetails, REGISTRATION_CAMP, type Site, test } from './support/fixtures';
import { checkScreenAtEachWidth } from './support/screens';

// Changing one's own shifts on /shifts (docs/product.md §11 "Changing my shifts", decision 057): with event dates, a
// registered participant drops a shift and takes another, one mail for each change arrives at the SMTP capture,
// the filters narrow the available shifts, and once the window closes /shifts says so and offers no buttons. Axe and
// no sideways scroll at 375 and 1280 px; screenshots go to test-results/shift-changes-screens (never committed).
test.describe.configure({ timeout: 240_000 });

const CAMP = REGISTRATION_CAMP;
const CAMP_NAME = 'Camp Registration E2E';
const SCREENS = 'test-results/shift-changes-screens';
/** Opening Sunday of the seed's year (2032): the last Sunday of August. */
const OPENING_SUNDAY = '2032-08-29';
const CAMPER = 'camper@e2e.test';
const PROFILE: ProfileDetails = {
  firstName: 'Sunny',
  lastName: 'Swapper',
  phone: '555-0170',
  emergencyContact: 'Sky Swapper, 555-0171, brother',
};
const HOLDER: ProfileDetails = {
  firstName: 'Hollis',
  lastName: 'Holder',
  phone: '555-0190',
  emergencyContact: 'Hazel Holder, 555-0191, mother',
};

/** Axe, no sideways scroll and a screenshot at 375 and at 1280 px (left at 1280), into this file's screenshot folder. */
const screens = (page: Page, checkA11y: (page: Page) => Promise<void>, name: string) =>
  checkScreenAtEachWidth(page, checkA11y, SCREENS, name);

/** Registers someone through the API with a request context of their own: the free option and these jobs. */
async function registerThroughApi(site: Site, email: string, profile: ProfileDetails, jobs: string[]) {
  const request = await site.playwright.request.newContext({ baseURL: site.server.url });
  try {
    const token = await site.signIn(email, profile, request);
    const response = await request.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: { campingOptions: [site.camp.idOf(CAMP.freeOption)], jobs, acceptedTerms: true },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await request.dispose();
  }
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

test.describe('changing my shifts', () => {
  test.use({ campSeed: 'registration-open', viewport: { width: 1280, height: 900 } });

  test('a participant drops a shift and takes another, gets the mails, filters; a closed window offers nothing', async ({
    page,
    site,
    admin,
    checkA11y,
  }) => {
    const { camp, mailbox, signIn } = site;
    await admin.call('PATCH', '/core-config/current', { openingSunday: OPENING_SUNDAY });
    // Two more kitchen shifts on Wednesday: one with free places, one with its only place taken.
    const kitchen = (await admin.call<Array<{ id: string; name: string }>>('GET', '/job-categories')).find(
      (category) => category.name === CAMP.kitchen,
    )!;
    const wednesday = await admin.call<{ id: string }>('POST', '/shifts', {
      name: 'Lunch',
      description: 'Aprons are in the blue crate',
      dayOfWeek: 'WEDNESDAY',
      startTime: '12:00',
      endTime: '14:00',
    });
    const job = (name: string, maxRegistrations: number) =>
      admin.call<{ id: string }>('POST', '/jobs', {
        name,
        location: 'Kitchen tent',
        categoryId: kitchen.id,
        shiftId: wednesday.id,
        maxRegistrations,
      });
    await job('Pot scrubbing', 5);
    const ice = await job('Ice run', 1);
    await registerThroughApi(site, 'holder@e2e.test', HOLDER, [camp.idOf(CAMP.gateJob), ice.id]);
    await registerThroughApi(site, CAMPER, PROFILE, [camp.idOf(CAMP.gateJob), camp.idOf(CAMP.kitchenJob)]);

    await signIn(CAMPER, null);
    await page.goto('/#/shifts');
    const mine = page.getByRole('region', { name: 'My Assigned Shifts' });
    await expect(mine.getByText(SHIFT_CHANGE_TEXTS.openWhileRegistration)).toBeVisible();
    await expect(mine.getByRole('heading', { name: 'Tuesday, Aug 31' })).toBeVisible();
    await screens(page, checkA11y, 'open');

    // Drop asks first.
    const before = mailbox.count(CAMPER);
    await mine.getByRole('button', { name: `Drop ${CAMP.kitchenJob}` }).click();
    const dialog = page.getByRole('dialog', { name: SHIFT_CHANGE_TEXTS.dropTitle });
    await expect(dialog.getByText(SHIFT_CHANGE_TEXTS.dropBody(CAMP.kitchenJob))).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole('button', { name: SHIFT_CHANGE_TEXTS.dropConfirm }).click();
    await expect(toast(page, SHIFT_CHANGE_TEXTS.dropped(CAMP.kitchenJob))).toBeVisible();
    await expect(mine.getByText(CAMP.kitchenJob, { exact: true })).toHaveCount(0);
    const dropMail = await mailbox.newest(CAMPER, before + 1);
    expect(dropMail.subject).toBe(`${CAMP_NAME}: your shifts changed`);
    expect(dropMail.text).toContain(`Dropped: ${CAMP.kitchenJob} — Evening (Tuesday, Aug 31, 18:00–21:00)`);
    expect(dropMail.text).toContain(
      `Your shifts now: ${CAMP.gateJob} — Morning (Monday, Aug 30, 09:00–12:00)`,
    );

    // The filters: a dated day, a job type, only free places.
    const available = page.getByRole('region', { name: 'Available Shifts' });
    await available.getByLabel('Day', { exact: true }).selectOption({ label: 'Wednesday, Sep 1' });
    await expect(available.getByText('Pot scrubbing', { exact: true })).toBeVisible();
    await expect(available.getByText('Ice run', { exact: true })).toBeVisible();
    await expect(available.getByText(CAMP.kitchenJob, { exact: true })).toHaveCount(0);
    await available.getByRole('checkbox', { name: SHIFT_CHANGE_TEXTS.onlyFree }).check();
    await expect(available.getByText('Ice run', { exact: true })).toHaveCount(0);
    await expect(available.getByText('Pot scrubbing', { exact: true })).toBeVisible();
    await screens(page, checkA11y, 'filtered');

    // Take a shift with free places.
    await available.getByRole('button', { name: `${SHIFT_CHANGE_TEXTS.take}: Pot scrubbing` }).click();
    await expect(toast(page, SHIFT_CHANGE_TEXTS.taken('Pot scrubbing'))).toBeVisible();
    await expect(mine.getByText('Pot scrubbing', { exact: true })).toBeVisible();
    const takeMail = await mailbox.newest(CAMPER, before + 2);
    expect(takeMail.text).toContain('Taken: Pot scrubbing — Lunch (Wednesday, Sep 1, 12:00–14:00)');

    // Swap it for the evening's dish duty, in one change.
    await mine.getByRole('button', { name: `${SHIFT_CHANGE_TEXTS.swap} Pot scrubbing` }).click();
    const swapDialog = page.getByRole('dialog', { name: SHIFT_CHANGE_TEXTS.swapTitle });
    await expect(swapDialog.getByLabel(SHIFT_CHANGE_TEXTS.swapLabel)).toHaveValue(camp.idOf(CAMP.kitchenJob));
    await checkA11y(page);
    await swapDialog.getByRole('button', { name: SHIFT_CHANGE_TEXTS.swapConfirm }).click();
    await expect(toast(page, SHIFT_CHANGE_TEXTS.swapped('Pot scrubbing', CAMP.kitchenJob))).toBeVisible();
    await expect(mine.getByText(CAMP.kitchenJob, { exact: true })).toBeVisible();
    const swapMail = await mailbox.newest(CAMPER, before + 3);
    expect(swapMail.text).toContain('Dropped: Pot scrubbing — Lunch (Wednesday, Sep 1, 12:00–14:00)');
    expect(swapMail.text).toContain(`Taken: ${CAMP.kitchenJob} — Evening (Tuesday, Aug 31, 18:00–21:00)`);

    // The window closes: registration closed and the last day passed.
    await admin.call('PATCH', '/core-config/current', {
      registrationOpen: false,
      shiftChangesClose: '2020-01-01',
    });
    await page.reload();
    await expect(mine.getByText(`Shift changes for ${CAMP.year} are closed.`)).toBeVisible();
    await expect(mine.getByText(CAMP.kitchenJob, { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: /^(Drop|Swap)/ })).toHaveCount(0);
    await expect(available.getByText('Pot scrubbing', { exact: true })).toBeVisible();
    await expect(available.getByRole('button', { name: /Take this shift/ })).toHaveCount(0);
    await screens(page, checkA11y, 'closed');
  });
});
