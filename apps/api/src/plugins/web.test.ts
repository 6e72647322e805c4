import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { FIRST_PAINT_SCRIPT } from './first-paint';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'camp-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><head><title>Camp Registration</title></head><div id="root"></div>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build writes beside each asset (apps/web/vite.config.ts): served to browsers that accept it.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  return dir;
}

describe('web app, runtime config and security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: fakeDist() });
    https = await createTestApp({ envOverrides: { PUBLIC_URL: 'https://camp.example.org' } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  it('serves the built app at / without caching index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("writes the camp's name and public configuration into the page, escaped, and follows a change", async () => {
    const configMeta = (html: string) => {
      const content = /<meta name="camp-config" content="([^"]*)" \/>/.exec(html)?.[1] ?? '';
      return content.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
    };
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.body).toMatch(
      /^<!doctype html><head><title>Camp Registration - Camp Registration<\/title>\n {4}<meta name="application-name" content="Camp Registration" \/>\n {4}<meta name="camp-config" content="[^"]+" \/><\/head><div id="root"><\/div>$/,
    );
    const publicBefore = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(configMeta(before.body)).toBe(publicBefore.body);

    await t.app.services.config.save({ campName: 'Camp <Dusty> & "Gulch"', registrationYear: 2026 });
    const after = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(
      '<title>Camp &#60;Dusty&#62; &#38; &#34;Gulch&#34; - Camp Registration</title>\n' +
        '    <meta name="application-name" content="Camp &#60;Dusty&#62; &#38; &#34;Gulch&#34;" />',
    );
    const publicAfter = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(configMeta(after.body)).toBe(publicAfter.body);
    expect(JSON.parse(configMeta(after.body))).toMatchObject({
      campName: 'Camp <Dusty> & "Gulch"',
      registrationYear: 2026,
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers a page it already has with 304 and sends it compressed to browsers that accept it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressedByName = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(compressedByName.statusCode).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the runtime configuration with the /api base URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('window.__APP_CONFIG__ = {"apiBaseUrl":"/api"};\n');
  });

  it('sends a page address typed without the hash to its hash route', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/reports/users?year=2026',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/reports/users?year=2026');
  });

  it('answers a missing file or API route with 404, not the app', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/missing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ error: string }>().error).toBe('Not Found');
  });

  it("sends the security headers, with a CSP that allows no inline script but the first paint's", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // The one inline script, by its hash (decision 045).
    const hash = createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the same security headers and an X-Request-Id on every answer: the configuration (200 and 304), errors, the page', async () => {
    // The headers helmet gave before they were worked out once at start (decision 033): byte for byte.
    const security = {
      'content-security-policy':
        `default-src 'self';script-src 'self' 'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}';` +
        "style-src 'self' 'unsafe-inline';img-src 'self' data: https:;" +
        "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';" +
        "frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const config = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'if-none-match': String(config.headers.etag) },
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/missing' });
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const answers = { config, revalidated, missing, unauthorized, page };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, response]) => [
        name,
        [response.statusCode, response.headers['cache-control'], response.headers['x-request-id']],
      ]),
    );
    const id = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // API answers are no-store unless the route sets its own (the configuration: no-cache with its ETag).
    expect(seen).toEqual({
      config: [200, 'no-cache', id],
      revalidated: [304, 'no-cache', id],
      missing: [404, 'no-store', id],
      unauthorized: [401, 'no-store', id],
      page: [200, 'no-cache', id],
    });
    for (const response of Object.values(answers)) {
      expect(response.headers).toMatchObject(security);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    expect(new Set(Object.values(seen).map(([, , requestId]) => requestId)).size).toBe(5);
    expect(config.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(revalidated.headers.etag).toBe(config.headers.etag);
    expect(revalidated.body).toBe('');
  });

  it('adds HSTS and upgrades insecure requests when served over https', async () => {
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('publishes the OpenAPI document and its docs page', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/public/config', '/api/auth/test']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ envOverrides: { CORS_ORIGINS: 'https://front.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows only the listed origins, with credentials', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/config',
      headers: { origin: 'https://front.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://front.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    // The preflight is answered by the CORS hook itself, and still carries the id and the API's cache rule.
    expect(allowed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(allowed.headers['cache-control']).toBe('no-store');
    expect(allowed.headers['x-content-type-options']).toBe('nosniff');

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
