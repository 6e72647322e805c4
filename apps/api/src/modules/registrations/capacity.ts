import {
  type Capacity,
  isFull,
  isOverCapacity,
  jobCapacity,
  optionCapacity,
  PLACE_HOLDING_STATUSES,
  placesLeft,
} from '@camp/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bare, rowsOf } from '../../db/raw';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  shiftWaits,
  waitlistOffers,
} from '../../db/schema/index';

/**
 * Places on camping options and jobs, per registration year (docs/architecture.md §7: capacity is taken in the
 * transaction that creates or changes a registration, under a row lock, never "count, then insert").
 *
 * Each option and job row carries a counter: `current_registrations` = places taken in `counted_year` by
 * registrations that hold one (`PlaceTable.holds`, decision 048). Places are taken for a whole group of claims at once (decision 030):
 *
 *   1. lock every row the claims touch, jobs first then options, each in id order (FOR NO KEY UPDATE);
 *   2. read their counters (a counter of another year — the admin moved registrationYear — is recounted from
 *      the rows, which is exact because every writer of that year's rows holds this lock);
 *   3. decide the claims in arrival order in memory: a claim gets all its places or none;
 *   4. write each changed counter once.
 *
 * The submission batches (registration-batch.ts) claim for many registrations in one transaction, so the most
 * wanted option's row is locked once per batch — for a few statements and one COMMIT — instead of once per
 * person; the admin edit and a submission retried alone claim for one. Every writer locks in the same order,
 * so two transactions can never deadlock on these rows. FOR NO KEY UPDATE (what an UPDATE of non-key columns
 * takes anyway) does not conflict with the KEY SHARE locks that the foreign keys of link rows take, so the
 * link rows are written before the places are taken.
 *
 * Every path that adds or removes a registration's options or jobs (submission, admin edit, cancel) must go
 * through takePlaces / releasePlaces / changePlaces in its own transaction, after writing its link rows.
 *
 * Raw SQL throughout (decision 042): building these with Drizzle's query builder costs more CPU than
 * PostgreSQL spends running them, and one statement shape serves both tables; columns are named through the
 * schema. Counters are written without touching updated_at (a place taken is not an edit of the option or
 * job).
 */

/** A table whose rows hold places: its capacity column and the link table that says who holds them. */
export interface PlaceTable {
  table: typeof campingOptions | typeof jobs;
  /** The capacity column. */
  max: typeof campingOptions.maxSignups | typeof jobs.maxRegistrations;
  /** The capacity its column's value means (the shared rule: a camping option's 0 is unlimited). */
  capacity: (max: number) => Capacity;
  /** The link table (registration ↔ row) and its column naming the row. */
  links: typeof registrationCampingOptions | typeof registrationJobs;
  linkColumn: typeof registrationCampingOptions.campingOptionId | typeof registrationJobs.jobId;
  /** Whether the registration of a link row holds its place here (docs/product.md §10, decision 048). */
  holds: SQL;
  /**
   * Places held without a link row (a job's open shift offers, decision 052): a query of `(id, registration_id)`
   * rows of `year` on the rows `ids`, counted beside the link rows.
   */
  heldByOffers?: (ids: SQL, year: number) => SQL;
}

/** PENDING and CONFIRMED registrations hold their places. */
const HOLDS_BY_STATUS = inArray(registrations.status, [...PLACE_HOLDING_STATUSES]);

export const OPTION_PLACES: PlaceTable = {
  table: campingOptions,
  max: campingOptions.maxSignups,
  capacity: optionCapacity,
  links: registrationCampingOptions,
  linkColumn: registrationCampingOptions.campingOptionId,
  // A waitlisted registration's open offer holds its camping options (not its jobs: those are taken on accept).
  holds: sql`(${HOLDS_BY_STATUS} or exists (select 1 from ${waitlistOffers}
    where ${waitlistOffers.registrationId} = ${registrations.id} and ${waitlistOffers.state} = 'OPEN'))`,
};

export const JOB_PLACES: PlaceTable = {
  table: jobs,
  max: jobs.maxRegistrations,
  capacity: jobCapacity,
  links: registrationJobs,
  linkColumn: registrationJobs.jobId,
  holds: HOLDS_BY_STATUS,
  // An open shift offer holds one place on its job until it is accepted (then a link row holds it) or ends.
  heldByOffers: (
    ids,
    year,
  ) => sql`select ${shiftWaits.jobId} as id, ${shiftWaits.registrationId} as registration_id
    from ${shiftWaits} where ${shiftWaits.jobId} = any(${ids}) and ${shiftWaits.year} = ${year}
      and ${shiftWaits.state} = 'OFFERED'`,
};

