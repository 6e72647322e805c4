import { type Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, REGISTRATION_CAMP, test } from './support/fixtures';
import { checkScreen, stepHeading } from './support/screens';

// Every test gets a server of its own with the registration camp seeded through the admin API, and uses its
// own people.
test.describe.configure({ timeout: 120_000 });

const CAMP = REGISTRATION_CAMP;
const CAMP_YEAR = REGISTRATION_CAMP.year;
const TERMS_TEXT = REGISTRATION_CAMP.terms;

/** The profile of the participants who sign in (not created by the admin). */
const PARTICIPANT = {
  firstName: 'Juniper',
  lastName: 'Camper',
  phone: '555-0199',
  emergencyContact: 'Robin Camper, 555-0198, sibling',
};

const SCREENSHOTS = '.tmp/screenshots/registration';

async function fillDetails(page: Page) {
  await page.getByLabel('Nickname').fill('Sparky');
  await page.getByLabel('Guests').fill('2');
  await page.getByLabel('Arrival date').fill(`${CAMP_YEAR}-08-24`);
}

test.describe('registration wizard (registration open)', () => {
  test.use({ campSeed: 'registration-open' });

  test('a participant completes all six steps, with every validation message, and sees it on the dashboard', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    await signIn('participant@e2e.test', PARTICIPANT);
    await page.goto('/#/dashboard');
    await expect(page.getByText(`Registration for ${CAMP_YEAR} is open!`)).toBeVisible();
    await expect(page.getByText('No camping options selected.')).toBeVisible();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'dashboard-not-registered');
    await page.getByRole('link', { name: 'Start Registration' }).click();

    // Step 1: profile.
    await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-1-profile');
    await page.getByLabel('City').fill('Reno');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: options.
    await expect(stepHeading(page, 2, 'Options')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select at least one camping option');
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-2-options');
    await page.getByRole('checkbox', { name: CAMP.option }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: details, one field of every data type.
    await expect(stepHeading(page, 3, 'Details')).toBeVisible();
    await expect(page.getByLabel('Arrival notes')).toBeVisible();
    await expect(page.getByLabel('Generator watts')).toHaveAttribute('step', '0.01');
    await expect(page.getByLabel('Guests')).toHaveAttribute('step', '1');
    await expect(page.getByRole('checkbox', { name: 'Bringing a bike' })).toBeVisible();
    await expect(page.getByLabel('Arrival date')).toHaveAttribute('type', 'date');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Nickname is required')).toBeVisible();
    await expect(page.getByText('Guests is required')).toBeVisible();
    await expect(page.getByText('Arrival date is required')).toBeVisible();
    await expect(page.getByLabel('Nickname')).toBeFocused();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-3-details-errors');
    await page.getByLabel('Nickname').fill('ab');
    await page.getByLabel('Guests').fill('9');
    await page.getByLabel('Generator watts').fill('6000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Nickname must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Guests must be at most 4')).toBeVisible();
    await expect(page.getByText('Generator watts must be at most 5000')).toBeVisible();
    await page.getByLabel('Nickname').fill('x'.repeat(25));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Nickname must be less than 20 characters')).toBeVisible();
    await fillDetails(page);
    await page.getByLabel('Generator watts').fill('1500.5');
    await page.getByLabel('Arrival notes').fill('Arriving late\nwith a van');
    await page.getByRole('checkbox', { name: 'Bringing a bike' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: shifts.
    await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(CAMP.staffJob) })).toHaveCount(0);
    await expect(page.getByRole('group', { name: CAMP.emptyCategory })).toContainText(
      'No shifts available for this category',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('You need to select at least 2 shifts');
    await expect(alert).toContainText(`You must select at least one ${CAMP.alwaysRequired} shift`);
    await expect(alert).toContainText(
      'You must select at least 1 shift outside the always-required categories',
    );
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-4-shifts');
    await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(alert).toContainText('You need to select at least 2 shifts');
    await page.getByRole('checkbox', { name: new RegExp(CAMP.kitchenJob) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 5: review.
    await expect(stepHeading(page, 5, 'Review')).toBeVisible();
    await expect(page.getByText(TERMS_TEXT)).toBeVisible();
    await expect(page.getByTestId('registration-total')).toHaveText('$150.00');
    await expect(page.getByText('Sparky')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Review & Pay' }).click();
    await expect(page.getByText('You must accept the terms to continue')).toBeVisible();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-5-review');
    await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
    await page.getByRole('button', { name: 'Review & Pay' }).click();

    // Step 6: payment. This camp takes no card payments: step 6 says so before anything is pressed, and
    // Save Registration keeps the registration PENDING with its dues outstanding (payments.spec.ts pays).
    await expect(stepHeading(page, 6, 'Payment')).toBeVisible();
    await expect(
      page.getByText('Payment processing is not currently available. Please contact camp administrators.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await checkScreen(page, checkA11y, SCREENSHOTS, 'step-6-payment-unavailable');
    await page.getByRole('button', { name: 'Save Registration' }).click();

    // Dashboard.
    await expect(page.getByRole('heading', { name: `Current Registration ${CAMP_YEAR}` })).toBeVisible();
    const current = page.locator('section', {
      has: page.getByRole('heading', { name: /Current Registration/ }),
    });
    await expect(current.getByText('PENDING').first()).toBeVisible();
    await expect(current.getByText(CAMP.gateJob, { exact: true })).toBeVisible();
    await expect(current.getByText('Monday 09:00–12:00')).toBeVisible();
    await expect(current.getByText(`Location: ${CAMP.kitchenJob} post`)).toBeVisible();
    await expect(current.getByText('$150.00')).toBeVisible();
    const camping = page.locator('section', { has: page.getByRole('heading', { name: 'Camping' }) });
    await expect(camping.getByText(CAMP.option)).toBeVisible();
    await expect(camping.getByText('Additional Information:')).toBeVisible();
    await expect(camping.getByText('Sparky')).toBeVisible();
    await expect(camping.getByText('1500.5')).toBeVisible();
    const dues = page.locator('section', { has: page.getByRole('heading', { name: 'Outstanding Dues' }) });
    await expect(
      dues.getByText(`You have $150.00 in dues to pay for ${CAMP_YEAR}.`, { exact: false }),
    ).toBeVisible();
    await expect(
      dues.getByText('Payment processing is not currently available. Please contact camp administrators.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Complete Dues Payment/ })).toHaveCount(0);
    await checkScreen(page, checkA11y, SCREENSHOTS, 'dashboard-registered');

    // Shifts page on real data.
    await page.getByRole('link', { name: 'View Shifts' }).click();
    await expect(page.getByRole('heading', { name: 'My Assigned Shifts' })).toBeVisible();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'shifts');

    // Already registered: refused with the message.
    await page.goto('/#/registration');
    await expect(page.getByRole('heading', { name: 'Registration Not Available' })).toBeVisible();
    await expect(
      page.getByText(
        `You are already registered for ${CAMP_YEAR}. You can view your registration details on the dashboard.`,
      ),
    ).toBeVisible();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'registration-not-available');
  });

  test('an admin sees the places taken on Camping Options, and the table fits a phone', async ({
    page,
    request,
    camp,
    signIn,
    checkA11y,
  }) => {
    // A participant holds a place: registered through the API (in a request context of its own).
    const participantToken = await signIn('holder@e2e.test', PARTICIPANT, request);
    const registered = await request.post('/api/registrations/camp', {
      headers: { Authorization: `Bearer ${participantToken}` },
      data: {
        campingOptions: [camp.idOf(CAMP.freeOption)],
        jobs: [camp.idOf(CAMP.gateJob)],
        acceptedTerms: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    const token = await signIn(ADMIN_EMAIL, null);
    const listed = await page.request.get('/api/camping-options?includeDisabled=true', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(listed.status()).toBe(200);
    const taken = ((await listed.json()) as Array<{ name: string; currentRegistrations: number }>).find(
      (option) => option.currentRegistrations > 0,
    );
    expect(taken, 'an option with a registration (registered above)').toBeDefined();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/#/admin/camping-options');
    await expect(page.getByRole('heading', { level: 2, name: 'Camping Options' })).toBeVisible();
    const remove = page.getByRole('button', { name: `Delete ${taken?.name}` });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toHaveAccessibleDescription(
      `Cannot be deleted while ${taken?.currentRegistrations} ${taken?.currentRegistrations === 1 ? 'registration holds' : 'registrations hold'} a place. Disable it instead.`,
    );
    // The cells' visually hidden texts (like that reason) stay inside the table's scroll box.
    await checkScreen(page, checkA11y, SCREENSHOTS, 'admin-camping-options-with-registrations');
  });

  test('a staff member sees staff dues and the staff-only job', async ({ page, admin, signIn }) => {
    const email = 'staff@e2e.test';
    await admin.createUser(email, { role: 'STAFF' });
    await signIn(email, null);
    await page.goto('/#/registration');
    await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Dues $75.00').first()).toBeVisible();
    await page.getByRole('checkbox', { name: CAMP.option }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
    await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
    await page.getByRole('checkbox', { name: new RegExp(CAMP.staffJob) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 5, 'Review')).toBeVisible();
    await expect(page.getByTestId('registration-total')).toHaveText('$75.00');
    await expect(page.getByText(CAMP.staffJob)).toBeVisible();
  });

  test('a free option completes without payment and goes to the dashboard', async ({ page, signIn }) => {
    await signIn('free@e2e.test', PARTICIPANT);
    await page.goto('/#/registration');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: CAMP.freeOption }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 3, 'Details')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('registration-total')).toHaveText('$0.00');
    await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
    await page.getByRole('button', { name: 'Review & Pay' }).click();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Current Registration ${CAMP_YEAR}` })).toBeVisible();
    await expect(page.getByText('CONFIRMED')).toBeVisible();
    await expect(page.getByRole('button', { name: /Complete Dues Payment/ })).toHaveCount(0);
  });
});

test.describe('registration closed, early registration open', () => {
  test.use({ campSeed: 'registration-early' });

  test('a regular participant is refused with the reason', async ({ page, signIn, checkA11y }) => {
    await signIn('closed@e2e.test', PARTICIPANT);
    await page.goto('/#/registration');
    await expect(page.getByRole('heading', { name: 'Registration Not Available' })).toBeVisible();
    await expect(page.getByText(`Registration for ${CAMP_YEAR} is not currently open.`)).toBeVisible();
    await checkScreen(page, checkA11y, SCREENSHOTS, 'registration-closed');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByText(`Registration for ${CAMP_YEAR} is not currently open.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Registration' })).toHaveCount(0);
  });

  test('a person allowed early registration may register', async ({ page, admin, signIn }) => {
    const email = 'early@e2e.test';
    await admin.createUser(email, { allowEarlyRegistration: true });
    await signIn(email, null);
    await page.goto('/#/dashboard');
    await expect(page.getByText(`Early registration for ${CAMP_YEAR} is open!`)).toBeVisible();
    await page.getByRole('link', { name: 'Start Registration' }).click();
    await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, 2, 'Options')).toBeVisible();
  });
});
