import {
  compareShifts,
  dayLabel,
  dayOrder,
  jobSpots,
  festivalDayHeading,
  type EventCalendar,
  type DayOfWeek,
} from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';

/**
 * The shift lists' logic, shared by the wizard's Shifts step and /shifts: what a row shows, the filters'
 * choices, filtering, and grouping by day or by category. Pure functions: the components only render them.
 */

/** What a shift row needs of a job (a registration's job has no counters: no places are shown then). */
export type ShiftListJob = Pick<Job, 'id' | 'name' | 'location' | 'categoryId' | 'shift'> &
  Partial<Pick<Job, 'maxRegistrations' | 'currentRegistrations' | 'staffOnly' | 'active'>> & {
    category: { name: string };
  };

/** 'All' in every filter. */
export const ALL = '';

/** The filters of a list: a day value, a category id and a location, each ALL for no filter. */
export interface ShiftFilter {
  day: string;
  categoryId: string;
  location: string;
}

export const NO_FILTER: ShiftFilter = { day: ALL, categoryId: ALL, location: ALL };

export interface Choice {
  value: string;
  label: string;
}

/** A list of shifts under one heading: a day, or a category. */
export interface ShiftGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** '1 shift', '3 shifts'. */
export const shiftsWord = (count: number) => `${count} ${count === 1 ? 'shift' : 'shifts'}`;

/** Places left and the job's maximum (never below 0), or undefined for a job without counters. */
export function placesOf(job: ShiftListJob): { left: number; max: number } | undefined {
  if (job.maxRegistrations === undefined || job.currentRegistrations === undefined) return undefined;
  return {
    left: jobSpots({
      maxRegistrations: job.maxRegistrations,
      currentRegistrations: job.currentRegistrations,
    }),
    max: job.maxRegistrations,
  };
}

/** 'Full', or '3 of 5 left' (the wizard's and /shifts' words for a job's spots: short, to fit beside its name). */
export function placesText(places: { left: number; max: number }): string {
  return places.left <= 0 ? 'Full' : `${places.left} of ${places.max} left`;
}

/** Jobs in festival order: day, start and end time, then name. */
export const byWhen = (a: ShiftListJob, b: ShiftListJob): number =>
  compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name);

/** The jobs that pass every filter that is set. */
export function filterShifts<T extends ShiftListJob>(jobs: readonly T[], filter: ShiftFilter): T[] {
  return jobs.filter(
    (job) =>
      (filter.day === ALL || job.shift.dayOfWeek === filter.day) &&
      (filter.categoryId === ALL || job.categoryId === filter.categoryId) &&
      (filter.location === ALL || job.location === filter.location),
  );
}

/** The values the filters offer: the days (festival order), categories and locations (by name) in the jobs. */
export function filterChoices(
  jobs: readonly ShiftListJob[],
  calendar: EventCalendar | null = null,
): {
  days: Choice[];
  categories: Choice[];
  locations: Choice[];
} {
  const days = [...new Set(jobs.map((job) => job.shift.dayOfWeek))].sort((a, b) => dayOrder(a) - dayOrder(b));
  const categories = new Map(jobs.map((job) => [job.categoryId, job.category.name]));
  const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
  return {
    // With event dates each festival day is named with its date (docs/product.md §11): 'Monday, Aug 30'.
    days: days.map((value) => ({
      value,
      label: calendar ? festivalDayHeading(value, calendar) : dayLabel(value),
    })),
    categories: [...categories].map(([value, label]) => ({ value, label })).sort(byLabel),
    locations: [...new Set(jobs.map((job) => job.location))]
      .map((value) => ({ value, label: value }))
      .sort(byLabel),
  };
}

/** The jobs by day, days in festival order, each day's jobs by time then name; days without jobs left out. */
export function groupByDay<T extends ShiftListJob>(
  jobs: readonly T[],
  calendar: EventCalendar | null = null,
): ShiftGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const job of [...jobs].sort(byWhen)) {
    const day = job.shift.dayOfWeek;
    groups.set(day, [...(groups.get(day) ?? []), job]);
  }
  return [...groups].map(([key, items]) => ({
    key,
    label: festivalDayHeading(key as DayOfWeek, calendar),
    items,
  }));
}

/**
 * The jobs by category, in the categories' order as given (every category, even one without jobs), each
 * category's jobs in festival order.
 */
export function groupByCategory<T extends ShiftListJob>(
  categories: readonly { id: string; name: string }[],
  jobs: readonly T[],
): ShiftGroup<T>[] {
  return categories.map((category) => ({
    key: category.id,
    label: category.name,
    items: jobs.filter((job) => job.categoryId === category.id).sort(byWhen),
  }));
}

/** A list at most this long shows every group open; a longer one opens only its first group. */
export const SHORT_LIST = 12;

/** The groups that start open: all of a short list, else the first group with items (or the first). */
export function initiallyOpen(groups: readonly ShiftGroup<unknown>[]): string[] {
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  if (total <= SHORT_LIST) return groups.map((group) => group.key);
  const first = groups.find((group) => group.items.length > 0) ?? groups[0];
  return first ? [first.key] : [];
}
