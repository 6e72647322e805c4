// Check-in (docs/product.md §11): staff and admins mark, per shift, who showed up. A registration's job without a
// mark has not been checked yet; the reports count SHOWED as shows and NO_SHOW as no-shows.

import { displayName } from './users';

export const ATTENDANCE_STATES = ['SHOWED', 'NO_SHOW'] as const;
export type Attendance = (typeof ATTENDANCE_STATES)[number];

export const ATTENDANCE_LABELS: Record<Attendance, string> = {
  SHOWED: 'Showed up',
  NO_SHOW: 'No-show',
};

/** The marks a dashboard shift shows beside it (docs/product.md §11 Check-in). */
export const ATTENDANCE_BADGES: Record<Attendance, string> = {
  SHOWED: 'Checked in',
  NO_SHOW: 'No-show',
};

/** What the API answers (docs/product.md §11 Check-in). */
export const CHECK_IN_MESSAGES = {
  attendance: 'Attendance must be SHOWED, NO_SHOW or null',
  rowId: 'Invalid check-in row id',
  shiftId: 'Invalid shift id',
  shiftNotFound: 'Shift not found',
  rowNotFound: 'This person is not on a shift of the registration year',
} as const;

/** The texts of the check-in screen (docs/product.md §11 Check-in). */
export const CHECK_IN_TEXTS = {
  title: 'Check-in',
  intro: 'Pick a shift, then mark who showed up and who did not.',
  shiftLabel: 'Shift',
  shiftPlaceholder: 'Pick a shift',
  noShifts: 'There are no shifts to check in yet.',
  filterLabel: 'Filter by name',
  filterPlaceholder: 'Name or playa name',
  showed: 'Showed up',
  noShow: 'No-show',
  people: 'People',
  showedCount: 'Showed up',
  noShowCount: 'No-show',
  unmarkedCount: 'Not marked',
  empty: 'No one is signed up for this shift.',
  noMatch: 'No one on this shift matches the filter.',
  loading: 'Loading check-in...',
  loadFailed: 'Failed to load the check-in list',
  markFailed: 'The mark could not be saved. Please try again.',
  markedBy: (name: string, when: string) => `Marked by ${name}, ${when}`,
  now: 'Now',
} as const;

/** The report columns and filter of shows and no-shows (docs/product.md §11 Check-in). */
export const ATTENDANCE_REPORT_TEXTS = {
  /** The user report's columns (and CSV headers). */
  shows: 'Shows',
  noShows: 'No-shows',
  /** The user report's one column for both, its cells '2 / 1'. */
  showsAndNoShows: 'Shows / No-shows',
  /** The user report's filter and its choices. */
  hasNoShows: 'Has no-shows',
  any: 'All',
  yes: 'Yes',
  no: 'No',
  /** The work schedule's per-job counts (and CSV headers). */
  showed: 'Showed',
  noShow: 'No-show',
} as const;

/** A person's name as the check-in list shows it: "First Last (Playa)", or the playa name alone. */
export function checkInName(person: {
  firstName: string | null;
  lastName: string | null;
  playaName: string | null;
}): string {
  const full = displayName(person);
  const playa = person.playaName?.trim() ?? '';
  if (full && playa) return `${full} (${playa})`;
  return full || playa || '—';
}

/** Whether a check-in row matches the name filter (any of its names, case and accents aside). */
export function checkInNameMatches(
  person: { firstName: string | null; lastName: string | null; playaName: string | null },
  filter: string,
): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(filter.trim());
  if (!wanted) return true;
  return fold(checkInName(person)).includes(wanted);
}
