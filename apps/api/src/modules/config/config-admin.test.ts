import { CONFIG_MESSAGES } from '@camp/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEST_APP_SECRET, type TestApp } from '../../../test/app';
import type { SignedIn } from '../../../test/session';
import { signInRoles, useMailApp } from '../../../test/mail-app';
import { campConfig } from '../../db/schema/index';
import { SecretBox } from '../../lib/secrets';

const SECRETS = {
  stripeApiKey: 'sk_test_PLAINTEXT_stripe_key_123',
  stripeWebhookSecret: 'whsec_PLAINTEXT_webhook_456',
  paypalClientSecret: 'paypal_PLAINTEXT_secret_789',
  smtpPassword: ' PLAINTEXT smtp pass ',
};

const FULL_CONFIG = {
  campName: 'Camp Lantern',
  campDescription: '<p>Dust &amp; light</p>',
  homePageBlurb: '<h2>Welcome home</h2>',
  campBannerUrl: '  /images/banner.jpg  ',
  campBannerAltText: 'The camp at dusk',
  campIconUrl: 'https://cdn.example.org/icon.png',
  campIconAltText: 'Lantern',
  registrationYear: 2031,
  earlyRegistrationOpen: true,
  registrationOpen: false,
  registrationTerms: '<p>Be kind</p>',
  allowDeferredDuesPayment: true,
  stripeEnabled: true,
  stripePublicKey: 'pk_test_visible',
  paypalEnabled: false,
  paypalClientId: 'paypal-client-id',
  paypalMode: 'sandbox',
  emailEnabled: true,
  smtpHost: 'smtp.example.org',
  smtpPort: 465,
  smtpUsername: 'mailer',
  smtpUseSsl: true,
  senderEmail: 'Camp@Example.org',
  senderName: 'Camp Lantern',
  replyTo: '',
  timeZone: 'America/Los_Angeles',
  ...SECRETS,
};

/** No response may carry a secret, in plain text or sealed. */
function expectNoSecrets(response: LightMyRequestResponse): void {
  for (const plain of Object.values(SECRETS)) expect(response.body).not.toContain(plain.trim());
  expect(response.body).not.toContain('PLAINTEXT');
  expect(response.body).not.toContain('v1.');
  expect(response.body).not.toMatch(/Encrypted/);
}

