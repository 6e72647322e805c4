/**
 * The e2e tests' Playwright fixtures. Every test gets a server of its own: the real app, built as `npm start`
 * builds it, on an empty in-memory database (one migrated per worker, emptied before each test), sending its
 * mail to a real SMTP server on loopback whose messages the test reads (e.g. for the sign-in code). Before the
 * test, the `camp` fixture seeds the camp the test asks for (`test.use({ campSeed })`) through the admin API; `signIn`
 * signs the page in with the code from the captured mail; `checkA11y` runs axe on a page; `screenCheck` adds
 * the 375 and 1280 px checks and screenshots; `site` hands the helpers all of the test's server at once. Each server's
 * Stripe is a fake Stripe of its own (`stripe`, apps/api/test/fake-stripe.ts) reached through
 * STRIPE_API_BASE, whose Checkout page delivers its webhooks to that server; only `campSeed:
 * 'registration-paying'` switches Stripe on.
 */
import AxeBuilder from '@axe-core/playwright';
import { PGlite } from '@electric-sql/pglite';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { fromPglite } from '../../apps/api/src/db/client';
import { campConfig } from '../../apps/api/src/db/schema/index';
import { loadEnv } from '../../apps/api/src/env';
import { emptyDatabase } from '../../apps/api/test/empty-database';
import { FakeStripe } from '../../apps/api/test/fake-stripe';
import { type CapturedMail, SmtpCapture } from '../../apps/api/test/smtp';
import { checkScreen, expectNoSidewaysScroll } from './screens';

export { expect, expectNoSidewaysScroll };

/** Where the servers listen (loopback only, on a free port each). */
const E2E_HOST = '127.0.0.1';

/** The address a test signs in with to be an admin (the servers' ADMIN_EMAILS, with the camp seeder's). */
export const ADMIN_EMAIL = 'admin@e2e.test';
/** The admin the `camp` and `admin` fixtures sign in as; no test signs in with it. */
const CAMP_ADMIN_EMAIL = 'camp-admin@e2e.test';

/** The browser app's key for the access token in local storage (apps/web/src/lib/auth-token.ts). */
export const ACCESS_TOKEN_STORAGE_KEY = 'campRegistration.accessToken';

/** The camp of `campSeed: 'home'` (the default): a configured camp with hostile HTML in its description. */
export const HOME_CAMP = {
  campName: 'Camp Lantern E2E',
  descriptionText: 'A shady oasis of lanterns & late-night tea on the playa.',
  blurbHeading: 'Welcome home, Lanterns!',
  registrationYear: 2031,
};

/** The names and texts of the registration camp (`campSeed: 'registration-open' | 'registration-early'`). */
export const REGISTRATION_CAMP = {
  year: 2032,
  terms: 'Leave no trace, bring your own cup.',
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
 * What the test's server holds when the test starts: the home camp, the registration camp with registration
 * open or with only early registration open, the registration camp (open) taking card payments through the
 * test's fake Stripe, or nothing (a site that was never configured).
 */
export type CampSeed = 'home' | 'registration-open' | 'registration-early' | 'registration-paying' | 'none';

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  phone: string;
  emergencyContact: string;
  playaName?: string;
}

/** 'First Last', as the app writes a person's name. */
export const fullName = (profile: Pick<ProfileDetails, 'firstName' | 'lastName'>) =>
  `${profile.firstName} ${profile.lastName}`;

export const sampleProfile: ProfileDetails = {
  firstName: 'Juniper',
  lastName: 'Sky',
  phone: '555-0142',
  emergencyContact: 'Rowan Sky, 555-0143, brother',
};

export interface Mail extends CapturedMail {
  /** How many mails the address had received by then. */
  count: number;
}

/** The mail the test's server sent, as its SMTP capture received it. */
export interface Mailbox {
  /** How many mails an address has received so far. */
  count(email: string): number;
  /** The newest mail to an address, once at least `min` have arrived there. */
  newest(email: string, min?: number): Promise<Mail>;
  /** The newest 6-digit sign-in code mailed to an address, among its mails from the `min`-th on. */
  loginCode(email: string, min?: number): Promise<string>;
}

export interface Server {
  /** The app, e.g. http://127.0.0.1:41234 (the tests' baseURL; routes after '/#'). */
  url: string;
  /** The SMTP capture's port on 127.0.0.1 (for the SMTP connection test). */
  smtpPort: number;
  mail: Mailbox;
}

