import { DRAW_GROUP_MAX_SIZE } from '@camp/shared';
import { DRAW_SEED_PATTERN, Prng } from '../../lib/random';

/**
 * The fair start's draw (decision 049): pure code, no database. The caller reads the year's draw entries and
 * the places left on each camping option and job, runs the draw with the seed stored for it, and writes the
 * outcome (winners take their places, everyone else joins the waitlist in drawn order, decision 048).
 *
 * 1. `formGroups`: people who name each other in their "camp with" lists are drawn together (mutual naming
 *    only, transitively; at most DRAW_GROUP_MAX_SIZE people to a group).
 * 2. `runDraw`: the groups are put in canonical order, shuffled by Fisher–Yates with the seeded generator
 *    (`Prng` on the seed string: SHA-256 in counter mode), then walked in drawn order: a group wins only if
 *    every member's options and jobs fit the places left, all or nothing; otherwise the whole group is
 *    waitlisted, and the walk goes on (a smaller group after it may still fit).
 *
 * The same entries, groups, places and seed give the same result whatever order they are handed in, on any
 * Node version: anyone holding the seed can re-run a draw.
 */

/** A person's entry into the draw (one per person and year; not a membership application). */
export interface DrawEntry {
  /** The registration's id. */
  id: string;
  email: string;
  /** E-mail addresses of the people this person wants to camp with (optional; at most DRAW_CAMP_WITH_MAX). */
  campWith: readonly string[];
  campingOptionIds: readonly string[];
  jobIds: readonly string[];
}

/** The version of the draw's algorithm (generator, shuffle, walk), to be stored with each draw. */
export const DRAW_ALGORITHM = 'sha256-counter/fisher-yates/all-or-nothing/v1';

/** A draw's inputs do not fit together (a caller's mistake, never a person's): nothing was drawn. */
export class DrawInputError extends Error {
  override name = 'DrawInputError';
}

export interface FormedGroups {
  /** Every entry in exactly one group; ids sorted in a group, groups sorted by their first id. */
  groups: string[][];
  /**
   * Circles of mutual naming larger than the size limit, each sorted (they were split into connected groups,
   * see `formGroups`): for the admins' summary.
   */
  split: string[][];
}

/** E-mail addresses compare as the accounts store them (EmailSchema: trimmed, lower case). */
const normalEmail = (email: string) => email.trim().toLowerCase();

/** Plain code-unit order: the same on every platform and locale (never localeCompare). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sortedIds = (ids: Iterable<string>) => [...ids].sort(byCodeUnits);

function uniqueIds(entries: readonly Pick<DrawEntry, 'id'>[]): string[] {
  const ids = sortedIds(entries.map((entry) => entry.id));
  for (let i = 1; i < ids.length; i += 1) {
    if (ids[i] === ids[i - 1]) throw new DrawInputError(`Two draw entries have the id ${ids[i]}`);
  }
  return ids;
}

/**
 * Groups the entries for the draw (decision 049):
 *
 * - Two people are linked when **each names the other** (e-mail addresses compared trimmed and in lower case).
 *   A one-sided name links nobody, so nobody can hitch onto a stranger's luck or drag a stranger onto the
 *   waitlist. Names of people without an entry, a person's own address, and an address that two entries share
 *   are ignored.
 * - A group is a set of people linked to each other directly or through others in it (A↔B and B↔C put A, B and
 *   C together).
 * - A circle larger than `maxSize` is split into groups that each stay connected: starting from its smallest
 *   id not yet placed, a breadth-first walk over the links (neighbours in id order, unplaced people only)
 *   takes the first `maxSize` people it meets; repeated until the circle is placed. The circle is reported in
 *   `split`.
 */
