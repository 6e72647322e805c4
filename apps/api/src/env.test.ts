import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv, parseTrustProxy } from './env';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'camp-env-'));

describe('loadEnv', () => {
  it('gives the development defaults of docs/architecture.md §5', () => {
    const dataDir = tempDir();
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      logLevel: 'info',
      loginCodeMaxPerEmail: 5,
      loginCodeMaxPerIp: 30,
    });
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadEnv({ DATA_DIR: dataDir }).appSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dataDir }).appSecret).toBe(first);
  });

  it('refuses to start in production without APP_SECRET', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      'APP_SECRET: required when NODE_ENV=production',
    );
  });

  it('reads every variable it is given', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      PORT: '8080',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/camp',
      PUBLIC_URL: 'https://camp.example.org/',
      ADMIN_EMAILS: ' Lead@Example.org, ops@example.org ,',
      SMTP_URL: 'smtp://mail:25',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      LOGIN_CODE_MAX_PER_EMAIL: '50',
      LOGIN_CODE_MAX_PER_IP: '500',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '10.0.0.5, 192.168.0.0/16',
      SMTP_ALLOW_PRIVATE_HOSTS: 'true',
      METRICS_TOKEN: 'scraper-token-0123456789',
    });
    expect(env).toMatchObject({
      isProduction: true,
      host: '0.0.0.0',
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/camp',
      publicUrl: 'https://camp.example.org',
      adminEmails: ['lead@example.org', 'ops@example.org'],
      smtpUrl: 'smtp://mail:25',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      loginCodeMaxPerEmail: 50,
      loginCodeMaxPerIp: 500,
      stripeApiBase: 'http://127.0.0.1:12111',
      corsOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: ['10.0.0.5', '192.168.0.0/16'],
      smtpAllowPrivateHosts: true,
      metricsToken: 'scraper-token-0123456789',
    });
  });

  it('turns the metrics endpoint on only with a METRICS_TOKEN of 16 characters or more', () => {
    const base = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), DATA_DIR: tempDir() } as const;
    expect(loadEnv(base).metricsToken).toBeUndefined();
    expect(loadEnv({ ...base, METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters long',
    );
  });

  it('keeps the SMTP connection test off internal addresses unless SMTP_ALLOW_PRIVATE_HOSTS=true', () => {
    const base = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), DATA_DIR: tempDir() } as const;
    expect(loadEnv(base).smtpAllowPrivateHosts).toBe(false);
    expect(loadEnv({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: '' }).smtpAllowPrivateHosts).toBe(false);
    expect(loadEnv({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: 'false' }).smtpAllowPrivateHosts).toBe(false);
    expect(loadEnv({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: ' true ' }).smtpAllowPrivateHosts).toBe(true);
    expect(() => loadEnv({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(
      'SMTP_ALLOW_PRIVATE_HOSTS: SMTP_ALLOW_PRIVATE_HOSTS must be true or false',
    );
  });

  it('trusts no proxy unless told which (a forged X-Forwarded-For must not pick the client address)', () => {
    const production = loadEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), DATA_DIR: tempDir() });
    expect(production.trustProxy).toBe(false);
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1,::1, fd00::/8')).toEqual(['127.0.0.1', '::1', 'fd00::/8']);
    for (const bad of ['true', '*', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1/8/8']) {
      expect(() => parseTrustProxy(bad), bad).toThrow('TRUST_PROXY: give the number of proxies');
    }
  });

  it('names each invalid variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', APP_SECRET: 'short', DATA_DIR: tempDir() })).toThrow(
      /PORT:[\s\S]*APP_SECRET: APP_SECRET must be at least 32 characters long/,
    );
  });
});