/** An admin API client of the test's server, signed in (on first use) as an admin no test signs in as. */
export interface AdminApi {
  call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T>;
  /** A user with a complete profile, created by the admin (role and flags as given). */
  createUser(email: string, extra: Record<string, unknown>): Promise<void>;
}

/** What the `camp` fixture seeded. */
export interface Camp {
  /** The id of a camping option, job or custom field (by display name) the seed created, by name. */
  idOf(name: string): string;
}

/**
 * Signs in through the API with the page's request context (or the one given), so the browser gets the
 * session cookies (refresh_token, auth_state) exactly as after a sign-in; the app then fetches its access
 * token by refreshing. Completes the profile unless `profile` is null. Answers the access token.
 */
export type SignIn = (
  email: string,
  profile?: ProfileDetails | null,
  request?: APIRequestContext,
) => Promise<string>;

/**
 * The test's own site in one piece (`site`): its server, the app behind it, its fake Stripe, the seeded camp,
 * the admin API, sign-in, and Playwright for request contexts of other people. For the tests and helpers
 * that take several of these (e.g. registerWithDuesAs and registerAndPayInCash in stripe.ts).
 */
export interface Site {
  playwright: PlaywrightWorkerArgs['playwright'];
  server: Server;
  mailbox: Mailbox;
  backend: Backend;
  stripe: FakeStripe;
  camp: Camp;
  admin: AdminApi;
  signIn: SignIn;
}

interface TestFixtures {
  /** The fixtures below (and Playwright) in one object. */
  site: Site;
  /** Option: what the server holds before the test (see CampSeed). */
  campSeed: CampSeed;
  /**
   * Option: the host of the app's PUBLIC_URL and the tests' baseURL (it listens on 127.0.0.1 either way). WebAuthn
   * refuses an IP address as its relying party, so the passkeys spec uses 'localhost'.
   */
  publicHost: string;
  server: Server;
  mailbox: Mailbox;
  admin: AdminApi;
  camp: Camp;
  signIn: SignIn;
  /** Runs axe on the page and expects no violations. */
  checkA11y: (page: Page) => Promise<void>;
  /**
   * checkScreen (screens.ts) of the test's page, or the one given: axe, no sideways scrolling at 375 and
   * 1280 px, and screenshots of both into test-results/<spec>-screens as `name`-<width>.png.
   */
  screenCheck: (name: string, target?: Page) => Promise<void>;
  /** The running app of `server`, for the seeding that must bypass the API. */
  backend: Backend;
  /**
   * The server's Stripe: a fake Stripe of the test's own (its STRIPE_API_BASE), whose Checkout page delivers
   * `checkout.session.completed` to the server's webhook endpoint. Stripe is switched on in the camp's
   * configuration only by `campSeed: 'registration-paying'`.
   */
  stripe: FakeStripe;
}

interface WorkerFixtures {
  /**
   * The worker's migrated PGlite database (migrating takes seconds, and loading a copy per test took about 0.7 s
   * of the test's time): each test's server gets it emptied (emptyDatabase).
   */
  workerDatabase: PGlite;
}

export interface Backend {
  server: Server;
  app: Awaited<ReturnType<typeof buildApp>>;
  database: ReturnType<typeof fromPglite>;
}

