import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
} from '../../db/schema/index';

/**
 * Places on camping options and jobs, per registration year (architecture §7: capacity is taken in the
 * transaction that creates or changes a registration, under a row lock, never "count, then insert").
 *
 * Each option and job row carries a counter: `current_registrations` = places taken in `counted_year` by
 * registrations that are not cancelled. Taking a place is one conditional UPDATE per table:
 *
 *   WITH locked AS (SELECT id … WHERE id IN (…) ORDER BY id FOR NO KEY UPDATE)
 *   UPDATE … SET current_registrations = current_registrations + 1
 *   WHERE id = locked.id AND counted_year = :year AND (current_registrations < max …) RETURNING id
 *
 * - Rows are locked in id order, jobs before options, so two submissions can never deadlock. FOR NO KEY UPDATE
 *   (what an UPDATE of non-key columns takes anyway) does not conflict with the KEY SHARE locks that the
 *   foreign keys of the registration's link rows take, so the links can be inserted before the places.
 * - A waiter re-reads the row its predecessor committed (PostgreSQL re-checks the WHERE on the newest
 *   version), so the last place goes to exactly one of them.
 * - A row the UPDATE left out is re-read under the lock already held: if its counter counts another year (the
 *   admin moved registrationYear) it is recounted from the rows, which is exact because every writer of that
 *   year's rows holds this lock; only a row that is really full is refused.
 *
 * Every path that adds or removes a registration's options or jobs (submission, admin edit, cancel) must go
 * through takePlaces / releasePlaces / changePlaces in its own transaction, after writing its link rows.
 *
 * Raw SQL throughout: building these with Drizzle's query builder costs more CPU than PostgreSQL spends
 * running them, and one statement shape serves both tables. Counters are written without touching
 * updated_at (a place taken is not an edit of the option or job).
 */

/** A table whose rows hold places: its capacity column and the link table that says who holds them. */
export interface PlaceTable {
  table: typeof campingOptions | typeof jobs;
  /** The capacity column. */
  max: typeof campingOptions.maxSignups | typeof jobs.maxRegistrations;
  /** A camping option's max 0 means unlimited; a job's max is at least 1. */
  zeroIsUnlimited: boolean;
  /** The link table (registration ↔ row) and its column naming the row. */
  links: typeof registrationCampingOptions | typeof registrationJobs;
  linkColumn: typeof registrationCampingOptions.campingOptionId | typeof registrationJobs.jobId;
}

export const OPTION_PLACES: PlaceTable = {
  table: campingOptions,
  max: campingOptions.maxSignups,
  zeroIsUnlimited: true,
  links: registrationCampingOptions,
  linkColumn: registrationCampingOptions.campingOptionId,
};

export const JOB_PLACES: PlaceTable = {
  table: jobs,
  max: jobs.maxRegistrations,
  zeroIsUnlimited: false,
  links: registrationJobs,
  linkColumn: registrationJobs.jobId,
};

export interface PlaceRequest {
  campingOptionIds: readonly string[];
  jobIds: readonly string[];
}

/** What could not be taken: the full jobs (then nothing was tried on options) or the full options. */
export interface FullPlaces {
  campingOptionIds: string[];
  jobIds: string[];
}

const sorted = (ids: readonly string[]) => [...new Set(ids)].sort();
const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
/** A column of the row aliased `p` (the place row) in the statements below. */
const placeColumn = (column: { name: string }) => sql`p.${sql.identifier(column.name)}`;

/**
 * Takes one place on each option and job for a registration of `year`, whose link rows this transaction has
 * already inserted. Answers what was full; when anything was, the caller must abort the transaction (the
 * counters of the other rows were already raised in it).
 */
export async function takePlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<FullPlaces> {
  // Jobs first: options are the hotter rows (a few options, many jobs), so their locks are taken last and
  // held for the shortest time (until the COMMIT that follows).
  const fullJobs = await takeFrom(JOB_PLACES, tx, year, sorted(request.jobIds));
  if (fullJobs.length > 0) return { campingOptionIds: [], jobIds: fullJobs };
  const fullOptions = await takeFrom(OPTION_PLACES, tx, year, sorted(request.campingOptionIds));
  return { campingOptionIds: fullOptions, jobIds: [] };
}

/**
 * Gives back the places of a registration of `year` (cancel, or options and jobs removed by an admin). A
 * counter that counts another year is left alone: it is recounted from the rows when that year comes back.
 */
export async function releasePlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<void> {
  // Jobs before options, as takePlaces locks them.
  await releaseFrom(JOB_PLACES, tx, year, sorted(request.jobIds));
  await releaseFrom(OPTION_PLACES, tx, year, sorted(request.campingOptionIds));
}

/**
 * Moves a registration's places (an admin edit): gives back `release` and takes `take`, whose link rows this
 * transaction has already written or deleted. Every row involved is locked first, jobs before options and
 * each in id order (the order takePlaces uses), so an edit that frees one row while taking another cannot
 * deadlock with another edit doing the opposite, nor with a submission. Answers what was full, as takePlaces.
 */
