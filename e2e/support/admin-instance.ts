import { expect, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Addresses the admin-config server makes ADMIN at sign-in: one per test, so no two tests share a mailbox. */
export const CONFIG_ADMINS = {
  configure: 'config-admin-setup@e2e.test',
  email: 'config-admin-mail@e2e.test',
  users: 'config-admin-users@e2e.test',
  axe: 'config-admin-axe@e2e.test',
} as const;

export interface AdminInstance {
  /** The app, e.g. http://127.0.0.1:41234 (routes after '/#'). */
  url: string;
  /** GET {mailUrl}/mail?to=… reads what its SMTP capture received. */
  mailUrl: string;
  /** The SMTP capture's port on 127.0.0.1, for the connection test. */
  smtpPort: number;
  stop: () => Promise<void>;
}

const SERVER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-server.ts');
const READY = 'ADMIN_E2E_READY ';

/**
 * Starts a never-configured app with its own SMTP capture (admin-server.ts) in a child process: the admin
 * tests configure a camp from scratch, which they may not do on the shared servers.
 */
export async function startAdminInstance(): Promise<AdminInstance> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', SERVER_ENTRY, Object.values(CONFIG_ADMINS).join(',')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = await new Promise<Omit<AdminInstance, 'stop'>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`admin server did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY.length)) as Omit<AdminInstance, 'stop'>);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`admin server exited (${code}):\n${output}`));
    });
  });
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface InstanceMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  count: number;
}

/** The newest mail to an address on this instance, once at least `min` have arrived. */
export async function instanceMail(instance: AdminInstance, email: string, min = 1): Promise<InstanceMail> {
  const url = `${instance.mailUrl}/mail?to=${encodeURIComponent(email)}&min=${min}&waitMs=10000`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`No mail for ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as InstanceMail;
}

async function mailCount(instance: AdminInstance, email: string): Promise<number> {
  const response = await fetch(`${instance.mailUrl}/mail?to=${encodeURIComponent(email)}&waitMs=0`);
  return response.ok ? ((await response.json()) as InstanceMail).count : 0;
}

/**
 * Signs in through the API with the page's own request context (so the browser gets the session cookies as
 * after a real sign-in) and completes the profile. Answers the access token for API calls.
 */
export async function signInOnInstance(
  request: APIRequestContext,
  instance: AdminInstance,
  email: string,
  profile = { firstName: 'Rowan', lastName: 'Admin' },
): Promise<string> {
  const before = await mailCount(instance, email);
  const requested = await request.post(`${instance.url}/api/auth/request-login-code`, { data: { email } });
  expect(requested.status()).toBe(200);
  const mail = await instanceMail(instance, email, before + 1);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}: ${mail.text}`);
  const verified = await request.post(`${instance.url}/api/auth/login-with-code`, { data: { email, code } });
  expect(verified.status()).toBe(200);
  const { accessToken } = (await verified.json()) as { accessToken: string };
  const completed = await request.post(`${instance.url}/api/auth/register`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      ...profile,
      playaName: null,
      phone: '555-0150',
      city: null,
      stateProvince: null,
      country: null,
      emergencyContact: 'Sky Admin, 555-0151, sibling',
      email,
      password: 'not-used-by-email-code-login',
    },
  });
  expect(completed.status()).toBe(200);
  return ((await completed.json()) as { accessToken: string }).accessToken;
}

/** An address no other test uses. */
export function uniqueAddress(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.test`;
}
