// Work: job categories, shifts and jobs (docs/product.md §3, §5): limits, messages and shift times, without zod.

/** Festival days in schedule order (docs/product.md §2 work schedule, §3 Shift). */
export const DAYS_OF_WEEK = [
  'PRE_OPENING',
  'OPENING_SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'CLOSING_SUNDAY',
  'POST_EVENT',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const DAY_LABELS: Record<DayOfWeek, string> = {
  PRE_OPENING: 'Pre-Opening',
  OPENING_SUNDAY: 'Opening Sunday',
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  CLOSING_SUNDAY: 'Closing Sunday',
  POST_EVENT: 'Post-Event',
};

/** Sort key of a day in festival order; unknown days sort last. */
export function dayOrder(day: string): number {
  const index = (DAYS_OF_WEEK as readonly string[]).indexOf(day);
  return index === -1 ? DAYS_OF_WEEK.length : index;
}

export const JOB_CATEGORY_NAME_MAX = 100;
export const JOB_CATEGORY_DESCRIPTION_MAX = 500;
export const JOB_NAME_MAX = 100;
export const JOB_LOCATION_MAX = 100;
export const JOB_MAX_REGISTRATIONS_DEFAULT = 5;
/** A sanity bound: far above any camp's job, far below the integer column's range. */
export const JOB_MAX_REGISTRATIONS_LIMIT = 10_000;
export const SHIFT_NAME_MAX = 100;
export const SHIFT_DESCRIPTION_MAX = 500;
/** The shift form's defaults (docs/product.md §9). */
export const SHIFT_DEFAULTS = { startTime: '09:00', endTime: '17:00', dayOfWeek: 'MONDAY' } as const;

export const JOB_CATEGORY_REQUIRED_MESSAGE = 'Name and description are required.';
export const JOB_REQUIRED_MESSAGE = 'All fields are required.';
export const JOB_MAX_REGISTRATIONS_MESSAGE = 'Maximum registrations must be a positive number.';
export const SHIFT_REQUIRED_MESSAGE = 'Name, day, start time, and end time are required.';
export const SHIFT_TIME_FORMAT_MESSAGE = 'Times must be in HH:MM format (e.g., "09:00" or "17:30")';
export const DAY_OF_WEEK_MESSAGE = `Day must be one of ${DAYS_OF_WEEK.join(', ')}`;

// ---- Shift times ---------------------------------------------------------------------------------------

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;
/** The wall-clock time written in an ISO timestamp: 1970-01-01T09:00:00.000Z → 09:00. */
const ISO_TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A shift time as HH:MM from what a client may send: HH:MM, HH:MM:SS (as the database stores it) or an ISO
 * timestamp (docs/product.md §3: "ISO timestamps may also appear"), of which the time as written is taken, without
 * converting zones — shift times are the camp's local wall-clock times. Undefined when it is none of these.
 */
export function parseShiftTime(value: string): string | undefined {
  const trimmed = value.trim();
  const match = HH_MM.exec(trimmed) ?? ISO_TIMESTAMP.exec(trimmed);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

/** A database time ('09:00:00') as the API answers it ('09:00'). */
export function formatShiftTime(value: string): string {
  return parseShiftTime(value) ?? value;
}

/** The times of a shift as every screen shows them: '09:00–17:00' (en dash). */
export function shiftTimeRange(shift: { startTime: string; endTime: string }): string {
  return `${formatShiftTime(shift.startTime)}–${formatShiftTime(shift.endTime)}`;
}

/** A day's readable label (docs/product.md §3), e.g. 'Opening Sunday'; an unknown day as given. */
export function dayLabel(day: string): string {
  return DAY_LABELS[day as DayOfWeek] ?? day;
}

/** When a shift is, as every screen shows it: 'Monday 09:00–17:00'. */
export function shiftWhenText(shift: { dayOfWeek: string; startTime: string; endTime: string }): string {
  return `${dayLabel(shift.dayOfWeek)} ${shiftTimeRange(shift)}`;
}

/** Shifts in festival order (PRE_OPENING … POST_EVENT), then by start time, then by end time. */
export function compareShifts(
  a: { dayOfWeek: string; startTime: string; endTime: string },
  b: { dayOfWeek: string; startTime: string; endTime: string },
): number {
  return (
    dayOrder(a.dayOfWeek) - dayOrder(b.dayOfWeek) ||
    formatShiftTime(a.startTime).localeCompare(formatShiftTime(b.startTime)) ||
    formatShiftTime(a.endTime).localeCompare(formatShiftTime(b.endTime))
  );
}

export const SHIFT_SAME_TIMES_MESSAGE = 'End time must be different from start time.';

/**
 * Whether a shift's times are acceptable. An end before the start is a shift past midnight (22:00-02:00), which
 * night shifts need; the same time twice is a shift of no length, always a slip.
 */
export function shiftTimesValid(startTime: string, endTime: string): boolean {
  return startTime !== endTime;
}

// ---- Retired jobs and shifts (docs/product.md §11 "Retired jobs and shifts") ---------------------------------

/**
 * Whether a job takes new people: it is active and so is its shift (a retired shift's jobs count as retired).
 * People already on a retired job keep it; only new assignments are refused.
 */
export function jobIsActive(job: { active: boolean; shift: { active: boolean } }): boolean {
  return job.active && job.shift.active;
}

/** Texts and messages of retiring (docs/product.md §11 "Retired jobs and shifts"). */
export const RETIRED_WORK_TEXTS = {
  /** The badge beside a retired job or shift (admin lists) and the note beside a person's own retired job. */
  badge: 'Retired',
  /** Admin → Jobs: beside an active job whose shift is retired (it takes nobody new either). */
  shiftRetiredBadge: 'Shift retired',
  /** The refusal of any new assignment to a retired job (the job's label: 'Gate (Morning, Monday)'). */
  jobRetired: (job: string) => `"${job}" is retired and takes no new people.`,
  retire: 'Retire',
  reactivate: 'Reactivate',
  showRetired: 'Show retired',
  retireJobTitle: 'Retire this job?',
  retireJobBody: (job: string) =>
    `"${job}" will no longer be offered to anyone: it is hidden from registration and from the shifts page, and nobody new can be added to it or join its waitlist. People already on it keep it. You can reactivate it at any time.`,
  retireShiftTitle: 'Retire this shift?',
  retireShiftBody: (shift: string) =>
    `"${shift}" and all its jobs will no longer be offered to anyone: they are hidden from registration and from the shifts page, and nobody new can be added to them or join their waitlists. People already on them keep them. You can reactivate it at any time.`,
  retired: (name: string) => `"${name}" was retired.`,
  reactivated: (name: string) => `"${name}" was reactivated.`,
  changeFailed: 'The change could not be saved. Please try again.',
  /** Beside a person's own job on the dashboard and /shifts when the job or its shift is retired. */
  ownRetiredNote: 'Retired: you keep this shift, but it takes no new people.',
} as const;
