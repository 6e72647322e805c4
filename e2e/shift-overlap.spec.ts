import { type Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  expect,
  expectNoSidewaysScroll,
  fullName,
  REGISTRATION_CAMP,
  sampleProfile,
  type Site,
  test,
} from './support/fixtures';
import { stepHeading, saveScreenshot } from './support/screens';
import { tentVillageSubmission } from './support/stripe';

// No double-booking in the browser (docs/product.md §11, decision 056): with the camp's Opening Sunday set, the
// wizard refuses two overlapping shifts with the message naming both; an admin's edit to overlapping shifts needs
// the acknowledgement; Admin → Shifts lists the person. Axe and no sideways scroll at 375 and 1280 px; screenshots
// go to .tmp/screenshots/shift-overlap (never committed).
test.describe.configure({ timeout: 180_000 });
test.use({ campSeed: 'registration-open' });

const CAMP = REGISTRATION_CAMP;
const SCREENSHOTS = '.tmp/screenshots/shift-overlap';
/** The last Sunday of August of the camp's year (2032-08-29): Monday is Aug 30. */
const OPENING_SUNDAY = '2032-08-29';
const COFFEE = 'Coffee bar';
const GATE_LABEL = `${CAMP.gateJob} — Morning (Monday, Aug 30, 09:00–12:00)`;
const COFFEE_LABEL = `${COFFEE} — Late morning (Monday, Aug 30, 11:00–14:00)`;

/** The camp's dates, and a Monday 11:00–14:00 kitchen job that overlaps the seed's Gate greeter (09:00–12:00). */
async function overlappingJob(site: Site): Promise<string> {
  const { admin } = site;
  await admin.call('PATCH', '/core-config/current', { openingSunday: OPENING_SUNDAY });
  const categories = await admin.call<Array<{ id: string; name: string }>>('GET', '/job-categories');
  const shift = await admin.call<{ id: string }>('POST', '/shifts', {
    name: 'Late morning',
    dayOfWeek: 'MONDAY',
    startTime: '11:00',
    endTime: '14:00',
  });
  const job = await admin.call<{ id: string }>('POST', '/jobs', {
    name: COFFEE,
    location: 'Coffee tent',
    categoryId: categories.find((category) => category.name === CAMP.kitchen)!.id,
    shiftId: shift.id,
    maxRegistrations: 50,
  });
  return job.id;
}

/** Axe and no sideways scroll at both widths, with a screenshot of each. */
async function both(page: Page, name: string, checkA11y: (page: Page) => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await checkA11y(page);
    await saveScreenshot(page, { path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('the wizard refuses two overlapping shifts with the message naming both', async ({
  page,
  site,
  checkA11y,
}) => {
  await overlappingJob(site);
  await site.signIn('overlap.wizard@e2e.test', sampleProfile);
  await page.goto('/#/registration');
  await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 2, 'Options')).toBeVisible();
  await page.getByRole('checkbox', { name: CAMP.freeOption }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 3, 'Details')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();

  await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
  await page.getByRole('checkbox', { name: new RegExp(COFFEE) }).check();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    `"${GATE_LABEL}" and "${COFFEE_LABEL}" overlap in time. Choose only one of them.`,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
  await expect(alert).toContainText('overlap in time');
  await both(page, 'wizard-step-4', checkA11y);

  await page.getByRole('checkbox', { name: new RegExp(COFFEE) }).uncheck();
  await expect(page.getByText('overlap in time')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 5, 'Review')).toBeVisible();
});

test('an admin saves overlapping shifts only with the tick, and Admin → Shifts lists them', async ({
  page,
  site,
  checkA11y,
}) => {
  const { camp, playwright, server, signIn } = site;
  await overlappingJob(site);
  // A person holding Gate greeter (and Dish duty), registered through the API.
  const person = await playwright.request.newContext({ baseURL: server.url });
  try {
    const token = await signIn('overlap.person@e2e.test', sampleProfile, person);
    const response = await person.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${token}` },
      data: tentVillageSubmission(camp),
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await person.dispose();
  }
  const name = fullName(sampleProfile);

  await signIn(ADMIN_EMAIL, null);
  await page.goto('/#/admin/manage-registrations');
  await page.getByRole('button', { name: `Edit registration of ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit registration of ${name}` });
  await edit.getByRole('button', { name: 'Choose shifts' }).click();
  const picker = page.getByRole('dialog', { name: `Work shifts of ${name}` });
  await picker.getByRole('checkbox', { name: new RegExp(COFFEE) }).check();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toHaveCount(0);

  await expect(edit.getByText('These shifts overlap in time:')).toBeVisible();
  await expect(edit.getByText(`${GATE_LABEL} overlaps ${COFFEE_LABEL}`)).toBeVisible();
  const save = edit.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await expect(
    edit.getByText('The shifts overlap in time. Tick the acknowledgement to save this registration anyway.'),
  ).toBeVisible();
  await both(page, 'admin-edit', checkA11y);
  await edit
    .getByRole('checkbox', { name: 'Save anyway: I know this person is booked on overlapping shifts' })
    .check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Registration updated')).toBeVisible();
  await expect(edit).toHaveCount(0);

  await page.goto('/#/admin/shifts');
  const section = page.getByRole('region', { name: 'Overlapping assignments' });
  const card = section.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`${CAMP.gateJob} — Morning: Monday, Aug 30, 09:00–12:00`)).toBeVisible();
  await expect(card.getByText(`${COFFEE} — Late morning: Monday, Aug 30, 11:00–14:00`)).toBeVisible();
  await both(page, 'admin-shifts', checkA11y);
});
