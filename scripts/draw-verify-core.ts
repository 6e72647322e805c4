import { DrawSummarySchema, type DrawEntryState } from '@camp/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../apps/api/src/db/client';
import { auditRecords, drawEntries, draws, users } from '../apps/api/src/db/schema/index';
import { drawDigest } from '../apps/api/src/modules/draw/draw-run';
import { DRAW_ALGORITHM, type DrawEntry, runDraw } from '../apps/api/src/modules/waitlist/draw';

// Re-running a stored draw (docs/product.md §10, decision 049): what npm run draw:verify does, as a function the
// test calls on a database of its own.

/** What a re-run of a year's stored draw found. */
export type DrawVerification =
  | { status: 'no draw'; year: number; reason: string }
  | {
      status: 'equal' | 'unequal';
      year: number;
      seed: string;
      algorithm: string;
      ranAt: Date;
      /** Entries that took part in the draw (they have a drawn position). */
      entries: number;
      storedDigest: string | null;
      /** The re-run's digest; null when the draw could not be re-run (see problems). */
      digest: string | null;
      /** Why it is unequal, one line each: the digest, entries whose stored outcome differs, inputs. */
      problems: string[];
    };

/** How many differing entries are named one by one before the rest are counted. */
const NAMED_DIFFERENCES = 20;

/**
 * Re-runs the year's stored draw: the draws row's seed and algorithm, the entries that took part (ENTERED at the
 * run: they carry a drawn position) with their choices as stored, `formGroups` + `runDraw`, and the digest
 * compared with the stored one; each entry's stored state and drawn position are compared with the re-run's.
 *
 * - **Choices.** The draw dropped choices of options and jobs that no longer existed when it ran; those it
 *   did use are exactly the ids the summary lists under places used (every option and job of its input), so
 *   the re-run keeps those and drops the rest the same way.
 * - **Places.** The summary stores the places each option and job gave the winners, not the places that were
 *   left. Walking with "left = used" gives the same outcome: every winning group still fits (the winners
 *   together use exactly that many), and every waitlisted group still does not (at its turn, less or the same
 *   is left than in the real walk, and an option without a limit never made a group lose).
 * - **Addresses.** "Camp with" names link people by address. The draw's DRAW_ENTRY audit records hold the
 *   address each entry was drawn under; an account's present address is used only where that record is
 *   missing (draws run before it was recorded).
 */
