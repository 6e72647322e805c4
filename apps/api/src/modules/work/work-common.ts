import { formatShiftTime, isStaffRole, type JobCategory, type Role, type ShiftSummary } from '@camp/shared';
import type { DbOrTx } from '../../db/client';
import type { jobCategories, shifts } from '../../db/schema/index';
import { activePlaceCounts, JOB_PLACES } from '../registrations/capacity';

// What the three work services (categories, shifts, jobs) share: visibility, mappers and live counts.

export type JobCategoryRow = typeof jobCategories.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;

/** Who is asking, as far as work goes: staff-only categories and their jobs exist for staff only. */
export interface WorkViewer {
  seesStaffOnly: boolean;
  /**
   * Whether the lists of jobs and shifts include retired ones (with `active: false`): for admins only, who manage
   * them. Everyone else signs up from those lists (the wizard, /shifts), where a retired job takes nobody; staff
   * reports (the work schedule, a shift's registrations) read everything anyway (docs/product.md §11).
   */
  seesRetired: boolean;
}

/** Staff and admins see staff-only work (docs/product.md §3 Job category, §6); admins see retired work. */
export function workViewer(role: Role): WorkViewer {
  return { seesStaffOnly: isStaffRole(role), seesRetired: role === 'ADMIN' };
}

/** A viewer who sees everything: for answers to admins' own writes. */
export const ALL_WORK: WorkViewer = { seesStaffOnly: true, seesRetired: true };

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
    dayOffset: row.dayOffset,
    active: row.active,
  };
}

/** Registrations holding a place on each job in a registration year (see capacity.ts). */
export const activeJobCounts = (ids: readonly string[], db: DbOrTx, year: number) =>
  activePlaceCounts(JOB_PLACES, ids, db, year);
