import type { RegistrationStatus } from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './app';
import { type SignedIn, signIn } from './session';
import { SmtpCapture } from './smtp';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/raw';
import { users } from '../src/db/schema/index';
import { addRegistration, emptyCamp, writeCamp } from './kit/camp-rows';
import { Prng } from './kit/rng';

// The API suites' camp: an app with its three people, called through app.inject(); people and registrations
// written straight into its database with the test kit (kit/, decision 043). Not a test file itself.

export interface Camp {
  t: TestApp;
  smtp: SmtpCapture;
  admin: SignedIn;
  staff: SignedIn;
  participant: SignedIn;
  /** Calls the API as someone (a session or a person signed in by the test kit) or no one: JSON in, raw out. */
  call(
    method: Method,
    url: string,
    session?: Pick<SignedIn, 'headers'> | null,
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
/** The addresses' suffixes: varied, and the same on every run. */
const suffixes = new Prng(1);

type PersonNames = { firstName?: string; lastName?: string; playaName?: string | null };

/** The next test person's address and names: numbered, with the names given instead where there are some. */
function nextPerson(names: PersonNames = {}) {
  personCounter += 1;
  return {
    email: `person${personCounter}-${suffixes.chars(6)}@example.org`,
    firstName: names.firstName ?? `First${personCounter}`,
    lastName: names.lastName ?? `Last${personCounter}`,
    playaName: names.playaName ?? null,
  };
}

/** A person straight in the database (no sign-in needed to be registered). */
export async function insertPerson(db: Db, names: PersonNames = {}): Promise<{ id: string; email: string }> {
  const [row] = await db
    .insert(users)
    .values(nextPerson(names))
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('no user inserted');
  return row;
}

/**
 * A registration written with the test kit, as the registration module would leave it: its options, jobs and
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
  const camp = emptyCamp();
  const registration = addRegistration(
    camp,
    {
      id: randomUUID(),
      userId,
      // The configured registration year when none is stored (places are counted per year).
      year: options.year ?? new Date().getUTCFullYear(),
      status,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
      createdAt: new Date(),
      // A waitlisted one is in the line: at its end, as a person joining now (docs/product.md §10).
      ...(status === 'WAITLISTED' ? { lineKey: await nextLineKeyOf(db), waitlistedAt: new Date() } : {}),
    },
    {
      campingOptionIds: options.campingOptionIds,
      jobIds: options.jobIds,
      fieldValues: Object.entries(options.fieldValues ?? {}),
    },
  );
  await writeCamp(db, camp);
  return registration.id;
}

/**
 * Many confirmed people at once, each with a registration of `year` holding the jobs `jobIdsOf(n)` gives: one write
 * of the test kit for them all instead of one per person.
 * Answers the people's ids in order.
 */
export async function insertConfirmedPeople(
  db: Db,
  count: number,
  { year, jobIdsOf }: { year: number; jobIdsOf: (n: number) => string[] },
): Promise<string[]> {
  const camp = emptyCamp();
  for (let n = 0; n < count; n += 1) {
    const userId = randomUUID();
    camp.users.push({ id: userId, ...nextPerson(), role: 'PARTICIPANT', createdAt: new Date() });
    addRegistration(
      camp,
      { id: randomUUID(), userId, year, status: 'CONFIRMED', createdAt: new Date() },
      { jobIds: jobIdsOf(n) },
    );
  }
  await writeCamp(db, camp);
  return camp.users.map((user) => user.id);
}

/** A new key at the end of the waitlist's line. */
async function nextLineKeyOf(db: Db): Promise<number> {
  const [row] = rowsOf<{ key: string | number }>(
    await db.execute(sql`select nextval('waitlist_line_seq') as key`),
  );
  return Number(row?.key);
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
