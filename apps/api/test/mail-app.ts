import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { type SignedIn, signIn } from './session';
import { SmtpCapture } from './smtp';

// An app whose mail is captured, and people signed in through the real code flow. Not a test file itself.

export interface MailApp {
  t: TestApp;
  smtp: SmtpCapture;
}

/** Starts the mail capture and an app that sends to it, with the given admin addresses. */
export async function startMailApp(adminEmails = 'admin@example.org'): Promise<MailApp> {
  const smtp = await new SmtpCapture().start();
  const t = await createTestApp({ envOverrides: { SMTP_URL: smtp.url, ADMIN_EMAILS: adminEmails } });
  return { t, smtp };
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
