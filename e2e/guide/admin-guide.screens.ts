/**
 * The pictures of the admin's guide (docs/guide.md), taken by `npm run docs:screenshots`: a camp set up from
 * the first sign-in to the first registration on a fresh database, in Chromium at 1280×800 (two at 375 px, the e-mail settings at 1000 px high),
 * with the e2e tests' server, mail capture and fake Stripe (e2e/support/fixtures.ts). Each picture is the
 * window only, taken once the screen has loaded and stopped moving. Not part of `npm test`.
 */
import { type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN_EMAIL,
  animationsFinished,
  expect,
  type Mailbox,
  type ProfileDetails,
  sampleProfile,
  test,
} from '../support/fixtures';
import { stepHeading } from '../support/screens';

/** Where the guide's pictures live; the file names are the ones docs/guide.md links. */
const GUIDE_DIR = path.join(import.meta.dirname, '..', '..', 'docs', 'guide');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };

/** Next year's camp: what an admin sets up in the autumn. */
const YEAR = new Date().getFullYear() + 1;

const CAMP = {
  name: 'Camp Firefly',
  description: 'Shade, tea and late-night cocoa on the playa.',
  blurb: 'Welcome home, fireflies! Registration is open: sign in and join us.',
  terms: 'Leave no trace, look after each other, and bring your own cup.',
  option: 'Tent camping',
  field: 'Arrival date',
  kitchen: 'Kitchen',
  gate: 'Gate',
  breakfast: 'Breakfast',
  evening: 'Evening gate',
  cookJob: 'Breakfast cook',
  gateJob: 'Gate greeter',
} as const;

const ADMIN: ProfileDetails = { ...sampleProfile, firstName: 'Sage', lastName: 'Organizer' };

const PARTICIPANT_EMAIL = 'juniper@example.org';
/** Juniper Sky. */
const PARTICIPANT = sampleProfile;

/** The window of a finished screen: no spinner, no toast, fonts loaded, nothing moving, no focus ring. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  await animationsFinished(page);
  await page.screenshot({ path: path.join(GUIDE_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const textbox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('textbox', { name, exact: true });

/** Scrolls the window so that an element is at its top. */
async function scrollToTop(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

async function typeRichText(page: Page, label: string, text: string) {
  await textbox(page, label).click();
  await page.keyboard.type(text);
}

/** The Sign In screen: address, Send Code, the mailed code; stops before Verify and Sign In. */
async function enterCode(page: Page, mailbox: Mailbox, email: string) {
  const before = mailbox.count(email);
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await mailbox.loginCode(email, before + 1));
}

async function completeProfile(page: Page, details: ProfileDetails) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Phone').fill(details.phone);
  await page.getByLabel('Emergency contact').fill(details.emergencyContact);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce' });
  return context.newPage();
}

test.use({ campSeed: 'none' });

