import { formatShiftTime, type JobCategory, type Role, type ShiftSummary } from '@camp/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type jobCategories, registrationJobs, registrations, type shifts } from '../../db/schema/index';

// What the three work services (categories, shifts, jobs) share: visibility, mappers and live counts.

export type JobCategoryRow = typeof jobCategories.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;

/** Who is asking, as far as work goes: staff-only categories and their jobs exist for staff only. */
export interface WorkViewer {
  seesStaffOnly: boolean;
}

/** Staff and admins see staff-only work (spec §3 Job category, §6). */
export function workViewer(role: Role): WorkViewer {
  return { seesStaffOnly: role === 'STAFF' || role === 'ADMIN' };
}

/** A viewer who sees everything: for answers to admins' own writes. */
export const ALL_WORK: WorkViewer = { seesStaffOnly: true };

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function toJobCategoryDto(row: JobCategoryRow): JobCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    staffOnly: row.staffOnly,
    alwaysRequired: row.alwaysRequired,
  };
}

/** A shift without its jobs; the database's 'HH:MM:SS' times become 'HH:MM'. */
export function toShiftSummaryDto(row: ShiftRow): ShiftSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startTime: formatShiftTime(row.startTime),
    endTime: formatShiftTime(row.endTime),
    dayOfWeek: row.dayOfWeek,
  };
}

/**
 * Registrations holding a place on each job in a registration year: linked registrations of that year that are
 * not cancelled (architecture §4b; places are per year), counted from the rows so what people see is the truth
 * even if a counter column ever drifted. The registration module's capacity check counts the same thing
 * (modules/registrations/capacity.ts).
 */
export async function activeJobCounts(
  ids: readonly string[],
  db: DbOrTx,
  year: number,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: registrationJobs.jobId, count: sql<number>`count(*)::int` })
    .from(registrationJobs)
    .innerJoin(registrations, eq(registrations.id, registrationJobs.registrationId))
    .where(
      and(
        inArray(registrationJobs.jobId, [...ids]),
        eq(registrations.year, year),
        ne(registrations.status, 'CANCELLED'),
      ),
    )
    .groupBy(registrationJobs.jobId);
  return new Map(rows.map((row) => [row.id, row.count]));
}