export interface PlaceRequest {
  campingOptionIds: readonly string[];
  jobIds: readonly string[];
}

/** A registration's request for places; its link rows are already written in this transaction. */
export interface PlaceClaim extends PlaceRequest {
  registrationId: string;
}

/**
 * Options of `ids` that count as full for these claims whatever their counters say (a submission's: those
 * people are waiting for while a fill is pending, decision 048), read after their rows are locked.
 */
export type ClosedOptions = (
  tx: DbOrTx,
  year: number,
  ids: readonly string[],
) => Promise<ReadonlySet<string>>;

/** What could not be taken: the full jobs (then options were not looked at) or the full options. */
export interface FullPlaces {
  campingOptionIds: string[];
  jobIds: string[];
}

const NOTHING_FULL: FullPlaces = { campingOptionIds: [], jobIds: [] };

const sorted = (ids: readonly string[]) => [...new Set(ids)].sort();
const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** True when nothing was full. */
export const tookAll = (full: FullPlaces) => full.campingOptionIds.length === 0 && full.jobIds.length === 0;

/**
 * Takes one place on each option and job of one registration of `year`. Answers what was full; when anything
 * was, nothing was taken and the caller must abort the transaction (its link rows are written).
 */
export async function takePlaces(tx: DbOrTx, year: number, claim: PlaceClaim): Promise<FullPlaces> {
  const [full] = await takePlacesInOrder(tx, year, [claim]);
  return full ?? NOTHING_FULL;
}

/**
 * Decides a group of claims of `year` in the order given, under one lock of the rows they touch: each claim
 * gets every place it asks for or none (its answer says what was full). Counters are written once, for the
 * claims that got their places; a refused claim's link rows must be deleted by the caller in this
 * transaction, or the transaction aborted.
 */
export async function takePlacesInOrder(
  tx: DbOrTx,
  year: number,
  claims: readonly PlaceClaim[],
  { closed }: { closed?: ClosedOptions } = {},
): Promise<FullPlaces[]> {
  if (claims.length === 0) return [];
  const claimants = claims.map((claim) => claim.registrationId);
  // Jobs first: options are the hotter rows (a few options, many jobs), so their locks are taken last.
  const jobCounters = await lockCounters(
    JOB_PLACES,
    tx,
    year,
    sorted(claims.flatMap((claim) => claim.jobIds)),
    claimants,
  );
  const optionCounters = await lockCounters(
    OPTION_PLACES,
    tx,
    year,
    sorted(claims.flatMap((claim) => claim.campingOptionIds)),
    claimants,
  );
  // Read under the options' locks: a change that freed a place there has committed, with its fill task.
  const shut = closed ? await closed(tx, year, [...optionCounters.keys()]) : new Set<string>();
  const answers = claims.map((claim) => {
    const jobIds = sorted(claim.jobIds);
    const fullJobs = jobIds.filter((id) => !hasRoom(jobCounters.get(id)));
    if (fullJobs.length > 0) return { campingOptionIds: [], jobIds: fullJobs };
    const optionIds = sorted(claim.campingOptionIds);
    const fullOptions = optionIds.filter((id) => shut.has(id) || !hasRoom(optionCounters.get(id)));
    if (fullOptions.length > 0) return { campingOptionIds: fullOptions, jobIds: [] };
    for (const id of jobIds) take(jobCounters.get(id));
    for (const id of optionIds) take(optionCounters.get(id));
    return NOTHING_FULL;
  });
  await setCounters(JOB_PLACES, tx, year, changedCounters(jobCounters));
  await setCounters(OPTION_PLACES, tx, year, changedCounters(optionCounters));
  return answers;
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
  change: { registrationId: string; take: PlaceRequest; release: PlaceRequest },
): Promise<FullPlaces> {
  const jobIds = sorted([...change.take.jobIds, ...change.release.jobIds]);
  const optionIds = sorted([...change.take.campingOptionIds, ...change.release.campingOptionIds]);
  if (jobIds.length > 0) await lockInIdOrder(JOB_PLACES, tx, jobIds);
  if (optionIds.length > 0) await lockInIdOrder(OPTION_PLACES, tx, optionIds);
  await releasePlaces(tx, year, change.release);
  return takePlaces(tx, year, { registrationId: change.registrationId, ...change.take });
}