export function formGroups(
  entries: readonly Pick<DrawEntry, 'id' | 'email' | 'campWith'>[],
  maxSize: number = DRAW_GROUP_MAX_SIZE,
): FormedGroups {
  if (!Number.isInteger(maxSize) || maxSize < 1) {
    throw new DrawInputError(`The group size limit must be a whole number of at least 1, not ${maxSize}`);
  }
  const ids = uniqueIds(entries);
  const owners = new Map<string, string[]>();
  for (const entry of entries) {
    const email = normalEmail(entry.email);
    owners.set(email, [...(owners.get(email) ?? []), entry.id]);
  }
  const named = new Map<string, Set<string>>();
  for (const entry of entries) {
    const names = new Set<string>();
    for (const address of entry.campWith) {
      const owner = owners.get(normalEmail(address));
      if (owner?.length === 1 && owner[0] !== entry.id) names.add(owner[0] as string);
    }
    named.set(entry.id, names);
  }
  const links = new Map<string, string[]>();
  for (const id of ids) {
    const mutual = [...(named.get(id) ?? [])].filter((other) => named.get(other)?.has(id));
    links.set(id, sortedIds(mutual));
  }

  /** Breadth-first from `start` over links among `allowed`, at most `limit` people, in the order met. */
  const walk = (start: string, allowed: (id: string) => boolean, limit: number): string[] => {
    const met = [start];
    const seen = new Set(met);
    for (let at = 0; at < met.length && met.length < limit; at += 1) {
      for (const next of links.get(met[at] as string) ?? []) {
        if (met.length >= limit) break;
        if (seen.has(next) || !allowed(next)) continue;
        seen.add(next);
        met.push(next);
      }
    }
    return met;
  };

  const groups: string[][] = [];
  const split: string[][] = [];
  const placed = new Set<string>();
  for (const id of ids) {
    if (placed.has(id)) continue;
    const circle = walk(id, () => true, Number.POSITIVE_INFINITY);
    if (circle.length <= maxSize) {
      for (const member of circle) placed.add(member);
      groups.push(sortedIds(circle));
      continue;
    }
    const inCircle = new Set(circle);
    split.push(sortedIds(circle));
    for (const start of sortedIds(circle)) {
      if (placed.has(start)) continue;
      const group = walk(start, (other) => inCircle.has(other) && !placed.has(other), maxSize);
      for (const member of group) placed.add(member);
      groups.push(sortedIds(group));
    }
  }
  groups.sort((a, b) => byCodeUnits(a[0] as string, b[0] as string));
  return { groups, split };
}

export interface DrawInput {
  /** The draw's stored seed: 32 lower-case hex characters (`newDrawSeed`). */
  seed: string;
  entries: readonly DrawEntry[];
  /** Ids of the entries drawn together (from `formGroups`; formed from `entries` when left out). */
  groups?: readonly (readonly string[])[];
  /** Places left per camping option id; null: no limit. Every option an entry names must be here. */
  optionPlaces: ReadonlyMap<string, number | null>;
  /** Places left per job id. Every job an entry names must be here. */
  jobPlaces: ReadonlyMap<string, number>;
}

export interface DrawnGroup {
  /** The entry ids of the group, sorted. */
  ids: string[];
  won: boolean;
}

export interface DrawResult {
  algorithm: typeof DRAW_ALGORITHM;
  seed: string;
  /** Every group in drawn order, and whether it won. */
  order: DrawnGroup[];
  /** Entry ids that won places, in drawn order (a group's members in id order). */
  winners: string[];
  /** Every other entry id, in drawn order: their order in the waitlist's line. */
  waitlisted: string[];
  /** Places the winners take per camping option / job (every id of the input, 0 when none; sorted by id). */
  optionPlacesUsed: Map<string, number>;
  jobPlacesUsed: Map<string, number>;
}

/** How many places a group asks for on each option or job (an entry counts an id once). */
function demandOf(members: readonly DrawEntry[], pick: (entry: DrawEntry) => readonly string[]) {
  const demand = new Map<string, number>();
  for (const member of members) {
    for (const id of new Set(pick(member))) demand.set(id, (demand.get(id) ?? 0) + 1);
  }
  return demand;
}

function checkPlaces(kind: string, places: ReadonlyMap<string, number | null>, nullable: boolean) {
  for (const [id, left] of places) {
    const valid = (left === null && nullable) || (Number.isInteger(left) && (left as number) >= 0);
    if (!valid)
      throw new DrawInputError(`Places left on ${kind} ${id} must be a whole number ≥ 0, not ${left}`);
  }
}

