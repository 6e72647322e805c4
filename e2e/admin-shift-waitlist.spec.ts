import { type Page } from '@playwright/test';
import { shiftWaits } from '../apps/api/src/db/schema/index';
import {
  ADMIN_EMAIL,
  expect,
  fullName,
  type ProfileDetails,
  REGISTRATION_CAMP,
  sampleProfile,
  type Site,
  test,
} from './support/fixtures';
import { registerWithDuesAs, tentVillageSubmission } from './support/stripe';

// docs/product.md §10 (the admins' side of the shift waitlist, decision 052): a full job with its waitlist on and two
// people in its line; an admin opens the Waitlist screen's Shifts section, moves the second up on a phone, is told
// that Offer now needs a free place, makes one more place, offers it out of order, and skips that offer.
test.describe.configure({ timeout: 180_000 });

const CAMP = REGISTRATION_CAMP;
const JOB = 'Bar shift';
/** The job's card heading: its name, day and times (the seed's Evening shift). */
const JOB_TITLE = `${JOB}, Tuesday 18:00–21:00`;
const HOLDER_EMAIL = 'bar.holder@e2e.test';
const FIRST_EMAIL = 'bar.first@e2e.test';
const FIRST: ProfileDetails = {
  firstName: 'Bartholomew',
  lastName: 'Fitzwilliam-Montgomery',
  phone: '555-0181',
  emergencyContact: 'Someone, 555-0182, brother',
};
const FIRST_NAME = fullName(FIRST);
const SECOND_EMAIL = 'bar.second@e2e.test';
const SECOND_NAME = fullName(sampleProfile);

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

/** The job (one place, waitlist on), taken by a third person's registration; answers its id. */
async function fullBarJob(site: Site): Promise<string> {
  const { admin, camp, playwright, server, signIn } = site;
  const categories = await admin.call<Array<{ id: string; name: string }>>('GET', '/job-categories');
  const shifts = await admin.call<Array<{ id: string; name: string }>>('GET', '/shifts');
  const job = await admin.call<{ id: string }>('POST', '/jobs', {
    name: JOB,
    location: 'Main bar',
    categoryId: categories.find((category) => category.name === CAMP.kitchen)!.id,
    shiftId: shifts.find((shift) => shift.name === 'Evening')!.id,
    maxRegistrations: 1,
    waitlistEnabled: true,
  });
  const person = await playwright.request.newContext({ baseURL: server.url });
  try {
    const token = await signIn(HOLDER_EMAIL, undefined, person);
    const submission = tentVillageSubmission(camp);
    const response = await person.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...submission, jobs: [...submission.jobs, job.id] },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await person.dispose();
  }
  return job.id;
}

test.describe('Waitlist screen: shift lines', () => {
  test.use({ campSeed: 'registration-open' });

  test('an admin moves, offers and skips people in a job line', async ({
    page,
    site,
    checkA11y,
    screenCheck,
  }) => {
    const { admin, backend, signIn } = site;
    // The app's own waitlist worker stays out of the way: no fill offers the place before the admin does.
    await backend.app.services.waitlist.stop();
    const jobId = await fullBarJob(site);
    // Both register, then wait in the job's line in the database (the participants' join is another screen):
    // first, then second.
    for (const [email, profile] of [
      [FIRST_EMAIL, FIRST],
      [SECOND_EMAIL, sampleProfile],
    ] as const) {
      const { registrationId } = await registerWithDuesAs(site, email, profile);
      await backend.database.db.insert(shiftWaits).values({ registrationId, jobId, year: CAMP.year });
    }

    await signIn(ADMIN_EMAIL, null);
    await page.goto('/#/admin/waitlist');
    await expect(page.getByRole('heading', { name: 'Waitlist', level: 2 })).toBeVisible();
    const shifts = page.getByRole('region', { name: 'Shifts' });
    await expect(shifts.getByRole('heading', { name: 'Shifts', level: 3 })).toBeVisible();
    const card = page.getByRole('region', { name: JOB_TITLE });
    await expect(card.getByText('Waitlist on', { exact: true })).toBeVisible();
    await expect(card.getByText('1 taken / 0 held / 1', { exact: true })).toBeVisible();
    await expect(card.getByText('Main bar · Evening', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: `Line for ${JOB_TITLE}` });
    const names = () => table.locator('tbody tr td:nth-child(2) p:first-child').allTextContents();
    await expect.poll(names).toEqual([FIRST_NAME, SECOND_NAME]);
    await screenCheck('shift-lines');

    // On a phone: the line as cards, Move up on the second.
    await page.setViewportSize({ width: 375, height: 900 });
    const cards = page.getByRole('list', { name: `Line for ${JOB_TITLE}` });
    await expect(cards).toBeVisible();
    await checkA11y(page);
    await cards.getByRole('button', { name: `Move up ${SECOND_NAME}` }).click();
    await expect(toast(page, `${SECOND_NAME} was moved.`)).toBeVisible();
    await expect(cards.getByRole('listitem').first()).toContainText(SECOND_NAME);

    // On a laptop: Offer now needs a free place.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(names).toEqual([SECOND_NAME, FIRST_NAME]);
    await table.getByRole('button', { name: `Offer now ${SECOND_NAME}` }).click();
    await expect(toast(page, 'The waitlist could not be changed')).toBeVisible();
    await expect(toast(page, `No place is free on "${JOB} (Evening, Tuesday)"`)).toBeVisible();

    await admin.call('PATCH', `/jobs/${jobId}`, { maxRegistrations: 2 });
    await page.reload();
    await expect(card.getByText('1 taken / 0 held / 2', { exact: true })).toBeVisible();
    await table.getByRole('button', { name: `Offer now ${SECOND_NAME}` }).click();
    await expect(toast(page, `${SECOND_NAME} has been offered a place on ${JOB_TITLE}.`)).toBeVisible();
    const second = table.getByRole('row', { name: new RegExp(SECOND_NAME) });
    await expect(second.getByText('Offered', { exact: true })).toBeVisible();
    await expect(second.getByText(/^Offered until /)).toBeVisible();
    await expect(card.getByText('1 taken / 1 held / 2', { exact: true })).toBeVisible();
    await screenCheck('shift-offer');

    await second.getByRole('button', { name: `Skip ${SECOND_NAME}` }).click();
    const skip = page.getByRole('dialog', { name: 'Skip this offer' });
    await expect(skip.getByText(`End the open offer of ${SECOND_NAME} for ${JOB_TITLE}?`)).toBeVisible();
    await screenCheck('shift-skip-dialog');
    await skip.getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(toast(page, `The offer of ${SECOND_NAME} for ${JOB_TITLE} was skipped.`)).toBeVisible();
    // Skipped: at the end of the line, still waiting.
    await expect.poll(names).toEqual([FIRST_NAME, SECOND_NAME]);
    await expect(second.getByText('Last offer: Skipped', { exact: true })).toBeVisible();
    await expect(card.getByText('1 taken / 0 held / 2', { exact: true })).toBeVisible();
  });
});
