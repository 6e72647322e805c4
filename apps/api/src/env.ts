import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The ONLY module that reads process.env (docs/architecture.md §2). */

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText,
  APP_SECRET: optionalText.pipe(
    z.string().min(32, 'APP_SECRET must be at least 32 characters long').optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url({ message: 'PUBLIC_URL must be an absolute URL' }).optional()),
  ADMIN_EMAILS: optionalText,
  SMTP_URL: optionalText,
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_CODE_MAX_PER_EMAIL: positiveInt(5),
  LOGIN_CODE_MAX_PER_IP: positiveInt(30),
  STRIPE_API_BASE: optionalText,
  CORS_ORIGINS: optionalText,
  TRUST_PROXY: optionalText,
  SMTP_ALLOW_PRIVATE_HOSTS: optionalText.pipe(
    z.enum(['true', 'false'], { message: 'SMTP_ALLOW_PRIVATE_HOSTS must be true or false' }).optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters long').optional(),
  ),
});

export type RawEnv = z.infer<typeof EnvSchema>;

export interface Env {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  publicUrl: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: RawEnv['LOG_LEVEL'];
  loginCodeMaxPerEmail: number;
  loginCodeMaxPerIp: number;
  stripeApiBase: string | undefined;
  corsOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (rate limits): none (false), the
   * number of proxies in front of the app, or their addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /**
   * Production only: whether the SMTP connection test may reach a loopback, link-local, private or CGNAT
   * address (a mail relay on the camp's own network). Off by default: no internal port scanning through it.
   */
  smtpAllowPrivateHosts: boolean;
  /**
   * The bearer token a Prometheus scraper sends to GET /api/metrics; unset, the metrics endpoint answers 404
   * (docs/operations.md).
   */
  metricsToken: string | undefined;
}

export type TrustProxy = false | number | string[];

export class EnvError extends Error {}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY: give the number of proxies in front of the app (e.g. 1) or their addresses / CIDR ranges ' +
  '(e.g. 10.0.0.5,192.168.0.0/16); "true" would believe any X-Forwarded-For a client sends';

/** TRUST_PROXY: unset, "false" or "0" trusts no proxy; a hop count; or a list of addresses and ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new EnvError(`Invalid environment:\n  ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = list(value);
  const valid = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const prefix = Number(bits);
    return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    throw new EnvError(`Invalid environment:\n  ${TRUST_PROXY_HELP}`);
  }
  return entries;
}

/** Reads the development secret kept in DATA_DIR, making it on first use. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not made yet: fall through and make it.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses and checks the environment. Throws EnvError with every problem listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  const dataDir = path.resolve(raw.DATA_DIR);
  if (isProduction && !raw.APP_SECRET) {
    throw new EnvError('Invalid environment:\n  APP_SECRET: required when NODE_ENV=production');
  }
  const host = raw.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const port = raw.PORT;
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    port,
    host,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    appSecret: raw.APP_SECRET ?? developmentSecret(dataDir),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminEmails: list(raw.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    smtpUrl: raw.SMTP_URL,
    redisUrl: raw.REDIS_URL,
    logLevel: raw.LOG_LEVEL,
    loginCodeMaxPerEmail: raw.LOGIN_CODE_MAX_PER_EMAIL,
    loginCodeMaxPerIp: raw.LOGIN_CODE_MAX_PER_IP,
    stripeApiBase: raw.STRIPE_API_BASE,
    corsOrigins: list(raw.CORS_ORIGINS),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    smtpAllowPrivateHosts: raw.SMTP_ALLOW_PRIVATE_HOSTS === 'true',
    metricsToken: raw.METRICS_TOKEN,
  };
}

/** Values read for tests and scripts that are not part of the server's contract. */
export function readTestDatabaseUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = source.TEST_DATABASE_URL?.trim();
  return value ? value : undefined;
}
