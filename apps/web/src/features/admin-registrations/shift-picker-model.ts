import type { Registration } from '@camp/shared/registrations';
import {
  compareShifts,
  dayLabel,
  type EventCalendar,
  findShiftOverlaps,
  isJobFull,
  jobIsActive,
  overlapPairText,
  shiftTimeRange,
} from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';
import { groupByDay, type ShiftGroup, type ShiftListJob } from '../work';

// The admin's shift picker: which jobs it offers, which can be ticked, what the filter box matches, and how
// the list is laid out (the registration's shifts first, then every other shift under its day). Pure
// functions: the picker only renders them.

/** A job the picker offers: one from the camp's list (with its places) or one the registration holds. */
export type PickerJob = ShiftListJob;

/**
 * Every job of the camp, plus any job the registration holds that the list lacks; when the jobs could not be
 * loaded, only the ones it holds (without places: they cannot be counted then).
 */
export function pickerJobs(
  jobs: readonly Job[] | undefined,
  registration: Pick<Registration, 'jobs'>,
): PickerJob[] {
  const held = registration.jobs.map(({ job }) => job);
  if (!jobs) return held;
  // Retired jobs take no new people; one the registration holds stays (docs/product.md §11 "Retired jobs and shifts").
  const heldIds = new Set(held.map((job) => job.id));
  const offered = jobs.filter((job) => jobIsActive(job) || heldIds.has(job.id));
  const listed = new Set(offered.map((job) => job.id));
  return [...offered, ...held.filter((job) => !listed.has(job.id))];
}

/** Whether a job has no free place (a job without counters is not known to be full). */
export function isPickerJobFull(job: PickerJob): boolean {
  return (
    job.maxRegistrations !== undefined &&
    job.currentRegistrations !== undefined &&
    isJobFull({ maxRegistrations: job.maxRegistrations, currentRegistrations: job.currentRegistrations })
  );
}

/** A full job can be ticked only when the registration already holds it (its place is its own). */
export function isPickable(job: PickerJob, heldIds: ReadonlySet<string>): boolean {
  return heldIds.has(job.id) || !isPickerJobFull(job);
}

/** The words of a filter, lower case ('  Gate  mon ' → ['gate', 'mon']). */
const words = (query: string): string[] => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether a job matches the filter box: every word is found in its name, job type, location, day or time
 * (case ignored). An empty filter matches every job.
 */
export function matchesShiftFilter(job: PickerJob, query: string): boolean {
  const text = [
    job.name,
    job.category.name,
    job.location,
    dayLabel(job.shift.dayOfWeek),
    shiftTimeRange(job.shift),
  ]
    .join(' ')
    .toLowerCase();
  return words(query).every((word) => text.includes(word));
}

export interface PickerSections {
  /** The registration's shifts (ticked or not), in festival order. */
  assigned: PickerJob[];
  /** Every other shift, under its day (festival order), as the wizard's Shifts step groups them. */
  days: ShiftGroup<PickerJob>[];
  /** How many shifts the filter lets through. */
  matching: number;
}

/**
 * The picker's list for a filter: the shifts the registration holds first (they stay there when unticked, so
 * the list does not jump while the admin works), then the rest grouped by day.
 */
export function pickerSections(
  jobs: readonly PickerJob[],
  heldIds: ReadonlySet<string>,
  query: string,
): PickerSections {
  const matching = jobs.filter((job) => matchesShiftFilter(job, query));
  const assigned = matching
    .filter((job) => heldIds.has(job.id))
    .sort((a, b) => compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name));
  const days = groupByDay(matching.filter((job) => !heldIds.has(job.id)));
  return { assigned, days, matching: matching.length };
}

/** The chosen jobs in festival order (those the list does not know are left out). */
export function chosenJobs(jobs: readonly PickerJob[], selected: readonly string[]): PickerJob[] {
  const chosen = new Set(selected);
  return jobs
    .filter((job) => chosen.has(job.id))
    .sort((a, b) => compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name));
}

/**
 * The picked jobs that overlap in time (docs/product.md §11, decision 056), each pair as 'A overlaps B', in festival
 * order: what the edit's warning lists. None without event dates.
 */
export function pickedOverlaps(
  jobs: readonly PickerJob[],
  ids: readonly string[],
  calendar: EventCalendar | null,
): string[] {
  const picked = jobs
    .filter((job) => ids.includes(job.id))
    .sort((a, b) => compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name));
  return findShiftOverlaps(picked, calendar).map((overlap) => overlapPairText(overlap, calendar));
}
