import { type Page } from '@playwright/test';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  ADMIN_EMAIL,
  expect,
  expectNoSidewaysScroll,
  HOME_CAMP,
  type Mailbox,
  type ProfileDetails,
  sampleProfile,
  test,
} from './support/fixtures';

// Each test signs in through the real flow (mail included); on a slow machine that takes a while.
test.describe.configure({ timeout: 90_000 });

/** Step 1 of the login screen: asks for a code. Leaves the page on step 2. */
async function requestCodeThroughUi(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
}

/** The whole login screen, as a person does it: address, the code from the (new) mail, verify. */
async function signInThroughUi(page: Page, mailbox: Mailbox, email: string) {
  const before = mailbox.count(email);
  await requestCodeThroughUi(page, email);
  await page.getByLabel('Verification code').fill(await mailbox.loginCode(email, before + 1));
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
}

/** Fills and saves the Complete Your Profile form. */
async function completeProfileThroughUi(page: Page, details: ProfileDetails = sampleProfile) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  if (details.playaName) await page.getByLabel('Playa name').fill(details.playaName);
  await page.getByLabel('Phone').fill(details.phone);
  await page.getByLabel('Emergency contact').fill(details.emergencyContact);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

/** The main navigation's own list of entries (wide screens). */
function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

test.describe('sign-in by e-mail code', () => {
  test('a newcomer signs in with the mailed code, completes the profile and lands where they were going', async ({
    page,
    mailbox,
  }) => {
    const email = 'newcomer@e2e.test';
    await page.goto('/#/dashboard?from=invite');
    await expect(page).toHaveURL(/#\/login\?returnTo=%2Fdashboard%3Ffrom%3Dinvite$/);

    await requestCodeThroughUi(page, email);
    const mail = await mailbox.newest(email);
    expect(mail.subject).toContain(HOME_CAMP.campName);
    await expect(page.getByText(email)).toBeVisible();

    // A reload keeps the code step (pendingLoginEmail).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await page.getByLabel('Verification code').fill(await mailbox.loginCode(email));
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();

    await expect(page).toHaveURL(/#\/profile\?returnTo=%2Fdashboard%3Ffrom%3Dinvite$/);
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await completeProfileThroughUi(page, { ...sampleProfile, playaName: 'Lantern' });

    await expect(page).toHaveURL(/#\/dashboard\?from=invite$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Lantern!' })).toBeVisible();
    await expect(page.getByText('Please complete your profile')).toHaveCount(0);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Registration' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('pendingLoginEmail'))).toBeNull();
  });

  test('a returning camper goes straight to the returnTo route, query string included', async ({
    page,
    mailbox,
    signIn,
  }) => {
    const email = 'returning@e2e.test';
    await signIn(email, { ...sampleProfile, firstName: 'Marigold' });
    await page.context().clearCookies();

    await page.goto('/#/profile?section=contact');
    await expect(page).toHaveURL(/#\/login\?returnTo=%2Fprofile%3Fsection%3Dcontact$/);
    await signInThroughUi(page, mailbox, email);
    await expect(page).toHaveURL(/#\/profile\?section=contact$/);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Marigold');
  });

  test('a wrong code is refused with the server message', async ({ page, mailbox }) => {
    const email = 'wrong-code@e2e.test';
    await page.goto('/#/login');
    await requestCodeThroughUi(page, email);
    const code = await mailbox.loginCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/#\/login$/);
  });
});

test.describe('guards', () => {
  test('an unauthenticated visit to /dashboard goes to login with returnTo', async ({ page }) => {
    await page.goto('/#/dashboard');
    await expect(page).toHaveURL(/#\/login\?returnTo=%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('a participant sent from an admin route lands on the dashboard', async ({ page, signIn }) => {
    await signIn('participant@e2e.test');
    await page.goto('/#/admin');
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: `Welcome, ${sampleProfile.firstName} Sky!` }),
    ).toBeVisible();
  });

  test('an admin gets Reports and Admin links and may open admin routes', async ({ page, signIn }) => {
    await signIn(ADMIN_EMAIL, { ...sampleProfile, firstName: 'Ada' });
    await page.goto('/#/dashboard');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/#\/admin$/);
  });
});

test.describe('sessions', () => {
  test('the session survives an expired access token: the refresh cookie gets a new one', async ({
    page,
    signIn,
  }) => {
    await signIn('expired@e2e.test', { ...sampleProfile, firstName: 'Wren' });
    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Wren Sky!' })).toBeVisible();

    // A well-formed JWT that expired long ago (and is not signed by this server).
    const expired =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
      'eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJleHAiOjE2MDAwMDAwMDB9.' +
      'c2lnbmF0dXJlLW5vdC12YWxpZA';
    await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [
      ACCESS_TOKEN_STORAGE_KEY,
      expired,
    ] as const);
    await page.reload();

    await expect(page.getByRole('heading', { name: 'Welcome, Wren Sky!' })).toBeVisible();
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY))
      .not.toBe(expired);
  });

  test('Sign Out ends the session: Sign In is offered and the dashboard needs a sign-in again', async ({
    page,
    signIn,
  }) => {
    await signIn('sign-out@e2e.test');
    await page.goto('/#/dashboard');
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();

    await expect(page).toHaveURL(/\/#\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name === 'auth_state')).toEqual([]);
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY),
    ).toBeNull();

    await page.goto('/#/dashboard');
    await expect(page).toHaveURL(/#\/login\?returnTo=%2Fdashboard$/);
  });
});

test.describe('accessibility and small screens', () => {
  test('the login steps have no axe violations and no sideways scrolling', async ({ page, checkA11y }) => {
    const email = 'axe-login@e2e.test';
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/#/login');
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);

      await requestCodeThroughUi(page, email);
      await expectNoSidewaysScroll(page);
      await checkA11y(page);

      // With an error shown, too.
      await page.getByRole('button', { name: 'Verify and Sign In' }).click();
      await expect(page.getByText('Please enter the 6-digit code from your email')).toBeVisible();
      await checkA11y(page);

      await page.getByRole('button', { name: 'Use a different email' }).click();
    }
  });

  test('Complete Your Profile and Your Profile have no axe violations and no sideways scrolling', async ({
    page,
    signIn,
    checkA11y,
  }) => {
    const email = 'axe-profile@e2e.test';
    await signIn(email, null);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/#/profile');
      await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await checkA11y(page);
    }

    await completeProfileThroughUi(page);
    await expect(page.getByRole('heading', { name: 'Welcome, Juniper Sky!' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/#/profile');
      await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Your profile has been saved.')).toBeVisible();
      await checkA11y(page);

      await page.goto('/#/dashboard');
      await expect(page.getByRole('heading', { name: 'Welcome, Juniper Sky!' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkA11y(page);
    }
  });
});