test('the admin guide: from the first sign-in to the first registration', async ({
  browser,
  server,
  mailbox,
  stripe,
}) => {
  rmSync(GUIDE_DIR, { recursive: true, force: true });
  mkdirSync(GUIDE_DIR, { recursive: true });
  const admin = await newPage(browser, server.url);

  // 1. The first sign-in: the address in ADMIN_EMAILS becomes the admin.
  await enterCode(admin, mailbox, ADMIN_EMAIL);
  await shot(admin, '01-sign-in');
  await admin.getByRole('button', { name: 'Verify and Sign In' }).click();
  await completeProfile(admin, ADMIN);
  await expect(admin.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await admin.goto('/#/admin');
  await expect(admin.getByRole('heading', { level: 2, name: 'Admin Panel' })).toBeVisible();
  await shot(admin, '02-admin-panel');

  // 2. Site Configuration, section by section, then Create Configuration.
  await admin.getByRole('link', { name: /Camp Configuration/ }).click();
  await expect(admin.getByText('No configuration yet')).toBeVisible();
  await textbox(admin, 'Camp name').fill(CAMP.name);
  await typeRichText(admin, 'Camp description', CAMP.description);
  await typeRichText(admin, 'Home page blurb', CAMP.blurb);
  await admin.evaluate(() => window.scrollTo(0, 0));
  await shot(admin, '03-configuration-camp');

  const sections = admin.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: 'Registration', exact: true }).click();
  await textbox(admin, 'Registration year').fill(String(YEAR));
  await expect(admin.getByRole('checkbox', { name: 'Registration open', exact: true })).toBeChecked();
  await typeRichText(admin, 'Registration terms', CAMP.terms);
  await sections.getByRole('button', { name: 'Registration', exact: true }).click();
  await shot(admin, '04-configuration-registration');

  await sections.getByRole('button', { name: 'Payments', exact: true }).click();
  await admin.getByRole('checkbox', { name: 'Enable Stripe card payments' }).check();
  await textbox(admin, 'Stripe public key').fill(stripe.publicKey);
  await admin.getByLabel('Stripe secret API key', { exact: true }).fill(stripe.apiKey);
  await admin.getByLabel('Stripe webhook secret', { exact: true }).fill(stripe.webhookSecret);
  await shot(admin, '05-configuration-payments');

  // The test's mail capture stands in for the camp's mail server. A taller window shows the whole section.
  await admin.setViewportSize({ ...DESKTOP, height: 1000 });
  await sections.getByRole('button', { name: 'E-mail', exact: true }).click();
  await admin.getByRole('checkbox', { name: 'Enable email notifications' }).check();
  await textbox(admin, 'SMTP Host').fill('127.0.0.1');
  await textbox(admin, 'SMTP Port').fill(String(server.smtpPort));
  await textbox(admin, 'Sender Email').fill('hello@example.org');
  await textbox(admin, 'Sender Name').fill(CAMP.name);
  await admin.getByRole('button', { name: 'Test SMTP Connection' }).click();
  const connected = admin.getByRole('alert').filter({ hasText: 'Connection Successful' });
  await expect(connected).toBeVisible();
  await sections.getByRole('button', { name: 'E-mail', exact: true }).click();
  await shot(admin, '06-configuration-email');
  await admin.setViewportSize(DESKTOP);
  await admin.getByRole('button', { name: 'Create Configuration' }).click();
  await expect(admin.getByText('Configuration created successfully!')).toBeVisible();

  // 3. Job categories, shifts and jobs.
  await admin.goto('/#/admin/job-categories');
  for (const [name, description] of [
    [CAMP.kitchen, 'Cooking and cleaning up.'],
    [CAMP.gate, 'Greeting everyone who arrives.'],
  ] as const) {
    await admin.getByRole('button', { name: 'Add Job Category' }).click();
    const form = dialog(admin, 'Add Job Category');
    await textbox(form, 'Name').fill(name);
    await textbox(form, 'Description').fill(description);
    await form.getByRole('button', { name: 'Add Job Category' }).click();
    await expect(form).toBeHidden();
  }

  await admin.goto('/#/admin/shifts');
  for (const [name, day, start, end] of [
    [CAMP.breakfast, 'Monday', '07:00', '10:00'],
    [CAMP.evening, 'Tuesday', '18:00', '21:00'],
  ] as const) {
    await admin.getByRole('button', { name: 'Add Shift' }).click();
    const form = dialog(admin, 'Add Shift');
    await textbox(form, 'Name').fill(name);
    await form.getByRole('combobox', { name: 'Day' }).selectOption({ label: day });
    await textbox(form, 'Start time').fill(start);
    await textbox(form, 'End time').fill(end);
    if (name === CAMP.breakfast) await shot(admin, '07-add-shift');
    await form.getByRole('button', { name: 'Add Shift' }).click();
    await expect(form).toBeHidden();
  }

  await admin.goto('/#/admin/jobs');
  for (const [name, location, category, shift, places] of [
    [CAMP.cookJob, 'Kitchen tent', CAMP.kitchen, `Monday 07:00–10:00 · ${CAMP.breakfast}`, '6'],
    [CAMP.gateJob, 'Front gate', CAMP.gate, `Tuesday 18:00–21:00 · ${CAMP.evening}`, '4'],
  ] as const) {
    await admin.getByRole('button', { name: 'Add Job' }).click();
    const form = dialog(admin, 'Add Job');
    await textbox(form, 'Name').fill(name);
    await textbox(form, 'Location').fill(location);
    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: category });
    await form.getByRole('combobox', { name: 'Shift' }).selectOption({ label: shift });
    await textbox(form, 'Maximum registrations').fill(places);
    if (name === CAMP.cookJob) await shot(admin, '08-add-job');
    await form.getByRole('button', { name: 'Add Job' }).click();
    await expect(form).toBeHidden();
  }

  // 4. A camping option with its dues, the categories its shifts count in, and a field of its own.
  await admin.goto('/#/admin/camping-options');
  await admin.getByRole('button', { name: 'Add Camping Option' }).click();
  const optionForm = dialog(admin, 'Add Camping Option');
  await textbox(optionForm, 'Name').fill(CAMP.option);
  await textbox(optionForm, 'Description').fill('A tent spot in the shade of the main structure.');
  await textbox(optionForm, 'Participant dues').fill('150');
  await textbox(optionForm, 'Staff dues').fill('75');
  await textbox(optionForm, 'Max signups').fill('80');
  await textbox(optionForm, 'Work shifts required').fill('1');
  await optionForm.getByRole('checkbox', { name: CAMP.kitchen }).check();
  await optionForm.getByRole('checkbox', { name: CAMP.gate }).check();
  await shot(admin, '09-add-camping-option');
  await optionForm.getByRole('button', { name: 'Add Camping Option' }).click();
  await expect(optionForm).toBeHidden();

  await admin.getByRole('link', { name: `Fields (0) of ${CAMP.option}` }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Camping Option Fields' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add Field' }).click();
  const fieldForm = dialog(admin, 'Add Field');
  await textbox(fieldForm, 'Display name').fill(CAMP.field);
  await fieldForm.getByRole('combobox', { name: 'Data type' }).selectOption('DATE');
  await fieldForm.getByRole('checkbox', { name: 'Required' }).check();
  await fieldForm.getByRole('button', { name: 'Add Field' }).click();
  await expect(fieldForm).toBeHidden();
  await expect(admin.getByRole('table', { name: /Custom fields/ })).toContainText(CAMP.field);
  await shot(admin, '10-camping-option-fields');

  // 5. A participant signs in on a phone, completes the profile and registers through the six steps.
  const person = await newPage(browser, server.url);
  await person.setViewportSize(PHONE);
  await enterCode(person, mailbox, PARTICIPANT_EMAIL);
  await person.getByRole('button', { name: 'Verify and Sign In' }).click();
  await completeProfile(person, PARTICIPANT);
  await expect(person.getByText(`Registration for ${YEAR} is open!`)).toBeVisible();
  await person.evaluate(() => window.scrollTo(0, 0));
  await shot(person, '11-participant-dashboard-phone');

  await person.getByRole('link', { name: 'Start Registration' }).click();
  await expect(stepHeading(person, 1, 'Profile')).toBeVisible();
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(person, 2, 'Options')).toBeVisible();
  await person.getByRole('checkbox', { name: CAMP.option }).check();
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(person, 3, 'Details')).toBeVisible();
  await person.getByLabel(CAMP.field).fill(`${YEAR}-08-23`);
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(person, 4, 'Shifts')).toBeVisible();
  await person.getByRole('checkbox', { name: new RegExp(CAMP.cookJob) }).check();
  await scrollToTop(stepHeading(person, 4, 'Shifts'));
  await shot(person, '12-wizard-shifts-phone');
  await person.getByRole('button', { name: 'Continue' }).click();

  await person.setViewportSize(DESKTOP);
  await expect(stepHeading(person, 5, 'Review')).toBeVisible();
  await person.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
  await person.getByRole('button', { name: 'Review & Pay' }).click();
  await expect(stepHeading(person, 6, 'Payment')).toBeVisible();
  await expect(person.getByTestId('amount-due')).toHaveText('$150.00');
  await shot(person, '13-wizard-payment');
  await person.getByRole('button', { name: 'Pay $150.00' }).click();
  await expect(person.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await person.getByRole('button', { name: 'Pay' }).click();
  await expect(person.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // 6. The admin sees the registration.
  await admin.goto('/#/admin/manage-registrations');
  const registrations = admin.getByRole('table', { name: 'Registrations' });
  await expect(
    registrations.getByText(`${PARTICIPANT.firstName} ${PARTICIPANT.lastName}`, { exact: true }),
  ).toBeVisible();
  await expect(registrations.getByText('CONFIRMED', { exact: true })).toBeVisible();
  await shot(admin, '14-manage-registrations');

  await admin.goto('/#/reports/registrations');
  await expect(
    admin
      .getByRole('table', { name: 'Registrations' })
      .getByText(`${PARTICIPANT.firstName} ${PARTICIPANT.lastName}`, { exact: true }),
  ).toBeVisible();
  await shot(admin, '15-registration-report');

  expect(readdirSync(GUIDE_DIR).length).toBe(15);
});
