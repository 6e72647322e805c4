/**
 * Payment helpers for the e2e tests: a registration with dues made through the API (and part of it paid in cash
 * at the desk), Checkout started through the API as the browser would, and the fake Checkout page's Pay pressed
 * without the browser (a person who pays and closes the tab before coming back).
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { payments, registrations } from '../../apps/api/src/db/schema/index';
import type { Backend, Camp, ProfileDetails, Site } from './fixtures';
import { REGISTRATION_CAMP } from './fixtures';
import { stepHeading } from './screens';

/** What a participant owes for the registration camp's paying option (Tent Village, participant rate). */
export const TENT_DUES = { cents: 15_000, text: '$150.00' } as const;

/** The description Checkout shows for the registration camp's dues. */
export const DUES_DESCRIPTION = `Camp Registration E2E Dues Payment ${REGISTRATION_CAMP.year}`;

export interface PendingRegistration {
  registrationId: string;
  userId: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The body of POST /api/registrations/camp for the registration camp's Tent Village: its required answers and
 * the two shifts it needs, with any extra fields (joinWaitlist, …).
 */
export function tentVillageSubmission(camp: Camp, extra: Record<string, unknown> = {}) {
  const CAMP = REGISTRATION_CAMP;
  return {
    campingOptions: [camp.idOf(CAMP.option)],
    customFields: {
      [camp.idOf('Nickname')]: 'Sparky',
      [camp.idOf('Guests')]: 1,
      [camp.idOf('Arrival date')]: `${CAMP.year}-08-24`,
    },
    jobs: [camp.idOf(CAMP.gateJob), camp.idOf(CAMP.kitchenJob)],
    acceptedTerms: true,
    ...extra,
  };
}

/**
 * Registers the signed-in person (token) for the registration camp's Tent Village with its required answers
 * and the two shifts it needs: a PENDING registration owing TENT_DUES.
 */
export async function registerWithDues(
  request: APIRequestContext,
  token: string,
  camp: Camp,
): Promise<PendingRegistration> {
  const response = await request.post('/api/registrations/camp', {
    headers: bearer(token),
    data: tentVillageSubmission(camp),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { registration } = (await response.json()) as {
    registration: { id: string; userId: string; status: string };
  };
  expect(registration.status).toBe('PENDING');
  return { registrationId: registration.id, userId: registration.userId };
}

/** The fixtures the helpers below use (the `site` fixture has them all). */
export type RegistrationFixtures = Pick<Site, 'playwright' | 'server' | 'camp' | 'admin' | 'signIn'>;

/**
 * `registerWithDues` for someone other than the page's user: `email` signs in in a request context of its own
 * (the page stays as it was; `profile` as `signIn` takes it) and registers owing TENT_DUES.
 */
export async function registerWithDuesAs(
  { playwright, server, camp, signIn }: Omit<RegistrationFixtures, 'admin'>,
  email: string,
  profile?: ProfileDetails | null,
): Promise<PendingRegistration> {
  const person = await playwright.request.newContext({ baseURL: server.url });
  try {
    return await registerWithDues(person, await signIn(email, profile, person), camp);
  } finally {
    await person.dispose();
  }
}

/**
 * A registration and a payment for the admin lists: `email` registers owing TENT_DUES (`registerWithDuesAs`)
 * and an admin records $50 of it paid in cash with `reference`.
 */
export async function registerAndPayInCash(
  fixtures: RegistrationFixtures,
  email: string,
  { reference, profile }: { reference: string; profile?: ProfileDetails | null },
): Promise<PendingRegistration> {
  const registration = await registerWithDuesAs(fixtures, email, profile);
  await fixtures.admin.call('POST', '/admin/payments', {
    registrationId: registration.registrationId,
    amount: 50,
    method: 'CASH',
    reference,
  });
  return registration;
}

/** POST /api/payments/stripe as the web app sends it (return URLs on the server's own origin); the Checkout URL. */
export async function startCheckoutThroughApi(
  request: APIRequestContext,
  token: string,
  serverUrl: string,
  pending: PendingRegistration,
): Promise<string> {
  const response = await request.post('/api/payments/stripe', {
    headers: bearer(token),
    data: {
      amount: TENT_DUES.cents,
      currency: 'USD',
      userId: pending.userId,
      registrationId: pending.registrationId,
      description: DUES_DESCRIPTION,
      successUrl: `${serverUrl}/#/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${serverUrl}/#/payment/cancel`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/**
 * Presses Pay on the fake Checkout page without following its redirect back to the app (the person closed
 * the tab): only the webhook, delivered before the page answers, can tell the app. Answers the success URL
 * the browser would have gone to.
 */
export async function payWithoutReturning(request: APIRequestContext, checkoutUrl: string): Promise<string> {
  const response = await request.post(checkoutUrl, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const location = response.headers()['location'];
  if (!location) throw new Error('the Checkout page answered without a location');
  return location;
}

/** The registration's status and its payments' statuses, read from the server's database (no API call). */
export async function storedStatuses(
  backend: Backend,
  registrationId: string,
): Promise<{ registration: string | undefined; payments: string[] }> {
  const { db } = backend.database;
  const [registration] = await db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  const rows = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.registrationId, registrationId));
  return { registration: registration?.status, payments: rows.map((row) => row.status) };
}

/** What a person answers on step 3 of the wizard for the paying option's custom fields. */
export interface TentAnswers {
  nickname: string;
  guests: string;
  /** YYYY-MM-DD */
  arrival: string;
}

/** From the wizard's step 3: Tent Village's answers, then its two shifts, up to step 5 (Review). */
export async function detailsAndShiftsToReview(page: Page, answers: TentAnswers): Promise<void> {
  const CAMP = REGISTRATION_CAMP;
  await expect(stepHeading(page, 3, 'Details')).toBeVisible();
  await page.getByLabel('Nickname').fill(answers.nickname);
  await page.getByLabel('Guests').fill(answers.guests);
  await page.getByLabel('Arrival date').fill(answers.arrival);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 4, 'Shifts')).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(CAMP.gateJob) }).check();
  await page.getByRole('checkbox', { name: new RegExp(CAMP.kitchenJob) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 5, 'Review')).toBeVisible();
}

/**
 * Steps 1 to 5 of the registration wizard, from step 1 on: the paying option with `answers`, the gate and
 * kitchen shifts, TENT_DUES in the total, the terms accepted; ends on step 6, Payment.
 */
export async function wizardToPayment(page: Page, answers: TentAnswers): Promise<void> {
  const CAMP = REGISTRATION_CAMP;
  await expect(stepHeading(page, 1, 'Profile')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 2, 'Options')).toBeVisible();
  await page.getByRole('checkbox', { name: CAMP.option }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await detailsAndShiftsToReview(page, answers);
  await expect(page.getByTestId('registration-total')).toHaveText(TENT_DUES.text);
  await page.getByRole('checkbox', { name: 'I have read and accept the registration terms' }).check();
  await page.getByRole('button', { name: 'Review & Pay' }).click();
  await expect(stepHeading(page, 6, 'Payment')).toBeVisible();
}