export async function changePlaces(
  tx: DbOrTx,
  year: number,
  change: { take: PlaceRequest; release: PlaceRequest },
): Promise<FullPlaces> {
  const jobIds = sorted([...change.take.jobIds, ...change.release.jobIds]);
  const optionIds = sorted([...change.take.campingOptionIds, ...change.release.campingOptionIds]);
  if (jobIds.length > 0) await lockInIdOrder(JOB_PLACES, tx, jobIds);
  if (optionIds.length > 0) await lockInIdOrder(OPTION_PLACES, tx, optionIds);
  await releasePlaces(tx, year, change.release);
  return takePlaces(tx, year, change.take);
}

/**
 * Sets the counters of the given options and jobs to what the rows of `year` say, under the row lock. For
 * repairs and for data written without the helpers above (imports, demo data).
 */
export async function recountPlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<void> {
  // Jobs before options, as takePlaces locks them.
  for (const [places, ids] of [
    [JOB_PLACES, sorted(request.jobIds)],
    [OPTION_PLACES, sorted(request.campingOptionIds)],
  ] as const) {
    if (ids.length === 0) continue;
    await lockInIdOrder(places, tx, ids);
    const counts = await activePlaceCounts(places, ids, tx, year);
    await setCounters(
      places,
      tx,
      year,
      ids.map((id) => ({ id, taken: counts.get(id) ?? 0 })),
    );
  }
}

/**
 * Registrations holding a place on each row in a registration year: linked registrations of that year that
 * are not cancelled (architecture §4b; places are per year, as the camp is). Counted from the rows rather than
 * read from the counter column, so it is the truth even if a counter ever drifted.
 */
export async function activePlaceCounts(
  places: PlaceTable,
  ids: readonly string[],
  db: DbOrTx,
  year: number,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const linked = sql`l.${sql.identifier(places.linkColumn.name)}`;
  const rows = rowsOf<{ id: string; count: number }>(
    await db.execute(sql`
      select ${linked} as id, count(*)::int as count
      from ${places.links} as l join ${registrations} as r on r.id = l.registration_id
      where ${linked} = any(${uuids(ids)}) and r.year = ${year} and r.status <> 'CANCELLED'
      group by ${linked}`),
  );
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

/** Locks the rows (sorted, unique ids) in id order, as every writer of their counters does. */
function lockedRows(places: PlaceTable, ids: readonly string[]): SQL {
  return sql`select id from ${places.table} where id = any(${uuids(ids)}) order by id for no key update`;
}

async function lockInIdOrder(places: PlaceTable, tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await tx.execute(lockedRows(places, ids));
}

/** Sets counters of rows this transaction has locked, as counting `year`. */
async function setCounters(
  places: PlaceTable,
  tx: DbOrTx,
  year: number,
  counters: ReadonlyArray<{ id: string; taken: number }>,
): Promise<void> {
  if (counters.length === 0) return;
  await tx.execute(sql`
    update ${places.table} as p set current_registrations = v.taken, counted_year = ${year}
    from unnest(${uuids(counters.map((counter) => counter.id))},
      ${sql.param(counters.map((counter) => counter.taken))}::int[]) as v(id, taken)
    where p.id = v.id`);
}

async function releaseFrom(places: PlaceTable, tx: DbOrTx, year: number, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    with locked as materialized (${lockedRows(places, ids)})
    update ${places.table} as p set current_registrations = greatest(p.current_registrations - 1, 0)
    from locked
    where p.id = locked.id and p.counted_year = ${year}`);
}

/** Takes a place on each row (sorted, unique ids); answers the ids that were full. */
async function takeFrom(places: PlaceTable, tx: DbOrTx, year: number, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const max = placeColumn(places.max);
  const hasRoom = places.zeroIsUnlimited
    ? sql`(${max} = 0 or p.current_registrations < ${max})`
    : sql`p.current_registrations < ${max}`;
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with locked as materialized (${lockedRows(places, ids)})
      update ${places.table} as p set current_registrations = p.current_registrations + 1
      from locked
      where p.id = locked.id and p.counted_year = ${year} and ${hasRoom}
      returning p.id`),
  );
  const done = new Set(taken.map((row) => row.id));
  const rest = ids.filter((id) => !done.has(id));
  if (rest.length === 0) return [];

  // Already locked by this transaction: this statement reads the newest committed versions.
  const rows = rowsOf<{ id: string; max: number; current: number; countedYear: number | null }>(
    await tx.execute(sql`
      select p.id, ${max} as max, p.current_registrations as current, p.counted_year as "countedYear"
      from ${places.table} as p where p.id = any(${uuids(rest)}) order by p.id for no key update`),
  );
  const stale = rows.filter((row) => row.countedYear !== year).map((row) => row.id);
  // The recount includes this transaction's own new link rows.
  const counts = await activePlaceCounts(places, stale, tx, year);
  const full: string[] = [];
  const updates: Array<{ id: string; taken: number }> = [];
  for (const row of rows) {
    const after = row.countedYear === year ? row.current + 1 : (counts.get(row.id) ?? 0);
    const limited = !places.zeroIsUnlimited || row.max > 0;
    if (limited && after > row.max) full.push(row.id);
    else updates.push({ id: row.id, taken: after });
  }
  // A row that vanished would have failed the link's foreign key already; count it as full to be safe.
  full.push(...rest.filter((id) => !rows.some((row) => row.id === id)));
  if (full.length > 0) return full;
  await setCounters(places, tx, year, updates);
  return [];
}
