// A person changes their own shifts on /shifts (docs/product.md §11 "Changing my shifts", decision 057): drop some,
// take others, in one call. Allowed while registration is open for them, or until the configuration's "Shift changes
// close" date (inclusive, in the camp's time zone). The texts people see and the window rule, in one place.

import { availabilityReason, type AvailabilityConfig, type AvailabilityUser } from './availability';
import { isoToWallTime } from './draw';
import { type DatedShiftInput, type EventCalendar, shiftMoments } from './event-dates';

/** At most this many shifts dropped, and as many taken, in one change. */
export const SHIFT_CHANGE_MAX = 20;

export const SHIFT_CHANGE_MESSAGES = {
  /** The window is shut: registration is closed for the person and the "Shift changes close" date has passed. */
  closed: (year: number) => `Shift changes for ${year} are closed.`,
  /** No registration of the year that holds places (Pending or Confirmed). */
  noRegistration: (year: number) =>
    `You have no registration for ${year} that holds a place, so there are no shifts to change.`,
  nothing: 'Choose a shift to drop or a shift to take.',
  dropAndTake: (job: string) => `"${job}" cannot be both dropped and taken.`,
  notHeld: (job: string) => `"${job}" is not one of your shifts.`,
  alreadyHeld: (job: string) => `"${job}" is already one of your shifts.`,
  started: (job: string) => `"${job}" has already started, so it can no longer be dropped.`,
  checkedIn: (job: string) => `"${job}" has been checked in, so it can no longer be dropped.`,
  tooMany: `You can drop or take at most ${SHIFT_CHANGE_MAX} shifts at once.`,
  /** The web's error when the change could not be sent. */
  failed: 'Your shifts could not be changed. Please try again.',
} as const;

export const SHIFT_CHANGE_TEXTS = {
  configLabel: 'Shift changes close',
  configHelp:
    'The last day (in the camp’s time zone) on which people may drop and take shifts on their own after registration has closed. Leave it empty to allow changes only while registration is open.',
  configInvalid: 'Shift changes close must be a date (YYYY-MM-DD)',
  openUntil: (date: string) => `You can change your shifts until ${date}.`,
  openWhileRegistration: 'You can change your shifts while registration is open.',
  mailSubject: (camp: string) => `${camp}: your shifts changed`,
  drop: 'Drop',
  dropTitle: 'Drop this shift?',
  dropBody: (job: string) =>
    `"${job}" will no longer be one of your shifts, and its place goes to someone else.`,
  dropConfirm: 'Drop shift',
  take: 'Take this shift',
  swap: 'Swap for…',
  swapTitle: 'Swap this shift',
  swapLabel: 'Take instead',
  swapConfirm: 'Swap shifts',
  swapNone: 'No other shift has a free place right now.',
  cancel: 'Cancel',
  dropped: (job: string) => `You dropped "${job}".`,
  taken: (job: string) => `"${job}" is now one of your shifts.`,
  swapped: (dropped: string, taken: string) => `You swapped "${dropped}" for "${taken}".`,
  pastShifts: 'Past shifts',
  /** The available shifts' filter. */
  onlyFree: 'Only with free places',
} as const;

/** Today's date (YYYY-MM-DD) in a time zone. */
export const dateInZone = (now: Date, timeZone: string): string =>
  isoToWallTime(now.toISOString(), timeZone).slice(0, 10);

export type ShiftChangesConfig = AvailabilityConfig & {
  timeZone: string;
  shiftChangesClose: string | null;
};

/**
 * Whether the person may change their shifts now (docs/product.md §11): registration open for them (the
 * `registrationAvailability` rule, their own registration aside) or today, in the camp's time zone, on or before
 * `shiftChangesClose`.
 */
export function shiftChangesOpen(
  config: ShiftChangesConfig,
  user: AvailabilityUser | null | undefined,
  now: Date,
): boolean {
  const reason = availabilityReason(config, user, []);
  if (reason === 'open' || reason === 'early') return true;
  return config.shiftChangesClose !== null && dateInZone(now, config.timeZone) <= config.shiftChangesClose;
}

/**
 * Whether a shift has started (`at: 'start'`) or ended (`at: 'end'`) by `now`: only with event dates, without which
 * a shift has no moment (then never). A started shift can no longer be dropped; an ended one is a past shift.
 */
export function shiftIsPast(
  shift: DatedShiftInput,
  calendar: EventCalendar | null,
  timeZone: string,
  now: Date,
  at: 'start' | 'end' = 'start',
): boolean {
  if (!calendar) return false;
  return Date.parse(shiftMoments(shift, calendar, timeZone)[at]) <= now.getTime();
}
