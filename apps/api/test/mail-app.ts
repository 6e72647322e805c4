import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { type SignedIn, signIn } from './session';
import { SmtpCapture } from './smtp';

// An app whose mail is captured, and people signed in through the real code flow. Not a test file itself.

export interface MailApp {
  t: TestApp;
  smtp: SmtpCapture;
}

export interface MailAppOptions {
  /** ADMIN_EMAILS: admin@example.org unless given; null leaves it unset (no admins by address). */
  adminEmails?: string | null;
  /** More settings of the suite's own (rate limits, …). */
  env?: Record<string, string>;
  /** The app's clock, where the suite moves time itself. */
  now?: () => Date;
}

/** Starts the mail capture and an app that sends to it, with the given admin addresses. */
export async function startMailApp({
  adminEmails = 'admin@example.org',
  env = {},
  now,
}: MailAppOptions = {}): Promise<MailApp> {
  const smtp = await new SmtpCapture().start();
  const admins: Record<string, string> = adminEmails === null ? {} : { ADMIN_EMAILS: adminEmails };
  const t = await createTestApp({
    ...(now ? { now } : {}),
    envOverrides: { SMTP_URL: smtp.url, ...admins, ...env },
  });
  return { t, smtp };
}

/**
 * A suite's mail app: started before the suite's tests, then `take`, where the suite keeps what it needs and
 * signs its people in; the app and the capture are stopped after the suite.
 */
export function useMailApp(take: (started: MailApp) => unknown): void;
export function useMailApp(options: MailAppOptions, take: (started: MailApp) => unknown): void;
export function useMailApp(
  ...args: [(started: MailApp) => unknown] | [MailAppOptions, (started: MailApp) => unknown]
): void {
  const [options, take] = args.length === 1 ? [{}, args[0]] : args;
  let started: MailApp | undefined;
  beforeAll(async () => {
    started = await startMailApp(options);
    await take(started);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.smtp.stop();
  });
}

/** Signs in admin@, camper@ and staff@example.org, and makes the last one STAFF. */
export async function signInRoles({ t, smtp }: MailApp): Promise<{
  admin: SignedIn;
  participant: SignedIn;
  staff: SignedIn;
}> {
  const admin = await signIn(t.app, smtp, 'admin@example.org');
  const participant = await signIn(t.app, smtp, 'camper@example.org');
  const staff = await signIn(t.app, smtp, 'staff@example.org');
  await t.database.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, staff.userId));
  return { admin, participant, staff };
}
