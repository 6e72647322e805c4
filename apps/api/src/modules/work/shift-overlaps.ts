import {
  addedShiftOverlaps,
  type EventCalendar,
  eventCalendarOf,
  overlapJobLabel,
  overlapMessage,
  type OverlapJob,
  type ShiftOverlap,
} from '@camp/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campConfig, jobs, registrationJobs, shifts } from '../../db/schema/index';

// No double-booking on the server (docs/product.md §11, decision 056): the one place that loads a person's jobs
// with their shifts and asks the shared rule. The submission, the shift waitlist (join, accept, the fill), the
// admin edit and the participant's shift changes on /shifts all go through here.

/** The event's calendar as the configuration holds it now: null without an Opening Sunday (then nothing overlaps). */
export async function eventCalendarNow(db: DbOrTx): Promise<EventCalendar | null> {
  const [row] = await db.select({ openingSunday: campConfig.openingSunday }).from(campConfig).limit(1);
  return row ? eventCalendarOf(row) : null;
}

/** The jobs among `ids` that exist, with their shifts, in the order of `ids`. */
export async function overlapJobsOf(db: DbOrTx, ids: readonly string[]): Promise<OverlapJob[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: jobs.id,
      name: jobs.name,
      shiftName: shifts.name,
      dayOfWeek: shifts.dayOfWeek,
      dayOffset: shifts.dayOffset,
      startTime: shifts.startTime,
      endTime: shifts.endTime,
    })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(inArray(jobs.id, [...new Set(ids)]));
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        shift: {
          name: row.shiftName,
          dayOfWeek: row.dayOfWeek,
          dayOffset: row.dayOffset,
          startTime: row.startTime,
          endTime: row.endTime,
        },
      },
    ]),
  );
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** The job ids a registration holds (its link rows). */
export async function heldJobIdsOf(db: DbOrTx, registrationId: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: registrationJobs.jobId })
    .from(registrationJobs)
    .where(eq(registrationJobs.registrationId, registrationId));
  return rows.map((row) => row.jobId);
}

/** An overlapping pair as answers and audit records carry it: both jobs' ids and labels. */
export interface OverlapPairValues {
  first: { jobId: string; label: string };
  second: { jobId: string; label: string };
}

export function overlapPairValues(overlap: ShiftOverlap, calendar: EventCalendar | null): OverlapPairValues {
  return {
    first: { jobId: overlap.first.id, label: overlapJobLabel(overlap.first, calendar) },
    second: { jobId: overlap.second.id, label: overlapJobLabel(overlap.second, calendar) },
  };
}

/**
 * The refusal of a change to what a registration holds: `add` the jobs it would gain, `remove` those it would give
 * up. Only pairs with a job added count (overlaps an admin acknowledged earlier do not block a change that adds
 * nothing overlapping). Answers `overlapMessage` of the first such pair, or null; the caller throws it with the
 * status its route uses. Call it inside the transaction that holds the registration's row lock, so that what it
 * holds cannot change meanwhile. `calendar` may be passed when already read; otherwise it is read here.
 */
export async function shiftOverlapRefusal(
  db: DbOrTx,
  registrationId: string,
  change: { add: readonly string[]; remove?: readonly string[] },
  calendar?: EventCalendar | null,
): Promise<string | null> {
  const dates = calendar === undefined ? await eventCalendarNow(db) : calendar;
  if (!dates || change.add.length === 0) return null;
  const removed = new Set(change.remove ?? []);
  const kept = (await heldJobIdsOf(db, registrationId)).filter(
    (id) => !removed.has(id) && !change.add.includes(id),
  );
  const list = await overlapJobsOf(db, [...kept, ...change.add]);
  const [first] = addedShiftOverlaps(list, change.add, dates);
  return first ? overlapMessage(first, dates) : null;
}
