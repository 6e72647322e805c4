// No double-booking (docs/product.md §11, decision 056): two shifts that overlap in time cannot both be held by one
// person. The rule needs the event's dates: without them shifts are days of the week only and the app behaves as
// before (a camp that never set its dates keeps the old rules). The wizard, the server's submission, the shift
// changes of /shifts, the shift waitlist and the admin's edit all ask this one function.

import { type DatedShiftInput, type EventCalendar, shiftWallTimes, shiftWhenDated } from './event-dates';

/** A job someone holds or picks, with the shift that says when it is. */
export interface OverlapJob {
  id: string;
  name: string;
  shift: DatedShiftInput & { name: string };
}

/** Two of a person's jobs whose shifts overlap in time. */
export interface ShiftOverlap<J extends OverlapJob = OverlapJob> {
  first: J;
  second: J;
}

/**
 * Whether two shifts overlap in time: their wall-clock spans share more than an instant (one ending at 12:00 and the
 * next starting at 12:00 do not overlap). Wall-clock times of one time zone: a daylight-saving change moves both.
 */
export function shiftsOverlap(a: DatedShiftInput, b: DatedShiftInput, calendar: EventCalendar): boolean {
  const first = shiftWallTimes(a, calendar);
  const second = shiftWallTimes(b, calendar);
  return first.start < second.end && second.start < first.end;
}

/**
 * Every pair of the jobs whose shifts overlap, in the order the jobs were given (each pair once, first before
 * second). Empty without event dates (decision 056).
 */
export function findShiftOverlaps<J extends OverlapJob>(
  jobs: readonly J[],
  calendar: EventCalendar | null,
): Array<ShiftOverlap<J>> {
  if (!calendar) return [];
  const overlaps: Array<ShiftOverlap<J>> = [];
  for (let i = 0; i < jobs.length; i += 1) {
    for (let j = i + 1; j < jobs.length; j += 1) {
      const first = jobs[i] as J;
      const second = jobs[j] as J;
      if (shiftsOverlap(first.shift, second.shift, calendar)) overlaps.push({ first, second });
    }
  }
  return overlaps;
}

/**
 * The overlapping pairs of a person's jobs after a change that involve a job the change adds: overlaps among jobs
 * already held (an admin may have acknowledged them) do not stop a change that adds nothing overlapping.
 */
export function addedShiftOverlaps<J extends OverlapJob>(
  jobs: readonly J[],
  added: readonly string[],
  calendar: EventCalendar | null,
): Array<ShiftOverlap<J>> {
  const adding = new Set(added);
  return findShiftOverlaps(jobs, calendar).filter(
    (pair) => adding.has(pair.first.id) || adding.has(pair.second.id),
  );
}

/** A job as the overlap message names it: 'Gate — Morning (Monday, Aug 30, 09:00–12:00)'. */
export function overlapJobLabel(job: OverlapJob, calendar: EventCalendar | null): string {
  return `${job.name} — ${job.shift.name} (${shiftWhenDated(job.shift, calendar)})`;
}

export const SHIFT_OVERLAP_MESSAGES = {
  /** The wizard's, /shifts' and the server's refusal, naming both shifts. */
  overlap: (first: string, second: string) =>
    `"${first}" and "${second}" overlap in time. Choose only one of them.`,
  /** The admin's edit: the warning above the acknowledgement. */
  adminWarning: 'These shifts overlap in time:',
  /** One pair as the admin's warning, the 409 and Admin → Shifts list it. */
  pair: (first: string, second: string) => `${first} overlaps ${second}`,
  adminAcknowledge: 'Save anyway: I know this person is booked on overlapping shifts',
  adminAcknowledgeRequired:
    'The shifts overlap in time. Tick the acknowledgement to save this registration anyway.',
} as const;

/** Admin → Shifts, "Overlapping assignments" (docs/product.md §11). */
export const SHIFT_OVERLAP_TEXTS = {
  adminHeading: 'Overlapping assignments',
  adminIntro: 'People of the registration year who hold two shifts that overlap in time.',
  adminEmpty: 'Nobody holds shifts that overlap in time.',
  adminNoDates:
    'Overlaps need the event dates: set Opening Sunday in Site Configuration and shifts that overlap will show here.',
  adminLoadFailed: 'The overlapping assignments could not be loaded.',
  /** One job of a pair: 'Gate — Morning: Monday, Aug 30, 09:00–13:00'. */
  adminJob: (jobName: string, shiftName: string, when: string) => `${jobName} — ${shiftName}: ${when}`,
} as const;

/** The refusal for one overlapping pair, as every screen and the server word it. */
export function overlapMessage(overlap: ShiftOverlap, calendar: EventCalendar | null): string {
  return SHIFT_OVERLAP_MESSAGES.overlap(
    overlapJobLabel(overlap.first, calendar),
    overlapJobLabel(overlap.second, calendar),
  );
}

/** One overlapping pair as the admin's screens list it: 'Gate — Morning (…) overlaps Bar — Early (…)'. */
export function overlapPairText(overlap: ShiftOverlap, calendar: EventCalendar | null): string {
  return SHIFT_OVERLAP_MESSAGES.pair(
    overlapJobLabel(overlap.first, calendar),
    overlapJobLabel(overlap.second, calendar),
  );
}
