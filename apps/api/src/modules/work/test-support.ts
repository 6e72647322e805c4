import type { RegistrationStatus } from '@camp/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/app';
import { type SignedIn, signIn } from '../../../test/session';
import { SmtpCapture } from '../../../test/smtp';
import type { Db } from '../../db/client';
import {
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
  users,
} from '../../db/schema/index';

// Test support shared by the camping-options and work suites (not a test file itself).

export interface Camp {
  t: TestApp;
  smtp: SmtpCapture;
  admin: SignedIn;
  staff: SignedIn;
  participant: SignedIn;
  /** Calls the API as someone (or no one): JSON in, the raw response out. */
  call(
    method: Method,
    url: string,
    session?: SignedIn | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * An app with an admin (through ADMIN_EMAILS), a staff member (role set in the database) and a participant;
 * `envOverrides` adds settings of the suite's own (a fake Stripe, a public URL).
 */
export async function startCamp(envOverrides: Record<string, string> = {}): Promise<Camp> {
  const smtp = await new SmtpCapture().start();
  const t = await createTestApp({
    envOverrides: { SMTP_URL: smtp.url, ADMIN_EMAILS: 'admin@example.org', ...envOverrides },
  });
  const admin = await signIn(t.app, smtp, 'admin@example.org');
  const staff = await signIn(t.app, smtp, 'staff@example.org');
  const participant = await signIn(t.app, smtp, 'participant@example.org');
  await t.database.db.update(users).set({ role: 'STAFF' }).where(eq(users.id, staff.userId));
  return {
    t,
    smtp,
    admin,
    staff,
    participant,
    call: (method, url, session, payload) =>
      t.app.inject({
        method,
        url,
        headers: session?.headers ?? {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    close: async () => {
      await t.close();
      await smtp.stop();
    },
  };
}

let personCounter = 0;

/** A person straight in the database (no sign-in needed to be registered). */
export async function insertPerson(
  db: Db,
  names: { firstName?: string; lastName?: string; playaName?: string | null } = {},
): Promise<{ id: string; email: string }> {
  personCounter += 1;
  const email = `person${personCounter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: names.firstName ?? `First${personCounter}`,
      lastName: names.lastName ?? `Last${personCounter}`,
      playaName: names.playaName ?? null,
    })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('no user inserted');
  return row;
}

/**
 * A registration inserted with Drizzle, as the registration module would leave it: its options, jobs and
 * custom field values. Counter columns are deliberately left alone: the API counts rows.
 */
export async function insertRegistration(
  db: Db,
  options: {
    userId?: string;
    status?: RegistrationStatus;
    year?: number;
    campingOptionIds?: string[];
    jobIds?: string[];
    fieldValues?: Record<string, string>;
  } = {},
): Promise<string> {
  const userId = options.userId ?? (await insertPerson(db)).id;
  const status = options.status ?? 'CONFIRMED';
  const [registration] = await db
    .insert(registrations)
    .values({
      userId,
      // The configured registration year when none is stored (places are counted per year).
      year: options.year ?? new Date().getUTCFullYear(),
      status,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
    })
    .returning({ id: registrations.id });
  if (!registration) throw new Error('no registration inserted');
  const registrationId = registration.id;
  for (const campingOptionId of options.campingOptionIds ?? []) {
    await db.insert(registrationCampingOptions).values({ registrationId, campingOptionId });
  }
  for (const jobId of options.jobIds ?? []) {
    await db.insert(registrationJobs).values({ registrationId, jobId });
  }
  for (const [fieldId, value] of Object.entries(options.fieldValues ?? {})) {
    await db.insert(registrationFieldValues).values({ registrationId, fieldId, value });
  }
  return registrationId;
}

/** The message of an error body. */
export function messageOf(response: LightMyRequestResponse): string | string[] {
  return response.json<{ message: string | string[] }>().message;
}

/** The messages of an error body as a list. */
export function messagesOf(response: LightMyRequestResponse): string[] {
  const message = messageOf(response);
  return Array.isArray(message) ? message : [message];
}
