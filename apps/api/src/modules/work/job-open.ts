import { type DayOfWeek, jobIsActive, jobLabel, RETIRED_WORK_TEXTS } from '@camp/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs, shifts } from '../../db/schema/index';
import { conflict } from '../../lib/app-error';

// "Does this job take new people?" on the server (docs/product.md §11 "Retired jobs and shifts"): every path that
// adds someone to a job asks it here, with the shared rule (jobIsActive) and the one shared message. People
// already on a retired job keep it: callers ask only about the jobs they add.

/** A job with its shift, as the paths that add people read them (full rows or the few columns named here). */
export interface JobAndShift {
  job: { name: string; active: boolean };
  shift: { name: string; active: boolean; dayOfWeek: DayOfWeek };
}

/** The refusal of each job among `work` that is retired (or whose shift is), in the order given. */
export function retiredJobMessages(work: readonly JobAndShift[]): string[] {
  return work
    .filter(({ job, shift }) => !jobIsActive({ active: job.active, shift }))
    .map(({ job, shift }) => RETIRED_WORK_TEXTS.jobRetired(jobLabel(job.name, shift.name, shift.dayOfWeek)));
}

/** 409 naming every retired job among `work` (one message, or a list when several are), else nothing. */
export function assertJobsTakeNewPeople(work: readonly JobAndShift[]): void {
  const messages = retiredJobMessages(work);
  if (messages.length > 0) throw conflict(messages.length === 1 ? (messages[0] as string) : messages);
}

/**
 * The same check by ids, reading the jobs and their shifts in the caller's transaction: 409 with the shared
 * message when any of `jobIds` is retired. Ids that are not there are the caller's to refuse (404 or 400).
 */
export async function assertJobIdsTakeNewPeople(db: DbOrTx, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  const rows = await db
    .select({
      job: { name: jobs.name, active: jobs.active },
      shift: { name: shifts.name, active: shifts.active, dayOfWeek: shifts.dayOfWeek },
    })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(inArray(jobs.id, [...jobIds]))
    .orderBy(jobs.id);
  assertJobsTakeNewPeople(rows);
}
