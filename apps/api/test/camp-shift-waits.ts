import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { shiftWaits } from '../src/db/schema/index';
import { recountPlaces } from '../src/modules/registrations/capacity';
import { type Camp, insertRegistration } from './camp';
import { adminPost, adminShift, type Person, YEAR } from './camp-registrations';

// The shift waitlist suites' helpers (decision 052): jobs with their waitlist on, people holding their places, and
// entries in a job's line written straight into the database. Not a test file itself.

let jobs = 0;

/** A category and a shift of the suite's own for its jobs; answers a function that posts one job. */
export async function shiftWaitJobs(camp: Camp, category: { staffOnly?: boolean } = {}) {
  const categoryId = await adminPost(camp, '/api/job-categories', {
    name: `Greeters ${(jobs += 1)}`,
    description: 'Greets arrivals',
    ...category,
  });
  const shiftId = await adminShift(camp, `Morning ${jobs}`, 'MONDAY', '09:00', '13:00');
  return (maxRegistrations: number, waitlistEnabled = true) =>
    adminPost(camp, '/api/jobs', {
      name: `Greeter ${(jobs += 1)}`,
      location: 'Front gate',
      categoryId,
      shiftId,
      maxRegistrations,
      waitlistEnabled,
    });
}

/** A registration of YEAR holding its places (counters recounted, as a repair would). */
export async function insertHolder(
  db: Db,
  places: {
    jobIds?: string[];
    campingOptionIds?: string[];
    userId?: string;
    status?: 'CONFIRMED' | 'PENDING';
  },
): Promise<string> {
  const jobIds = places.jobIds ?? [];
  const campingOptionIds = places.campingOptionIds ?? [];
  const id = await insertRegistration(db, {
    status: places.status ?? 'CONFIRMED',
    year: YEAR,
    campingOptionIds,
    jobIds,
    ...(places.userId ? { userId: places.userId } : {}),
  });
  await db.transaction((tx) => recountPlaces(tx, YEAR, { campingOptionIds, jobIds }));
  return id;
}

/** A WAITING entry at the end of the job's line. */
export async function insertShiftWait(db: Db, registrationId: string, jobId: string): Promise<string> {
  const [row] = await db
    .insert(shiftWaits)
    .values({ registrationId, jobId, year: YEAR })
    .returning({ id: shiftWaits.id });
  return row!.id;
}

/** A registration's entries, oldest first. */
export function shiftWaitsOf(db: Db, registrationId: string) {
  return db
    .select()
    .from(shiftWaits)
    .where(eq(shiftWaits.registrationId, registrationId))
    .orderBy(asc(shiftWaits.createdAt), asc(shiftWaits.lineKey));
}

/** One entry's row. */
export async function shiftWaitRow(db: Db, id: string) {
  const [row] = await db.select().from(shiftWaits).where(eq(shiftWaits.id, id));
  return row!;
}

/** The open offers on a job. */
export function shiftOffersOn(db: Db, jobId: string) {
  return db
    .select()
    .from(shiftWaits)
    .where(and(eq(shiftWaits.jobId, jobId), inArray(shiftWaits.state, ['OFFERED'])));
}

/** POST /api/shift-waits/:id/<action> as the person (or no one). */
export function answerShiftWait(
  camp: Pick<Camp, 't'>,
  person: Pick<Person, 'headers'> | null,
  id: string,
  action: 'accept' | 'decline' | 'leave',
) {
  return camp.t.app.inject({
    method: 'POST',
    url: `/api/shift-waits/${id}/${action}`,
    headers: person?.headers ?? {},
  });
}
