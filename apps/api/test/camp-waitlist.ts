import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/raw';
import { afterAll, beforeAll } from 'vitest';
import {
  registrationCampingOptions,
  registrationJobs,
  registrations,
  timedTasks,
  users,
  waitlistOffers,
} from '../src/db/schema/index';
import { recountPlaces, releasePlaces } from '../src/modules/registrations/capacity';
import { scheduleWaitlistFill } from '../src/modules/waitlist/tasks';
import { WaitlistWorker } from '../src/modules/waitlist/waitlist-worker';
import { type Camp, insertPerson, startCamp } from './camp';
import { configure } from './camp-registrations';
import { addRegistration, emptyCamp, writeCamp } from './kit/camp-rows';

// The waitlist suites' helpers: WAITLISTED registrations written with the test kit (holding no place, at the end
// of the line), places freed as a cancellation frees them, and waitlist workers on a clock of the test's own.
// Not a test file itself.

/**
 * A WAITLISTED registration of `year` at the end of the line, with its options and jobs linked but no place
 * taken (docs/product.md §10). Answers its id.
 */
export async function insertWaitlisted(
  db: Db,
  options: { year: number; userId?: string; campingOptionIds: string[]; jobIds?: string[] },
): Promise<string> {
  const userId = options.userId ?? (await insertPerson(db)).id;
  const [key] = rowsOf<{ key: string }>(await db.execute(sql`select nextval('waitlist_line_seq') as key`));
  const camp = emptyCamp();
  const now = new Date();
  const registration = addRegistration(
    camp,
    {
      id: randomUUID(),
      userId,
      year: options.year,
      status: 'WAITLISTED',
      lineKey: Number(key!.key),
      waitlistedAt: now,
      createdAt: now,
    },
    { campingOptionIds: options.campingOptionIds, jobIds: options.jobIds },
  );
  await writeCamp(db, camp);
  return registration.id;
}

/**
 * Many registrations of `year` for the options at once, each of a new person: WAITLISTED ones in line in the
 * order given (line keys from the sequence), or ones holding their places (counters recounted, as a repair
 * would). Answers their ids in order.
 */
export async function insertMany(
  db: Db,
  options: { year: number; howMany: number; status: 'WAITLISTED' | 'CONFIRMED'; campingOptionIds: string[] },
): Promise<string[]> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: options.howMany }, () => ({
        email: `waiting-${randomUUID()}@example.org`,
        firstName: 'Waiting',
        lastName: 'Person',
      })),
    )
    .returning({ id: users.id });
  const keys =
    options.status === 'WAITLISTED'
      ? rowsOf<{ key: string }>(
          await db.execute(
            sql`select nextval('waitlist_line_seq') as key from generate_series(1, ${options.howMany}) order by 1`,
          ),
        ).map((row) => Number(row.key))
      : [];
  const camp = emptyCamp();
  const now = new Date();
  const ids = people.map(
    (person, index) =>
      addRegistration(
        camp,
        {
          id: randomUUID(),
          userId: person.id,
          year: options.year,
          status: options.status,
          ...(options.status === 'WAITLISTED' ? { lineKey: keys[index]!, waitlistedAt: now } : {}),
          createdAt: now,
        },
        { campingOptionIds: options.campingOptionIds },
      ).id,
  );
  await db.transaction(async (tx) => {
    await writeCamp(tx, camp);
    await recountPlaces(tx, options.year, { campingOptionIds: options.campingOptionIds, jobIds: [] });
  });
  return ids;
}

/** Cancels a registration that holds its places, as a cancellation does: the places go back, the line fills. */
export async function cancelHolder(db: Db, registrationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [registration] = await tx
      .update(registrations)
      .set({ status: 'CANCELLED', cancelledAt: new Date(), cancellationReason: 'Test' })
      .where(eq(registrations.id, registrationId))
      .returning({ year: registrations.year });
    const options = await tx
      .select({ id: registrationCampingOptions.campingOptionId })
      .from(registrationCampingOptions)
      .where(eq(registrationCampingOptions.registrationId, registrationId));
    const jobs = await tx
      .select({ id: registrationJobs.jobId })
      .from(registrationJobs)
      .where(eq(registrationJobs.registrationId, registrationId));
    await releasePlaces(tx, registration!.year, {
      campingOptionIds: options.map((row) => row.id),
      jobIds: jobs.map((row) => row.id),
    });
    await scheduleWaitlistFill(tx, registration!.year);
  });
}

/** A waitlist worker of the test's own (the app's is stopped), on the given clock. */
export function waitlistWorker(camp: Pick<Camp, 't'>, now: () => Date = () => new Date()): WaitlistWorker {
  return new WaitlistWorker({
    db: camp.t.database.db,
    log: camp.t.app.log,
    publicUrl: camp.t.app.env.publicUrl,
    outbox: { kick: () => undefined },
    now,
    pollMs: 3_600_000,
  });
}

/** The offers of a registration, oldest first. */
export function offersOf(db: Db, registrationId: string) {
  return db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.registrationId, registrationId))
    .orderBy(asc(waitlistOffers.offeredAt), asc(waitlistOffers.createdAt));
}

/** The registration's open offer, if any. */
export async function openOfferOf(db: Db, registrationId: string) {
  const [offer] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.state, 'OPEN')));
  return offer;
}

/**
 * A configured camp (with `config` added) whose app's own waitlist worker is stopped, so that only the test's
 * workers fill and a change's fill task can be read before any runs.
 */
export async function startQuietWaitlistCamp(config: Record<string, unknown> = {}): Promise<Camp> {
  const camp = await startCamp();
  await configure(camp, config);
  await camp.t.app.ready();
  await camp.t.app.services.waitlist.stop();
  return camp;
}

/**
 * A suite's quiet waitlist camp (startQuietWaitlistCamp): started before the suite's tests, then `take`, where the
 * suite keeps it and sets up what it needs; closed after the suite. Answers the camp's database, for the tests.
 */
export function useQuietWaitlistCamp(take: (started: Camp) => unknown): () => Db {
  let started: Camp | undefined;
  beforeAll(async () => {
    started = await startQuietWaitlistCamp();
    await take(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => started!.t.database.db;
}

/** The PENDING timed tasks of `year` (of one kind, where given): what a change scheduled and no worker ran yet. */
export function pendingTasksOf(db: Db, year: number, kind?: (typeof timedTasks.$inferSelect)['kind']) {
  return db
    .select()
    .from(timedTasks)
    .where(
      and(
        eq(timedTasks.year, year),
        eq(timedTasks.state, 'PENDING'),
        kind === undefined ? undefined : eq(timedTasks.kind, kind),
      ),
    );
}