/** Groups in canonical order (members sorted, groups by first id), checked against the entries. */
function canonicalGroups(entries: readonly DrawEntry[], groups: readonly (readonly string[])[]): string[][] {
  const known = new Set(entries.map((entry) => entry.id));
  const grouped = new Set<string>();
  const canonical = groups.map((group) => {
    if (group.length === 0) throw new DrawInputError('A draw group is empty');
    for (const id of group) {
      if (!known.has(id)) throw new DrawInputError(`A draw group names ${id}, which has no entry`);
      if (grouped.has(id)) throw new DrawInputError(`Draw entry ${id} is in more than one group`);
      grouped.add(id);
    }
    return sortedIds(group);
  });
  const missing = sortedIds(known).find((id) => !grouped.has(id));
  if (missing !== undefined) throw new DrawInputError(`Draw entry ${missing} is in no group`);
  return canonical.sort((a, b) => byCodeUnits(a[0] as string, b[0] as string));
}

/**
 * Draws the places (decision 049). Throws DrawInputError, having drawn nothing, when the inputs do not fit
 * together: a seed not of 32 hex characters, ids twice or missing from the groups, an option or job an entry
 * names without its places, places that are not whole numbers ≥ 0.
 */
export function runDraw(input: DrawInput): DrawResult {
  if (!DRAW_SEED_PATTERN.test(input.seed)) {
    throw new DrawInputError('A draw seed is 32 lower-case hexadecimal characters');
  }
  uniqueIds(input.entries);
  checkPlaces('camping option', input.optionPlaces, true);
  checkPlaces('job', input.jobPlaces, false);
  const byId = new Map(input.entries.map((entry) => [entry.id, entry]));
  for (const entry of input.entries) {
    for (const id of entry.campingOptionIds) {
      if (!input.optionPlaces.has(id)) {
        throw new DrawInputError(
          `Draw entry ${entry.id} names camping option ${id}, which has no places given`,
        );
      }
    }
    for (const id of entry.jobIds) {
      if (!input.jobPlaces.has(id)) {
        throw new DrawInputError(`Draw entry ${entry.id} names job ${id}, which has no places given`);
      }
    }
  }
  const groups = canonicalGroups(input.entries, input.groups ?? formGroups(input.entries).groups);

  const optionsLeft = new Map(input.optionPlaces);
  const jobsLeft = new Map(input.jobPlaces);
  const optionPlacesUsed = new Map(sortedIds(optionsLeft.keys()).map((id) => [id, 0]));
  const jobPlacesUsed = new Map(sortedIds(jobsLeft.keys()).map((id) => [id, 0]));
  const order: DrawnGroup[] = [];
  const winners: string[] = [];
  const waitlisted: string[] = [];

  for (const ids of new Prng(input.seed).shuffleUniform(groups)) {
    const members = ids.map((id) => byId.get(id) as DrawEntry);
    const options = demandOf(members, (entry) => entry.campingOptionIds);
    const jobs = demandOf(members, (entry) => entry.jobIds);
    const fits =
      [...options].every(([id, count]) => {
        const left = optionsLeft.get(id);
        return left === null || (left as number) >= count;
      }) && [...jobs].every(([id, count]) => (jobsLeft.get(id) as number) >= count);
    order.push({ ids, won: fits });
    if (!fits) {
      waitlisted.push(...ids);
      continue;
    }
    winners.push(...ids);
    for (const [id, count] of options) {
      const left = optionsLeft.get(id);
      if (left !== null) optionsLeft.set(id, (left as number) - count);
      optionPlacesUsed.set(id, (optionPlacesUsed.get(id) as number) + count);
    }
    for (const [id, count] of jobs) {
      jobsLeft.set(id, (jobsLeft.get(id) as number) - count);
      jobPlacesUsed.set(id, (jobPlacesUsed.get(id) as number) + count);
    }
  }
  return {
    algorithm: DRAW_ALGORITHM,
    seed: input.seed,
    order,
    winners,
    waitlisted,
    optionPlacesUsed,
    jobPlacesUsed,
  };
}
