import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campingOptions, jobs } from '../../db/schema/index';
import { activeOptionCounts } from '../camping-options/camping-options.service';
import { activeJobCounts } from '../work/work-common';

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
 * through takePlaces / releasePlaces in its own transaction, after writing its link rows.
 */

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

/**
 * Takes one place on each option and job for a registration of `year`, whose link rows this transaction has
 * already inserted. Answers what was full; when anything was, the caller must abort the transaction (the
 * counters of the other rows were already raised in it).
 */
export async function takePlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<FullPlaces> {
  // Jobs first: options are the hotter rows (a few options, many jobs), so their locks are taken last and
  // held for the shortest time (until the COMMIT that follows).
  const fullJobs = await takeJobPlaces(tx, year, sorted(request.jobIds));
  if (fullJobs.length > 0) return { campingOptionIds: [], jobIds: fullJobs };
  return { campingOptionIds: await takeOptionPlaces(tx, year, sorted(request.campingOptionIds)), jobIds: [] };
}

/**
 * Gives back the places of a registration of `year` (cancel, or options and jobs removed by an admin). A
 * counter that counts another year is left alone: it is recounted from the rows when that year comes back.
 */
export async function releasePlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<void> {
  // Jobs before options, as takePlaces locks them.
  const jobIds = sorted(request.jobIds);
  if (jobIds.length > 0) {
    const locked = tx
      .$with('locked_jobs')
      .as(
        tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(inArray(jobs.id, jobIds))
          .orderBy(asc(jobs.id))
          .for('no key update'),
      );
    await tx
      .with(locked)
      .update(jobs)
      .set({
        currentRegistrations: sql`greatest(${jobs.currentRegistrations} - 1, 0)`,
        updatedAt: sql`${jobs.updatedAt}`,
      })
      .from(locked)
      .where(and(eq(jobs.id, locked.id), eq(jobs.countedYear, year)));
  }
  const optionIds = sorted(request.campingOptionIds);
  if (optionIds.length > 0) {
    const locked = tx
      .$with('locked_options')
      .as(
        tx
          .select({ id: campingOptions.id })
          .from(campingOptions)
          .where(inArray(campingOptions.id, optionIds))
          .orderBy(asc(campingOptions.id))
          .for('no key update'),
      );
    await tx
      .with(locked)
      .update(campingOptions)
      .set({
        currentRegistrations: sql`greatest(${campingOptions.currentRegistrations} - 1, 0)`,
        updatedAt: sql`${campingOptions.updatedAt}`,
      })
      .from(locked)
      .where(and(eq(campingOptions.id, locked.id), eq(campingOptions.countedYear, year)));
  }
}

/**
 * Sets the counters of the given options and jobs to what the rows of `year` say, under the row lock. For
 * repairs and for data written without the helpers above (imports, demo data).
 */
export async function recountPlaces(tx: DbOrTx, year: number, request: PlaceRequest): Promise<void> {
  // Jobs before options, as takePlaces locks them.
  const jobIds = sorted(request.jobIds);
  if (jobIds.length > 0) {
    await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, jobIds))
      .orderBy(asc(jobs.id))
      .for('no key update');
    const counts = await activeJobCounts(jobIds, tx, year);
    for (const id of jobIds) {
      await tx
        .update(jobs)
        .set({
          currentRegistrations: counts.get(id) ?? 0,
          countedYear: year,
          updatedAt: sql`${jobs.updatedAt}`,
        })
        .where(eq(jobs.id, id));
    }
  }
  const optionIds = sorted(request.campingOptionIds);
  if (optionIds.length > 0) {
    await tx
      .select({ id: campingOptions.id })
      .from(campingOptions)
      .where(inArray(campingOptions.id, optionIds))
      .orderBy(asc(campingOptions.id))
      .for('no key update');
    const counts = await activeOptionCounts(optionIds, tx, year);
    for (const id of optionIds) {
      await tx
        .update(campingOptions)
        .set({
          currentRegistrations: counts.get(id) ?? 0,
          countedYear: year,
          updatedAt: sql`${campingOptions.updatedAt}`,
        })
        .where(eq(campingOptions.id, id));
    }
  }
}

