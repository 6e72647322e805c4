import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mailUrl } from './servers';

/** The browser app's key for the access token in local storage (apps/web/src/lib/auth-token.ts). */
export const ACCESS_TOKEN_STORAGE_KEY = 'campRegistration.accessToken';

/** A fresh address for one test (tests run in parallel on one server). */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.test`.toLowerCase();
}

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  count: number;
}

/** The newest mail to an address, once at least `min` have arrived there. */
export async function newestMail(email: string, min = 1): Promise<CapturedMail> {
  const url = `${mailUrl}/mail?to=${encodeURIComponent(email)}&min=${min}&waitMs=10000`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`No mail for ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as CapturedMail;
}

/** The 6-digit sign-in code in the newest mail to an address (the `min`-th one, for a resent code). */
export async function loginCodeFor(email: string, min = 1): Promise<string> {
  const mail = await newestMail(email, min);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}: ${mail.text}`);
  return code;
}

/** Step 1 of the login screen: asks for a code. Leaves the page on step 2. */
export async function requestCodeThroughUi(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
}

/** The whole login screen, as a person does it: address, the code from the mail, verify. */
export async function signInThroughUi(page: Page, email: string) {
  await requestCodeThroughUi(page, email);
  await page.getByLabel('Verification code').fill(await loginCodeFor(email));
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
}

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  phone: string;
  emergencyContact: string;
  playaName?: string;
}

export const sampleProfile: ProfileDetails = {
  firstName: 'Juniper',
  lastName: 'Sky',
  phone: '555-0142',
  emergencyContact: 'Rowan Sky, 555-0143, brother',
};

/** Fills and saves the Complete Your Profile form. */
export async function completeProfileThroughUi(page: Page, details: ProfileDetails = sampleProfile) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  if (details.playaName) await page.getByLabel('Playa name').fill(details.playaName);
  await page.getByLabel('Phone').fill(details.phone);
  await page.getByLabel('Emergency contact').fill(details.emergencyContact);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

/**
 * Signs in through the API with the page's own request context, so the browser gets the session cookies
 * (refresh_token, auth_state) exactly as after a sign-in; the app then fetches its access token by refreshing.
 * Optionally completes the profile. Answers the access token.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  profile: ProfileDetails | null = sampleProfile,
): Promise<string> {
  const requested = await request.post('/api/auth/request-login-code', { data: { email } });
  expect(requested.status()).toBe(200);
  const verified = await request.post('/api/auth/login-with-code', {
    data: { email, code: await loginCodeFor(email) },
  });
  expect(verified.status()).toBe(200);
  let { accessToken } = (await verified.json()) as { accessToken: string };
  if (profile) {
    const completed = await request.post('/api/auth/register', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: {
        firstName: profile.firstName,
        lastName: profile.lastName,
        playaName: profile.playaName ?? null,
        phone: profile.phone,
        city: null,
        stateProvince: null,
        country: null,
        emergencyContact: profile.emergencyContact,
        email,
        password: 'not-used-by-email-code-login',
      },
    });
    expect(completed.status()).toBe(200);
    ({ accessToken } = (await completed.json()) as { accessToken: string });
  }
  return accessToken;
}

/** The main navigation's own list of entries (wide screens). */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}
