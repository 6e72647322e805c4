import { DEFAULT_HOME_PAGE_BLURB, defaultPublicConfig, PublicConfigSchema } from '@camp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_SECRET, type TestApp } from '../../../test/app';
import { campConfig } from '../../db/schema/index';
import { SecretBox } from '../../lib/secrets';
import { ConfigService } from './config.service';

const SECRET_AND_MAIL_KEYS = [
  'stripeApiKey',
  'stripeApiKeyEncrypted',
  'stripeWebhookSecret',
  'stripeWebhookSecretEncrypted',
  'paypalClientSecret',
  'paypalClientSecretEncrypted',
  'smtpPassword',
  'smtpPasswordEncrypted',
  'smtpHost',
  'smtpUsername',
  'smtpPort',
  'senderEmail',
  'replyTo',
  'singleton',
];

describe('GET /api/public/config', () => {
  let t: TestApp;
  let clock = new Date('2031-03-04T05:06:07Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the default configuration while none is stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(response.statusCode).toBe(200);
    // The one default of packages/shared (its values are tested there), for the app's clock: this year.
    expect(response.json()).toEqual(defaultPublicConfig(clock));
    expect(response.json()).toMatchObject({ registrationYear: 2031, registrationOpen: false, id: null });
    expect(DEFAULT_HOME_PAGE_BLURB).toMatch(/^<h2>Welcome!/);
  });

  it('answers the stored configuration with its HTML sanitized and no secret or mail setting', async () => {
    const box = new SecretBox(TEST_APP_SECRET);
    await t.app.services.config.save({
      campName: 'Camp Lantern',
      campDescription: '<p onclick="steal()">Dust &amp; <b>light</b></p><script>alert(1)</script>',
      homePageBlurb: '<h1>Hello</h1><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">go</a>',
      registrationTerms: '<p>Be kind</p><iframe src="https://evil.example"></iframe>',
      registrationYear: 2032,
      registrationOpen: true,
      stripeEnabled: true,
      stripePublicKey: 'pk_test_visible',
      smtpHost: 'smtp.internal.example',
      smtpUsername: 'mailer',
      senderEmail: 'camp@example.org',
    });
    // Secrets are stored sealed; the public view must not show either form.
    await t.database.db.update(campConfig).set({
      stripeApiKeyEncrypted: box.seal('sk_live_topsecret'),
      smtpPasswordEncrypted: box.seal('hunter2-smtp'),
    });
    t.app.services.config.invalidate();

    const response = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(PublicConfigSchema.parse(body)).toBeTruthy();
    expect(body.campName).toBe('Camp Lantern');
    expect(body.campDescription).toBe('<p>Dust &amp; <b>light</b></p>');
    expect(body.homePageBlurb).toBe('<h1>Hello</h1><img src="x" /><a>go</a>');
    expect(body.registrationTerms).toBe('<p>Be kind</p>');
    expect(body.registrationYear).toBe(2032);
    expect(body.registrationOpen).toBe(true);
    expect(body.stripePublicKey).toBe('pk_test_visible');
    expect(typeof body.id).toBe('string');
    expect(new Date(String(body.updatedAt)).toISOString()).toBe(body.updatedAt);
    for (const key of SECRET_AND_MAIL_KEYS) expect(body).not.toHaveProperty(key);
    expect(response.body).not.toContain('sk_live_topsecret');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('v1.');
    expect(response.body).not.toContain('smtp.internal.example');
  });

  it('shows a change at once in this process, and within five seconds in another', async () => {
    const otherProcess = new ConfigService(t.database.db, () => clock);
    expect((await otherProcess.getPublic()).campName).toBe('Camp Lantern');

    await t.app.services.config.save({ campName: 'Camp Renamed' });
    const response = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(response.json<{ campName: string }>().campName).toBe('Camp Renamed');

    expect((await otherProcess.getPublic()).campName).toBe('Camp Lantern');
    clock = new Date(clock.getTime() + 5_001);
    expect((await otherProcess.getPublic()).campName).toBe('Camp Renamed');
  });

  it('tags the body: the same tag back gets 304 with no body until the configuration changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // The pre-serialized body is what the response schema would have produced.
    expect(PublicConfigSchema.parse(first.json())).toEqual(first.json());

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/public/config',
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'if-none-match': '"not-this-one"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);

    await t.app.services.config.save({ campName: 'Camp Retagged' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ campName: string }>().campName).toBe('Camp Retagged');
  });

  it('keeps a single configuration row however often it is saved', async () => {
    await t.app.services.config.save({ campName: 'Once' });
    await t.app.services.config.save({ campName: 'Twice' });
    const rows = await t.database.db.select({ name: campConfig.campName }).from(campConfig);
    expect(rows).toEqual([{ name: 'Twice' }]);
    await expect(
      t.database.db.insert(campConfig).values({ campName: 'Second', registrationYear: 2030 }),
    ).rejects.toThrow();
  });
});