/** The rows of a raw statement (node-postgres and PGlite both answer { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Ids of `ids` (sorted, unique) the fast UPDATE did not take; the caller re-reads them under the lock. */
function notTaken(ids: readonly string[], taken: ReadonlyArray<{ id: string }>): string[] {
  const done = new Set(taken.map((row) => row.id));
  return ids.filter((id) => !done.has(id));
}

async function takeOptionPlaces(tx: DbOrTx, year: number, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  // Raw SQL: building this with Drizzle's query builder costs more CPU than PostgreSQL spends running it.
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with locked as materialized (
        select id from ${campingOptions} where id = any(${sql.param(ids)}::uuid[]) order by id for no key update
      )
      update ${campingOptions} as o set current_registrations = o.current_registrations + 1
      from locked
      where o.id = locked.id and o.counted_year = ${year}
        and (o.max_signups = 0 or o.current_registrations < o.max_signups)
      returning o.id`),
  );
  const rest = notTaken(ids, taken);
  if (rest.length === 0) return [];

  // Already locked by this transaction: this statement reads the newest committed versions.
  const rows = await tx
    .select({
      id: campingOptions.id,
      max: campingOptions.maxSignups,
      current: campingOptions.currentRegistrations,
      countedYear: campingOptions.countedYear,
    })
    .from(campingOptions)
    .where(inArray(campingOptions.id, rest))
    .orderBy(asc(campingOptions.id))
    .for('no key update');
  const stale = rows.filter((row) => row.countedYear !== year).map((row) => row.id);
  // The recount includes this transaction's own new link rows.
  const counts = stale.length > 0 ? await activeOptionCounts(stale, tx, year) : new Map<string, number>();
  const full: string[] = [];
  const updates: Array<{ id: string; taken: number }> = [];
  for (const row of rows) {
    const after = row.countedYear === year ? row.current + 1 : (counts.get(row.id) ?? 0);
    if (row.max > 0 && after > row.max) full.push(row.id);
    else updates.push({ id: row.id, taken: after });
  }
  // A row that vanished would have failed the link's foreign key already; count it as full to be safe.
  full.push(...rest.filter((id) => !rows.some((row) => row.id === id)));
  if (full.length > 0) return full;
  for (const update of updates) {
    await tx
      .update(campingOptions)
      .set({
        currentRegistrations: update.taken,
        countedYear: year,
        updatedAt: sql`${campingOptions.updatedAt}`,
      })
      .where(eq(campingOptions.id, update.id));
  }
  return [];
}

async function takeJobPlaces(tx: DbOrTx, year: number, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with locked as materialized (
        select id from ${jobs} where id = any(${sql.param(ids)}::uuid[]) order by id for no key update
      )
      update ${jobs} as j set current_registrations = j.current_registrations + 1
      from locked
      where j.id = locked.id and j.counted_year = ${year} and j.current_registrations < j.max_registrations
      returning j.id`),
  );
  const rest = notTaken(ids, taken);
  if (rest.length === 0) return [];

  const rows = await tx
    .select({
      id: jobs.id,
      max: jobs.maxRegistrations,
      current: jobs.currentRegistrations,
      countedYear: jobs.countedYear,
    })
    .from(jobs)
    .where(inArray(jobs.id, rest))
    .orderBy(asc(jobs.id))
    .for('no key update');
  const stale = rows.filter((row) => row.countedYear !== year).map((row) => row.id);
  const counts = stale.length > 0 ? await activeJobCounts(stale, tx, year) : new Map<string, number>();
  const full: string[] = [];
  const updates: Array<{ id: string; taken: number }> = [];
  for (const row of rows) {
    const after = row.countedYear === year ? row.current + 1 : (counts.get(row.id) ?? 0);
    if (after > row.max) full.push(row.id);
    else updates.push({ id: row.id, taken: after });
  }
  full.push(...rest.filter((id) => !rows.some((row) => row.id === id)));
  if (full.length > 0) return full;
  for (const update of updates) {
    await tx
      .update(jobs)
      .set({ currentRegistrations: update.taken, countedYear: year, updatedAt: sql`${jobs.updatedAt}` })
      .where(eq(jobs.id, update.id));
  }
  return [];
}