/**
 * Locks the rows of the given jobs, then options, each in id order (the order every writer of their counters takes),
 * for a transaction that will give back or take places on several of them through different calls (a cancel that
 * also ends shift offers, decision 052): locked up front, the later calls' locks are already held.
 */
export async function lockPlaceRows(tx: DbOrTx, request: PlaceRequest): Promise<void> {
  const jobIds = sorted(request.jobIds);
  const optionIds = sorted(request.campingOptionIds);
  if (jobIds.length > 0) await lockInIdOrder(JOB_PLACES, tx, jobIds);
  if (optionIds.length > 0) await lockInIdOrder(OPTION_PLACES, tx, optionIds);
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
 * hold it (`PlaceTable.holds`: PENDING or CONFIRMED, or an open waitlist offer's options) and open shift offers
 * (`PlaceTable.heldByOffers`), leaving out `except`.
 * Places are per year, as the camp is (docs/architecture.md §4b). Counted from the rows rather than read from
 * the counter column, so it is the truth even if a counter ever drifted.
 */
export async function activePlaceCounts(
  places: PlaceTable,
  ids: readonly string[],
  db: DbOrTx,
  year: number,
  except: readonly string[] = [],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const linked = places.linkColumn;
  const byOffers = places.heldByOffers
    ? sql`union all select id, registration_id from (${places.heldByOffers(uuids(ids), year)}) as offers`
    : sql``;
  const rows = rowsOf<{ id: string; count: number }>(
    await db.execute(sql`
      select held.id, count(*)::int as count from (
        select ${linked} as id, ${registrations.id} as registration_id
        from ${places.links} join ${registrations} on ${registrations.id} = ${places.links.registrationId}
        where ${linked} = any(${uuids(ids)}) and ${registrations.year} = ${year} and ${places.holds}
        ${byOffers}
      ) as held
      where held.registration_id <> all(${uuids(except)})
      group by held.id`),
  );
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

/** A counter that disagrees with the rows, or rows beyond the capacity (see countersMatchRows). */
export interface CounterMismatch {
  kind: 'option' | 'job';
  id: string;
  name: string;
  /** The counter column and the year it counts. */
  counter: number;
  countedYear: number | null;
  /** Places held by the rows (activePlaceCounts). */
  taken: number;
  max: number;
  problem: 'counter' | 'over capacity';
}

/**
 * Whether every option's and job's counter equals its rows in `year` (a counter of another year counts 0 there,
 * as takePlaces reads it) and no row holds a place beyond the capacity: the check of the benchmarks, the
 * durability test and the demo seed. Answers how many counters were checked and what disagrees.
 */
export async function countersMatchRows(
  db: DbOrTx,
  year: number,
): Promise<{ checked: number; mismatches: CounterMismatch[] }> {
  const mismatches: CounterMismatch[] = [];
  let checked = 0;
  for (const [kind, places] of [
    ['option', OPTION_PLACES],
    ['job', JOB_PLACES],
  ] as const) {
    const rows = rowsOf<{
      id: string;
      name: string;
      max: number;
      counter: number;
      countedYear: number | null;
    }>(
      await db.execute(sql`
        select ${places.table.id} as id, ${places.table.name} as name, ${places.max} as max,
          ${places.table.currentRegistrations} as counter, ${places.table.countedYear} as "countedYear"
        from ${places.table} order by ${places.table.name}, ${places.table.id}`),
    );
    const counts = await activePlaceCounts(
      places,
      rows.map((row) => row.id),
      db,
      year,
    );
    checked += rows.length;
    for (const row of rows) {
      const taken = counts.get(row.id) ?? 0;
      const entry = {
        kind,
        id: row.id,
        name: row.name,
        counter: row.counter,
        countedYear: row.countedYear,
        taken,
      };
      const counted = row.countedYear === year ? row.counter : 0;
      if (counted !== taken) mismatches.push({ ...entry, max: row.max, problem: 'counter' });
      if (isOverCapacity(places.capacity(row.max), taken))
        mismatches.push({ ...entry, max: row.max, problem: 'over capacity' });
    }
  }
  return { checked, mismatches };
}

/** One line for a mismatch: 'job Dishes: counter 3 (year 2026), rows 2' or 'option Tent: 5 > max 4'. */
export function describeMismatch(mismatch: CounterMismatch): string {
  const what = `${mismatch.kind} ${mismatch.name}`;
  return mismatch.problem === 'counter'
    ? `${what}: counter ${mismatch.counter} (year ${mismatch.countedYear ?? 'none'}), rows ${mismatch.taken}`
    : `${what}: ${mismatch.taken} > max ${mismatch.max}`;
}

/** A locked row's counter as a group of claims sees it: places taken in the year, and its limit. */
interface Counter {
  taken: number;
  /** Places in all; null when unlimited (a camping option with max 0). */
  limit: Capacity;
  /** Whether `taken` must be written back (taken by a claim, or recounted for the year). */
  dirty: boolean;
}

const hasRoom = (counter: Counter | undefined) =>
  counter !== undefined && !isFull(counter.limit, counter.taken);

function take(counter: Counter | undefined) {
  if (!counter) return;
  counter.taken += 1;
  counter.dirty = true;
}

const changedCounters = (counters: ReadonlyMap<string, Counter>) =>
  [...counters].filter(([, counter]) => counter.dirty).map(([id, counter]) => ({ id, taken: counter.taken }));

/**
 * Locks the rows (sorted, unique ids) in id order and reads their counters for `year`. A counter of another
 * year is recounted from the rows, leaving out the claimants (their link rows are already written; they are
 * counted when they take their place). A row that vanished is missing from the answer: no room there (the
 * link's foreign key would have failed first).
 */
async function lockCounters(
  places: PlaceTable,
  tx: DbOrTx,
  year: number,
  ids: readonly string[],
  claimants: readonly string[],
): Promise<Map<string, Counter>> {
  if (ids.length === 0) return new Map();
  const { table } = places;
  const rows = rowsOf<{ id: string; max: number; current: number; countedYear: number | null }>(
    await tx.execute(sql`
      select ${table.id} as id, ${places.max} as max, ${table.currentRegistrations} as current,
        ${table.countedYear} as "countedYear"
      from ${table} where ${table.id} = any(${uuids(ids)}) order by ${table.id} for no key update`),
  );
  const stale = rows.filter((row) => row.countedYear !== year).map((row) => row.id);
  const counts = await activePlaceCounts(places, stale, tx, year, claimants);
  return new Map(
    rows.map((row) => {
      const recounted = row.countedYear !== year;
      const limit = places.capacity(row.max);
      const taken = recounted ? (counts.get(row.id) ?? 0) : row.current;
      return [row.id, { taken, limit, dirty: recounted }];
    }),
  );
}

/**
 * Locks the rows (sorted, unique ids) in id order, as takePlacesInOrder will, and answers the places left on each
 * for `year` (null: no limit): what the draw walks before it takes the winners' places (decision 049).
 */
export async function lockPlacesLeft(
  places: PlaceTable,
  tx: DbOrTx,
  year: number,
  ids: readonly string[],
): Promise<Map<string, number | null>> {
  const counters = await lockCounters(places, tx, year, ids, []);
  return new Map([...counters].map(([id, counter]) => [id, placesLeft(counter.limit, counter.taken)]));
}

/** Locks the rows (sorted, unique ids) in id order, as every writer of their counters does. */
function lockedRows(places: PlaceTable, ids: readonly string[]): SQL {
  const { table } = places;
  return sql`select ${table.id} as id from ${table} where ${table.id} = any(${uuids(ids)})
    order by ${table.id} for no key update`;
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
  const { table } = places;
  await tx.execute(sql`
    update ${table} set ${bare(table.currentRegistrations)} = v.taken, ${bare(table.countedYear)} = ${year}
    from unnest(${uuids(counters.map((counter) => counter.id))},
      ${sql.param(counters.map((counter) => counter.taken))}::int[]) as v(id, taken)
    where ${table.id} = v.id`);
}

async function releaseFrom(places: PlaceTable, tx: DbOrTx, year: number, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { table } = places;
  await tx.execute(sql`
    with locked as materialized (${lockedRows(places, ids)})
    update ${table} set ${bare(table.currentRegistrations)} = greatest(${table.currentRegistrations} - 1, 0)
    from locked
    where ${table.id} = locked.id and ${table.countedYear} = ${year}`);
}
