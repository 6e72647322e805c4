import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { loginCodeFor, sampleProfile, signInThroughApi, uniqueEmail } from './auth';
import { configuredUrl, E2E_ADMIN_EMAILS, mailUrl } from './servers';

/*
 * Admins for the camp-setup tests. Only the few ADMIN_EMAILS addresses become admins by signing in, each may
 * ask for 5 codes per 15 minutes, and a new code replaces the previous one. So this file signs in with one of
 * them as seldom as possible (once per worker, retrying when another worker's request replaced the code) and
 * uses that session only to create a fresh ADMIN user per test, who then signs in the usual way.
 */
const SETUP_ADMIN = E2E_ADMIN_EMAILS[2] ?? 'admin3@e2e.test';

let setupToken: Promise<string> | undefined;

/** How many mails the address has received so far. */
async function mailCount(email: string): Promise<number> {
  const response = await fetch(`${mailUrl}/mail?to=${encodeURIComponent(email)}&waitMs=0`);
  if (!response.ok) return 0;
  return ((await response.json()) as { count: number }).count;
}

async function signInSetupAdmin(): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: configuredUrl });
  try {
    for (let attempt = 1; ; attempt++) {
      const before = await mailCount(SETUP_ADMIN);
      const requested = await context.post('/api/auth/request-login-code', { data: { email: SETUP_ADMIN } });
      expect(requested.status()).toBe(200);
      const code = await loginCodeFor(SETUP_ADMIN, before + 1);
      const verified = await context.post('/api/auth/login-with-code', {
        data: { email: SETUP_ADMIN, code },
      });
      if (verified.ok()) return ((await verified.json()) as { accessToken: string }).accessToken;
      // Another worker asked for a code at the same moment and took this one; try again a little later.
      if (attempt >= 3) throw new Error(`Setup admin sign-in failed: ${await verified.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
    }
  } finally {
    await context.dispose();
  }
}

/**
 * Signs the page in as a new ADMIN user of its own (unique address). The browser gets the session cookies as
 * after a real sign-in; the answer holds the address and an access token for API calls.
 */
export async function signInAsNewAdmin(
  page: Page,
  label = 'camp-setup',
): Promise<{ email: string; accessToken: string }> {
  setupToken ??= signInSetupAdmin();
  const token = await setupToken;
  const email = uniqueEmail(label);
  const created = await page.request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      email,
      role: 'ADMIN',
      firstName: 'Sage',
      lastName: 'Setup',
      phone: sampleProfile.phone,
      emergencyContact: sampleProfile.emergencyContact,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accessToken = await signInThroughApi(page.request, email, null);
  return { email, accessToken };
}

/** A name no other test uses (tests run in parallel against one server). */
export function uniqueName(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((node) => node.target.join(' ')).join(' / ')}`,
    ),
  ).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Narrows a DataTable to the rows matching a text (other tests add rows to the same lists). */
export async function searchTable(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}