/** A port nobody listens on now (the app needs its own origin, PUBLIC_URL, before it listens). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, E2E_HOST, resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startBackend(
  workerDatabase: PGlite,
  stripe: FakeStripe,
  publicHost: string,
): Promise<Backend & { stop: () => Promise<void> }> {
  const smtp = await new SmtpCapture().start();
  await emptyDatabase(workerDatabase);
  // The app's handle on the worker's database; the worker closes the database itself when it ends.
  const database = { ...fromPglite(workerDatabase), close: async () => undefined };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-e2e-'));
  const envOf = (origin: string) =>
    loadEnv({
      NODE_ENV: 'test',
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      DATA_DIR: dataDir,
      // The server's own origin: payment return URLs are checked against it.
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: [ADMIN_EMAIL, CAMP_ADMIN_EMAIL].join(','),
      // Every test signs in from 127.0.0.1: the per-address limit stays as shipped, the per-IP one is raised.
      LOGIN_CODE_MAX_PER_IP: '10000',
      STRIPE_API_BASE: stripe.url,
    });
  // The port is chosen before listening (PUBLIC_URL needs it); another process may take it in between.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let url = '';
  for (let attempt = 1; !app; attempt++) {
    const port = await freePort();
    // The app's own name for itself: listening stays on E2E_HOST either way.
    url = `http://${publicHost}:${port}`;
    const candidate = await buildApp({ env: envOf(url), database });
    try {
      await candidate.listen({ port, host: E2E_HOST });
      app = candidate;
    } catch (error) {
      await candidate.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
  // The fake Stripe knew nothing of the server until now: its Checkout page's webhooks go here.
  stripe.webhookUrl = `${url}/api/payments/stripe/webhook`;
  return {
    server: { url, smtpPort: smtp.port, mail: mailbox(smtp) },
    app,
    database,
    stop: async () => {
      await app.close();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function mailbox(smtp: SmtpCapture): Mailbox {
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email.toLowerCase()));
  const newest = async (email: string, min = 1): Promise<Mail> => {
    await expect
      .poll(() => mailsTo(email).length, { message: `at least ${min} mail(s) to ${email}`, timeout: 10_000 })
      .toBeGreaterThanOrEqual(min);
    const mails = mailsTo(email);
    const mail = mails.at(-1);
    if (!mail) throw new Error(`No mail to ${email}`);
    return { ...mail, count: mails.length };
  };
  return {
    count: (email) => mailsTo(email).length,
    newest,
    // The newest sign-in code among the mails from the min-th on: other mail (registration, receipts) goes
    // through the outbox and may arrive in between.
    loginCode: async (email, min = 1) => {
      const codeOf = () =>
        mailsTo(email)
          .slice(min - 1)
          .reverse()
          .map((mail) => /sign-in code is (\d{6})\b/.exec(mail.subject)?.[1])
          .find((code) => code !== undefined);
      await expect
        .poll(codeOf, { message: `a sign-in code mailed to ${email}`, timeout: 10_000 })
        .toBeDefined();
      return codeOf() as string;
    },
  };
}

async function signInThroughApi(
  request: APIRequestContext,
  mail: Mailbox,
  email: string,
  profile: ProfileDetails | null,
): Promise<string> {
  const before = mail.count(email);
  const requested = await request.post('/api/auth/request-login-code', { data: { email } });
  expect(requested.status()).toBe(200);
  const verified = await request.post('/api/auth/login-with-code', {
    data: { email, code: await mail.loginCode(email, before + 1) },
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

const homePageParagraphs = Array.from(
  { length: 14 },
  (_, i) => `<p>Day ${i + 1}: shade, tea, art cars and lantern-making workshops for every camper.</p>`,
).join('');

async function seedHomeCamp(admin: AdminApi, { app, database }: Backend): Promise<void> {
  await admin.call('POST', '/core-config', {
    campName: HOME_CAMP.campName,
    campDescription: '<p>placeholder</p>',
    homePageBlurb: `<h2>${HOME_CAMP.blurbHeading}</h2>${homePageParagraphs}`,
    registrationYear: HOME_CAMP.registrationYear,
    registrationOpen: true,
  });
  // Straight to the database, past the save-time sanitizer: the browser must still neutralise it.
  await database.db.update(campConfig).set({
    campDescription:
      `<p>${HOME_CAMP.descriptionText.replace('&', '&amp;')}</p>` +
      '<img src="/missing.png" alt="" onerror="window.__xss = \'img\'">' +
      "<script>window.__xss = 'script'</script>" +
      '<a href="javascript:window.__xss=\'link\'">tea menu</a>',
  });
  app.services.config.invalidate();
}

/**
 * The registration camp: configuration (registration open, or early registration only), an option with a
 * custom field of every data type, a free option, an always-required category, a staff-only category, a
 * category without jobs. Answers the ids of the options and jobs by name.
 */
async function seedRegistrationCamp(
  admin: AdminApi,
  windows: { registrationOpen: boolean; earlyRegistrationOpen: boolean },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const CAMP = REGISTRATION_CAMP;
  await admin.call('POST', '/core-config', {
    campName: 'Camp Registration E2E',
    campDescription: '<p>Registration tests</p>',
    registrationYear: CAMP.year,
    registrationTerms: `<h2>Terms</h2><p>${CAMP.terms}</p>`,
    allowDeferredDuesPayment: false,
    ...windows,
  });

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
  const job = async (name: string, categoryId: string, shiftId: string) => {
    const created = await admin.call<{ id: string }>('POST', '/jobs', {
      name,
      location: `${name} post`,
      categoryId,
      shiftId,
      maxRegistrations: 200,
    });
    ids.set(name, created.id);
  };
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
  ids.set(CAMP.option, option.id);
  const field = async (body: Record<string, unknown> & { displayName: string }) => {
    const created = await admin.call<{ id: string }>('POST', `/camping-options/${option.id}/fields`, body);
    ids.set(body.displayName, created.id);
  };
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
  const freeOption = await admin.call<{ id: string }>('POST', '/camping-options', {
    name: CAMP.freeOption,
    description: 'No overnight stay',
    participantDues: 0,
    staffDues: 0,
    workShiftsRequired: 0,
    maxSignups: 0,
  });
  ids.set(CAMP.freeOption, freeOption.id);
  return ids;
}

