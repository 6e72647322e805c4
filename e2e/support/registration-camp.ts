import { expect, type APIRequestContext } from '@playwright/test';
import { mailUrl } from './servers';
import { REGISTRATION_ADMIN_EMAIL } from './registration-servers';

/** How many mails an address has had so far (0 when none). */
async function mailCount(email: string): Promise<number> {
  const response = await fetch(`${mailUrl}/mail?to=${encodeURIComponent(email)}&waitMs=0`);
  if (!response.ok) return 0;
  return ((await response.json()) as { count: number }).count;
}

/** The code of the next mail to an address (after `before` mails). */
async function nextCode(email: string, before: number): Promise<string> {
  const response = await fetch(
    `${mailUrl}/mail?to=${encodeURIComponent(email)}&min=${before + 1}&waitMs=10000`,
  );
  if (!response.ok) throw new Error(`No new mail for ${email}`);
  const { text } = (await response.json()) as { text: string };
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}`);
  return code;
}

/**
 * Signs in on one server through its API with the given request context (a page's, so the browser gets the
 * session cookies). Answers the access token.
 */
export async function signInOn(request: APIRequestContext, baseUrl: string, email: string): Promise<string> {
  const before = await mailCount(email);
  const requested = await request.post(`${baseUrl}/api/auth/request-login-code`, { data: { email } });
  expect(requested.status()).toBe(200);
  const verified = await request.post(`${baseUrl}/api/auth/login-with-code`, {
    data: { email, code: await nextCode(email, before) },
  });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { accessToken: string }).accessToken;
}

/** Fills in the profile of a freshly signed-in person (POST /auth/register). Answers the new token. */
export async function completeProfileOn(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  email: string,
  firstName: string,
): Promise<string> {
  const completed = await request.post(`${baseUrl}/api/auth/register`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      firstName,
      lastName: 'Camper',
      playaName: null,
      phone: '555-0199',
      city: null,
      stateProvince: null,
      country: null,
      emergencyContact: 'Robin Camper, 555-0198, sibling',
      email,
      password: 'not-used-by-email-code-login',
    },
  });
  expect(completed.status()).toBe(200);
  return ((await completed.json()) as { accessToken: string }).accessToken;
}

/** A small admin client of one server, signed in as the registration spec's own admin. */
export class CampAdmin {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, baseUrl: string): Promise<CampAdmin> {
    return new CampAdmin(request, baseUrl, await signInOn(request, baseUrl, REGISTRATION_ADMIN_EMAIL));
  }

  async call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      data,
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Creates the configuration, or changes it when one exists. */
  async configure(config: Record<string, unknown>): Promise<void> {
    const created = await this.request.post(`${this.baseUrl}/api/core-config`, {
      headers: { Authorization: `Bearer ${this.token}` },
      data: config,
    });
    if (created.status() === 409) await this.call('PATCH', '/core-config/current', config);
    else expect(created.status(), await created.text()).toBe(201);
  }

  /** A user with a complete profile, created by the admin (role and flags as given). */
  async createUser(email: string, extra: Record<string, unknown>): Promise<void> {
    await this.call('POST', '/users', {
      email,
      firstName: 'Stella',
      lastName: 'Camper',
      phone: '555-0177',
      emergencyContact: 'Robin Camper, 555-0198, sibling',
      ...extra,
    });
  }
}

export const CAMP_YEAR = 2032;
export const TERMS_TEXT = 'Leave no trace, bring your own cup.';

/** The names the spec looks for. */
export const CAMP = {
  option: 'Tent Village',
  freeOption: 'Day Visitor',
  alwaysRequired: 'Gate Crew',
  kitchen: 'Kitchen',
  staffCategory: 'Staff Ops',
  emptyCategory: 'Art Build',
  gateJob: 'Gate greeter',
  kitchenJob: 'Dish duty',
  staffJob: 'Staff radio',
} as const;

/**
 * The camp of the registration spec, through the admin API: configuration (registration open or early only),
 * an option with a custom field of every data type, a free option, an always-required category, a staff-only
 * category, a category without jobs. Idempotent: an existing option of that name means it is all there.
 */
export async function setUpCamp(
  admin: CampAdmin,
  windows: { registrationOpen: boolean; earlyRegistrationOpen: boolean },
) {
  await admin.configure({
    campName: 'Camp Registration E2E',
    campDescription: '<p>Registration tests</p>',
    registrationYear: CAMP_YEAR,
    registrationTerms: `<h2>Terms</h2><p>${TERMS_TEXT}</p>`,
    allowDeferredDuesPayment: false,
    ...windows,
  });
  const options = await admin.call<Array<{ name: string }>>('GET', '/camping-options');
  if (options.some((option) => option.name === CAMP.option)) return;

  const category = (name: string, extra: Record<string, unknown> = {}) =>
    admin.call<{ id: string }>('POST', '/job-categories', { name, description: `${name} duties`, ...extra });
  const gate = await category(CAMP.alwaysRequired, { alwaysRequired: true });
  const kitchen = await category(CAMP.kitchen);
  const staff = await category(CAMP.staffCategory, { staffOnly: true });
  await category(CAMP.emptyCategory);
  const morning = await admin.call<{ id: string }>('POST', '/shifts', {
    name: 'Morning',
    description: 'Bring water',
    dayOfWeek: 'MONDAY',
    startTime: '09:00',
    endTime: '12:00',
  });
  const evening = await admin.call<{ id: string }>('POST', '/shifts', {
    name: 'Evening',
    dayOfWeek: 'TUESDAY',
    startTime: '18:00',
    endTime: '21:00',
  });
  const job = (name: string, categoryId: string, shiftId: string) =>
    admin.call('POST', '/jobs', {
      name,
      location: `${name} post`,
      categoryId,
      shiftId,
      maxRegistrations: 200,
    });
  await job(CAMP.gateJob, gate.id, morning.id);
  await job(CAMP.kitchenJob, kitchen.id, evening.id);
  await job(CAMP.staffJob, staff.id, morning.id);

  const option = await admin.call<{ id: string }>('POST', '/camping-options', {
    name: CAMP.option,
    description: 'A shaded tent spot in the village',
    participantDues: 150,
    staffDues: 75,
    workShiftsRequired: 1,
    maxSignups: 0,
  });
  const field = (body: Record<string, unknown>) =>
    admin.call('POST', `/camping-options/${option.id}/fields`, body);
  await field({ displayName: 'Nickname', dataType: 'STRING', required: true, minLength: 3, maxLength: 20 });
  await field({
    displayName: 'Arrival notes',
    dataType: 'MULTILINE_STRING',
    required: false,
    maxLength: 200,
  });
  await field({ displayName: 'Guests', dataType: 'INTEGER', required: true, minValue: 0, maxValue: 4 });
  await field({
    displayName: 'Generator watts',
    dataType: 'NUMBER',
    required: false,
    minValue: 0,
    maxValue: 5000,
  });
  await field({ displayName: 'Bringing a bike', dataType: 'BOOLEAN', required: false });
  await field({ displayName: 'Arrival date', dataType: 'DATE', required: true });
  await admin.call('POST', '/camping-options', {
    name: CAMP.freeOption,
    description: 'No overnight stay',
    participantDues: 0,
    staffDues: 0,
    workShiftsRequired: 0,
    maxSignups: 0,
  });
}