export async function verifyDraw(db: DbOrTx, year: number): Promise<DrawVerification> {
  const [draw] = await db.select().from(draws).where(eq(draws.year, year));
  if (!draw) return { status: 'no draw', year, reason: `No draw is stored for ${year}.` };
  if (!draw.ranAt) {
    return { status: 'no draw', year, reason: `The ${year} draw is scheduled but has not run yet.` };
  }
  const rows = await db
    .select({
      id: drawEntries.id,
      email: users.email,
      state: drawEntries.state,
      drawnPosition: drawEntries.drawnPosition,
      campWith: drawEntries.campWith,
      campingOptionIds: drawEntries.campingOptionIds,
      jobIds: drawEntries.jobIds,
    })
    .from(drawEntries)
    .innerJoin(users, eq(users.id, drawEntries.userId))
    .where(and(eq(drawEntries.year, year), isNotNull(drawEntries.drawnPosition)))
    .orderBy(asc(drawEntries.id));
  const problems: string[] = [];
  const answer = (digest: string | null, storedDigest: string | null): DrawVerification => ({
    status: problems.length === 0 && digest !== null && digest === storedDigest ? 'equal' : 'unequal',
    year,
    seed: draw.seed,
    algorithm: draw.algorithm,
    ranAt: draw.ranAt as Date,
    entries: rows.length,
    storedDigest,
    digest,
    problems,
  });

  const summary = DrawSummarySchema.safeParse(draw.summary);
  if (!summary.success) {
    problems.push('The stored summary is not a draw summary: there is no digest to compare with.');
    return answer(null, null);
  }
  const stored = summary.data;
  if (draw.algorithm !== DRAW_ALGORITHM) {
    problems.push(
      `The draw names the algorithm ${draw.algorithm}; this tool re-runs ${DRAW_ALGORITHM} only.`,
    );
    return answer(null, stored.digest);
  }

  const drawnAs = await drawnAddresses(
    db,
    rows.map((row) => row.id),
  );
  const options = new Set(stored.optionPlacesUsed.map((place) => place.id));
  const jobs = new Set(stored.jobPlacesUsed.map((place) => place.id));
  const entries: DrawEntry[] = rows.map((row) => ({
    id: row.id,
    email: drawnAs.get(row.id) ?? row.email,
    campWith: row.campWith,
    campingOptionIds: row.campingOptionIds.filter((id) => options.has(id)),
    jobIds: row.jobIds.filter((id) => jobs.has(id)),
  }));
  let result: ReturnType<typeof runDraw>;
  try {
    result = runDraw({
      seed: draw.seed,
      entries,
      optionPlaces: new Map(stored.optionPlacesUsed.map((place) => [place.id, place.used])),
      jobPlaces: new Map(stored.jobPlacesUsed.map((place) => [place.id, place.used])),
    });
  } catch (error) {
    problems.push(
      `The stored draw cannot be re-run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return answer(null, stored.digest);
  }
  const digest = drawDigest(result);
  if (digest !== stored.digest) problems.push('The re-run digest differs from the stored one.');

  const position = new Map(result.order.flatMap((group) => group.ids).map((id, index) => [id, index]));
  const winners = new Set(result.winners);
  const differing = rows.flatMap((row) => {
    const state: DrawEntryState = winners.has(row.id) ? 'WON' : 'WAITLISTED';
    const at = position.get(row.id);
    return row.state === state && row.drawnPosition === at
      ? []
      : [
          `Entry ${row.id} (${row.email}): stored ${row.state} at position ${row.drawnPosition}, ` +
            `re-run ${state} at position ${at}.`,
        ];
  });
  problems.push(...differing.slice(0, NAMED_DIFFERENCES));
  if (differing.length > NAMED_DIFFERENCES) {
    problems.push(`… and ${differing.length - NAMED_DIFFERENCES} more entries whose outcome differs.`);
  }
  return answer(digest, stored.digest);
}

/** The address each entry was drawn under, from the draw's DRAW_ENTRY audit records (where they hold one). */
async function drawnAddresses(db: DbOrTx, entryIds: string[]): Promise<Map<string, string>> {
  if (entryIds.length === 0) return new Map();
  const records = await db
    .select({ values: auditRecords.newValues })
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.actionType, 'DRAW_ENTRY'),
        inArray(sql<string>`${auditRecords.newValues} ->> 'entryId'`, entryIds),
      ),
    );
  const addresses = new Map<string, string>();
  for (const { values } of records) {
    const record = values as { entryId?: unknown; email?: unknown } | null;
    if (typeof record?.entryId === 'string' && typeof record.email === 'string') {
      addresses.set(record.entryId, record.email);
    }
  }
  return addresses;
}

/** The verification as the command prints it, line by line. */
export function describeVerification(verification: DrawVerification): string[] {
  if (verification.status === 'no draw') return [verification.reason];
  const lines = [
    `The ${verification.year} draw, run ${verification.ranAt.toISOString()}: ${verification.entries} entries.`,
    `Seed:          ${verification.seed}`,
    `Algorithm:     ${verification.algorithm}`,
    `Stored digest: ${verification.storedDigest ?? '(none)'}`,
    `Re-run digest: ${verification.digest ?? '(not re-run)'}`,
  ];
  if (verification.status === 'equal') {
    lines.push('EQUAL: the stored seed and entries give the stored outcome.');
  } else {
    lines.push('NOT EQUAL: the stored seed and entries do not give the stored outcome.');
    lines.push(...verification.problems.map((problem) => `  ${problem}`));
  }
  return lines;
}