/** Switches card payments on with the fake Stripe's keys, as an admin does in Site Configuration. */
async function enableStripe(admin: AdminApi, stripe: FakeStripe): Promise<void> {
  await admin.call('PATCH', '/core-config/current', {
    stripeEnabled: true,
    stripePublicKey: stripe.publicKey,
    stripeApiKey: stripe.apiKey,
    stripeWebhookSecret: stripe.webhookSecret,
  });
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerDatabase: [
    // Playwright needs the object pattern to see which fixtures this one uses (none).
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const client = await PGlite.create();
      await fromPglite(client).migrate();
      await use(client);
      await client.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  // eslint-disable-next-line no-empty-pattern
  stripe: async ({}, use) => {
    const stripe = await new FakeStripe().start();
    await use(stripe);
    await stripe.stop();
  },

  publicHost: [E2E_HOST, { option: true }],

  backend: async ({ workerDatabase, stripe, publicHost }, use) => {
    const backend = await startBackend(workerDatabase, stripe, publicHost);
    await use(backend);
    await backend.stop();
  },

  server: async ({ backend }, use) => use(backend.server),

  mailbox: async ({ server }, use) => use(server.mail),

  baseURL: async ({ server }, use) => use(server.url),

  admin: async ({ playwright, server }, use) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    let token: Promise<string> | undefined;
    const call = async <T>(method: 'GET' | 'POST' | 'PATCH', apiPath: string, data?: unknown) => {
      token ??= signInThroughApi(request, server.mail, CAMP_ADMIN_EMAIL, null);
      const response = await request.fetch(`/api${apiPath}`, {
        method,
        headers: { Authorization: `Bearer ${await token}` },
        data,
      });
      if (!response.ok())
        throw new Error(`${method} ${apiPath}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    };
    await use({
      call,
      createUser: async (email, extra) => {
        await call('POST', '/users', {
          email,
          firstName: 'Stella',
          lastName: 'Camper',
          phone: '555-0177',
          emergencyContact: 'Robin Camper, 555-0198, sibling',
          ...extra,
        });
      },
    });
    await request.dispose();
  },

  campSeed: ['home', { option: true }],

  camp: [
    async ({ campSeed, admin, backend, stripe }, use) => {
      let ids = new Map<string, string>();
      if (campSeed === 'home') await seedHomeCamp(admin, backend);
      else if (campSeed !== 'none') {
        ids = await seedRegistrationCamp(admin, {
          registrationOpen: campSeed === 'registration-open' || campSeed === 'registration-paying',
          earlyRegistrationOpen: campSeed === 'registration-early',
        });
      }
      if (campSeed === 'registration-paying') await enableStripe(admin, stripe);
      await use({
        idOf: (name) => {
          const id = ids.get(name);
          if (!id) throw new Error(`The '${campSeed}' camp has no option or job named ${name}`);
          return id;
        },
      });
    },
    { auto: true },
  ],

  signIn: async ({ page, server }, use) => {
    await use((email, profile = sampleProfile, request = page.request) =>
      signInThroughApi(request, server.mail, email, profile),
    );
  },

  screenCheck: async ({ page, checkA11y }, use, testInfo) => {
    const dir = `test-results/${path.basename(testInfo.file, '.spec.ts')}-screens`;
    await use((name, target = page) => checkScreen(target, checkA11y, dir, name));
  },

  site: async ({ playwright, server, mailbox, backend, stripe, camp, admin, signIn }, use) =>
    use({ playwright, server, mailbox, backend, stripe, camp, admin, signIn }),

  // eslint-disable-next-line no-empty-pattern
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      // A toast fading in or out is drawn half transparent, and axe would judge its colours mid-fade.
      await animationsFinished(page);
      const results = await axeScan(page).analyze();
      expect(
        results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.help} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' / ')}`,
        ),
      ).toEqual([]);
    });
  },
});

/**
 * Axe on a page as the e2e tests run it: axe.run in the page itself (legacy mode). The app has no frames, and the
 * default mode opens a blank page and sends every result there to finish the run, which took 40 % more time over a
 * scan (decision 064 addendum).
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/**
 * Waits (up to 5 s) until no finite animation or transition runs on the page; spinners loop forever and are
 * left alone.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