describe('admin configuration: /api/core-config', () => {
  let t: TestApp;
  let admin: SignedIn;
  let participant: SignedIn;
  let staff: SignedIn;
  const box = new SecretBox(TEST_APP_SECRET);

  useMailApp(async (started) => {
    ({ t } = started);
    ({ admin, participant, staff } = await signInRoles(started));
  });

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, session?: SignedIn, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const getCurrent = (session: SignedIn = admin) => call('GET', '/api/core-config/current', session);
  const patch = (payload: unknown, session: SignedIn = admin) =>
    call('PATCH', '/api/core-config/current', session, payload);
  const create = (payload: unknown, session: SignedIn = admin) =>
    call('POST', '/api/core-config', session, payload);
  const storedRow = async () => {
    const [row] = await t.database.db.select().from(campConfig);
    return row!;
  };
  const messages = (response: LightMyRequestResponse) => response.json<{ message: string[] }>().message;

  it('refuses every configuration route without a session (401) and to participants and staff (403)', async () => {
    const routes: Array<['GET' | 'PATCH' | 'POST', string]> = [
      ['GET', '/api/core-config/current'],
      ['PATCH', '/api/core-config/current'],
      ['POST', '/api/core-config'],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : { campName: 'Hijacked' };
      const anonymous = await call(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const session of [participant, staff]) {
        const refused = await call(method, url, session, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'You do not have permission to do this',
        });
        // Refused before validation: an invalid body tells a non-admin nothing either.
        if (method !== 'GET') expect((await call(method, url, session, { bogus: 1 })).statusCode).toBe(403);
      }
    }
    expect(await t.database.db.select().from(campConfig)).toEqual([]);
  });

  it("answers 404 'Configuration not found' to GET and PATCH while none is stored", async () => {
    const read = await getCurrent();
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Configuration not found' });
    const change = await patch({ campName: 'Nothing yet' });
    expect(change.statusCode).toBe(404);
    expect(change.json<{ message: string }>().message).toBe('Configuration not found');
  });

  it('refuses an invalid new configuration with every message of docs/product.md §5 and stores nothing', async () => {
    const response = await create({
      campName: '   ',
      registrationYear: 1999,
      emailEnabled: true,
      smtpHost: '',
      smtpPort: 0,
      senderEmail: 'not-an-address',
      senderName: ' ',
      replyTo: 'also wrong',
    });
    expect(response.statusCode).toBe(400);
    expect(messages(response)).toEqual([
      CONFIG_MESSAGES.campNameRequired,
      'Registration year must be between 2000 and 2100',
      'Sender Email must be a valid email address',
      'Reply-To Email must be a valid email address',
      'SMTP Host is required when email notifications are enabled',
      'SMTP Port must be a valid port number (1-65535) when email notifications are enabled',
      'Sender Name is required when email notifications are enabled',
    ]);

    const noSender = await create({ campName: 'Camp', emailEnabled: true, smtpHost: 'smtp.example.org' });
    expect(messages(noSender)).toEqual([
      'Sender Email is required when email notifications are enabled',
      'Sender Name is required when email notifications are enabled',
    ]);
    const missingName = await create({ registrationYear: 2101 });
    expect(messages(missingName)).toEqual([
      'Camp name is required',
      'Registration year must be between 2000 and 2100',
    ]);
    const fractionalYear = await create({ campName: 'Camp', registrationYear: 2030.5 });
    expect(messages(fractionalYear)).toEqual(['Registration year must be between 2000 and 2100']);
    expect(await t.database.db.select().from(campConfig)).toEqual([]);
  });

  it('creates the configuration, seals the secrets and never answers them', async () => {
    const response = await create(FULL_CONFIG);
    expect(response.statusCode).toBe(201);
    expectNoSecrets(response);
    const body = response.json<Record<string, unknown>>();
    // FULL_CONFIG as stored: trimmed, the sender's address lowercased, an empty reply-to as none, and each
    // secret only as whether it is set.
    const visible = Object.fromEntries(Object.entries(FULL_CONFIG).filter(([key]) => !(key in SECRETS)));
    expect(body).toEqual({
      ...visible,
      id: expect.any(String),
      campBannerUrl: '/images/banner.jpg',
      senderEmail: 'camp@example.org',
      replyTo: null,
      stripeApiKeySet: true,
      stripeWebhookSecretSet: true,
      paypalClientSecretSet: true,
      smtpPasswordSet: true,
      offerHoldHours: 48,
      paymentDeadlineDays: null,
      shiftReminderHours: 24,
      paymentAutoRelease: false,
      drawOpensAt: null,
      drawClosesAt: null,
      openingSunday: null,
      shiftChangesClose: null,
      adminPasskeysRequiredFrom: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const row = await storedRow();
    expect(row.stripeApiKeyEncrypted).toMatch(/^v1\./);
    expect(box.open(row.stripeApiKeyEncrypted!)).toBe(SECRETS.stripeApiKey);
    expect(box.open(row.stripeWebhookSecretEncrypted!)).toBe(SECRETS.stripeWebhookSecret);
    expect(box.open(row.paypalClientSecretEncrypted!)).toBe(SECRETS.paypalClientSecret);
    // An SMTP password is kept exactly as typed, spaces included.
    expect(box.open(row.smtpPasswordEncrypted!)).toBe(SECRETS.smtpPassword);
    expect(await t.app.services.config.secret('stripeWebhookSecret')).toBe(SECRETS.stripeWebhookSecret);

    const read = await getCurrent();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
    expectNoSecrets(read);
  });

  it('refuses a second configuration with 409', async () => {
    const response = await create({ campName: 'Another camp' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'A configuration already exists. Change it with PATCH /api/core-config/current.',
    );
    expect((await storedRow()).campName).toBe('Camp Lantern');
  });

  it('keeps every stored secret when the secret fields are blank, null or absent', async () => {
    const before = await storedRow();
    for (const blanks of [
      { stripeApiKey: '', stripeWebhookSecret: '', paypalClientSecret: '', smtpPassword: '' },
      { stripeApiKey: null, stripeWebhookSecret: null, paypalClientSecret: null, smtpPassword: null },
      { stripeApiKey: '   ', smtpPassword: '  ' },
      {},
    ]) {
      const response = await patch({ campName: 'Camp Lantern', ...blanks });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        stripeApiKeySet: true,
        stripeWebhookSecretSet: true,
        paypalClientSecretSet: true,
        smtpPasswordSet: true,
      });
      expectNoSecrets(response);
    }
    const after = await storedRow();
    expect(after.stripeApiKeyEncrypted).toBe(before.stripeApiKeyEncrypted);
    expect(after.stripeWebhookSecretEncrypted).toBe(before.stripeWebhookSecretEncrypted);
    expect(after.paypalClientSecretEncrypted).toBe(before.paypalClientSecretEncrypted);
    expect(box.open(after.smtpPasswordEncrypted!)).toBe(SECRETS.smtpPassword);
  });

  it('replaces a secret given anew and leaves the others', async () => {
    const response = await patch({ smtpPassword: 'brand-new-password', stripeApiKey: ' sk_test_new ' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('brand-new-password');
    const row = await storedRow();
    expect(box.open(row.smtpPasswordEncrypted!)).toBe('brand-new-password');
    expect(box.open(row.stripeApiKeyEncrypted!)).toBe('sk_test_new');
    expect(box.open(row.paypalClientSecretEncrypted!)).toBe(SECRETS.paypalClientSecret);
  });

  it('changes only the given fields, and the public configuration at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(before.json<{ campName: string }>().campName).toBe('Camp Lantern');

    const response = await patch({ campName: '  Camp Renamed  ', registrationOpen: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      campName: 'Camp Renamed',
      registrationOpen: true,
      registrationYear: 2031,
      smtpHost: 'smtp.example.org',
    });

    const after = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(after.json()).toMatchObject({ campName: 'Camp Renamed', registrationOpen: true });
    expectNoSecrets(after);
    expect(after.body).not.toContain('smtp.example.org');
  });

  it('stores Opening Sunday (docs/product.md §11), answers it publicly, and refuses a date that is no Sunday', async () => {
    const notSunday = await patch({ openingSunday: '2031-08-25' });
    expect(notSunday.statusCode).toBe(400);
    expect(messages(notSunday)).toEqual([
      'Opening Sunday must be a date (YYYY-MM-DD) that falls on a Sunday',
    ]);
    const notADate = await patch({ openingSunday: '2031-02-30' });
    expect(notADate.statusCode).toBe(400);
    expect((await storedRow()).openingSunday).toBeNull();

    const response = await patch({ openingSunday: '2031-08-24' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openingSunday: '2031-08-24' });
    expect((await storedRow()).openingSunday).toBe('2031-08-24');
    const read = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(read.json()).toMatchObject({ openingSunday: '2031-08-24' });

    const cleared = await patch({ openingSunday: null });
    expect(cleared.json()).toMatchObject({ openingSunday: null });
    expect((await storedRow()).openingSunday).toBeNull();
  });

  it('sanitizes the HTML fields on save', async () => {
    const response = await patch({
      campDescription: '<p onclick="steal()">Hi</p><script>alert(1)</script>',
      homePageBlurb: '<a href="javascript:alert(2)">go</a><img src="x" onerror="alert(3)">',
      registrationTerms: '<p>Terms</p><iframe src="https://evil.example"></iframe>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      campDescription: '<p>Hi</p>',
      homePageBlurb: '<a>go</a><img src="x" />',
      registrationTerms: '<p>Terms</p>',
    });
    const row = await storedRow();
    expect(row.campDescription).toBe('<p>Hi</p>');
    const publicView = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(publicView.json<{ campDescription: string }>().campDescription).toBe('<p>Hi</p>');
  });

  it('checks the e-mail rules on the stored configuration merged with the change', async () => {
    await patch({ emailEnabled: false, smtpHost: '', senderEmail: '', senderName: '' });
    const enable = await patch({ emailEnabled: true });
    expect(enable.statusCode).toBe(400);
    expect(messages(enable)).toEqual([
      'SMTP Host is required when email notifications are enabled',
      'Sender Email is required when email notifications are enabled',
      'Sender Name is required when email notifications are enabled',
    ]);
    const noPort = await patch({
      emailEnabled: true,
      smtpHost: 'smtp.example.org',
      smtpPort: null,
      senderEmail: 'camp@example.org',
      senderName: 'Camp',
    });
    expect(messages(noPort)).toEqual([
      'SMTP Port must be a valid port number (1-65535) when email notifications are enabled',
    ]);
    const badPort = await patch({ smtpPort: 70000 });
    expect(messages(badPort)).toEqual(['SMTP Port must be a valid port number (1-65535)']);
    expect((await storedRow()).emailEnabled).toBe(false);

    const ok = await patch({
      emailEnabled: true,
      smtpHost: 'smtp.example.org',
      smtpPort: 587,
      senderEmail: 'camp@example.org',
      senderName: 'Camp',
    });
    expect(ok.statusCode).toBe(200);
    // Once enabled, clearing a required setting alone is refused too.
    const clearHost = await patch({ smtpHost: '  ' });
    expect(messages(clearHost)).toEqual(['SMTP Host is required when email notifications are enabled']);
    expect((await storedRow()).smtpHost).toBe('smtp.example.org');
  });

  it('validates addresses, URLs, enums and types field by field', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ senderEmail: 'nope' }, ['Sender Email must be a valid email address']],
      [{ replyTo: 'nope@' }, ['Reply-To Email must be a valid email address']],
      [{ campName: '' }, ['Camp name is required']],
      [{ registrationYear: 'next year' }, ['Registration year must be between 2000 and 2100']],
      [
        { campBannerUrl: 'javascript:alert(1)' },
        ['Banner URL must be a relative path or an http(s) address'],
      ],
      [
        { campIconUrl: 'data:image/png;base64,AAAA' },
        ['Icon URL must be a relative path or an http(s) address'],
      ],
      [
        { campIconUrl: '//evil.example/icon.png' },
        ['Icon URL must be a relative path or an http(s) address'],
      ],
      [
        { timeZone: 'Europe/Paris' },
        [
          'Time zone must be one of: UTC, America/Los_Angeles, America/Denver, America/Chicago, America/New_York',
        ],
      ],
      [{ paypalMode: 'production' }, ['PayPal mode must be sandbox or live']],
      [{ registrationOpen: 'yes' }, ['Registration open must be true or false']],
      [{ smtpPort: '587' }, ['SMTP Port must be a valid port number (1-65535)']],
      [{ stripeApiKey: 42 }, ['Stripe API key must be text']],
      [{ id: 'x', createdAt: 'y' }, ['Unrecognized keys: "id", "createdAt"']],
      [{ stripeApiKeySet: false }, ['Unrecognized key: "stripeApiKeySet"']],
    ];
    const before = await storedRow();
    for (const [payload, expected] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messages(response), JSON.stringify(payload)).toEqual(expected);
    }
    expect(await storedRow()).toEqual(before);

    const cleared = await patch({ replyTo: '', campBannerUrl: '', campIconUrl: ' img/icon.png ' });
    expect(cleared.json()).toMatchObject({ replyTo: null, campBannerUrl: null, campIconUrl: 'img/icon.png' });
    const set = await patch({ replyTo: 'Help@Example.org', timeZone: 'UTC', paypalMode: 'live' });
    expect(set.json()).toMatchObject({ replyTo: 'help@example.org', timeZone: 'UTC', paypalMode: 'live' });
  });

  it('answers 400, never 500, for bodies of the wrong shape', async () => {
    const payloads = [[], 'text', 42, null, { campName: { nested: true } }, { registrationYear: 1e308 }];
    for (const payload of payloads) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/core-config/current',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/core-config',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"campName": ',
    });
    expect(broken.statusCode).toBe(400);
  });
});
