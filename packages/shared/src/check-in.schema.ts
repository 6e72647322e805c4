import { z } from 'zod';
import { DayOfWeekSchema } from './enums.schema';
import { ATTENDANCE_STATES, CHECK_IN_MESSAGES } from './rules';

// Check-in (docs/product.md §11 Check-in, decision 058): staff and admins mark, per shift of the registration year,
// who showed up. Names only: no e-mail, phone or payment data.

export const AttendanceSchema = z.enum(ATTENDANCE_STATES);

/** How many people a shift (or job) has, and how many of them are marked either way. */
export const CheckInCountsSchema = z.object({
  people: z.number().int(),
  shows: z.number().int(),
  noShows: z.number().int(),
  unmarked: z.number().int(),
});
export type CheckInCounts = z.infer<typeof CheckInCountsSchema>;

/** A shift as the check-in screen lists it, with its date and moments when the camp has event dates. */
export const CheckInShiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  dayOfWeek: DayOfWeekSchema,
  dayOffset: z.number().int(),
  /** HH:MM, 24 hours. */
  startTime: z.string(),
  endTime: z.string(),
  /** Its date (YYYY-MM-DD) with event dates (docs/product.md §11); else null. */
  date: z.string().nullable(),
  /** When it starts and ends (ISO, UTC) with event dates; else null. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  counts: CheckInCountsSchema,
});
export type CheckInShift = z.infer<typeof CheckInShiftSchema>;

/** GET /check-in/shifts: every shift in time order (festival order without event dates). */
export const CheckInShiftListSchema = z.object({
  year: z.number().int(),
  shifts: z.array(CheckInShiftSchema),
});
export type CheckInShiftList = z.infer<typeof CheckInShiftListSchema>;

/** One person on one job of the shift: the row staff mark (its id is the registration's job link). */
export const CheckInPersonSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  playaName: z.string().nullable(),
  job: z.object({ id: z.string(), name: z.string() }),
  attendance: AttendanceSchema.nullable(),
  /** When it was last marked (ISO) and by whom (their name), or null. */
  attendanceAt: z.string().nullable(),
  attendanceBy: z.string().nullable(),
});
export type CheckInPerson = z.infer<typeof CheckInPersonSchema>;

/** GET /check-in/shifts/{id}: the shift, its jobs (with their counts) and its people by job, then name. */
export const CheckInShiftDetailSchema = z.object({
  shift: CheckInShiftSchema,
  jobs: z.array(
    z.object({ id: z.string(), name: z.string(), location: z.string(), counts: CheckInCountsSchema }),
  ),
  people: z.array(CheckInPersonSchema),
});
export type CheckInShiftDetail = z.infer<typeof CheckInShiftDetailSchema>;

export const CheckInShiftParamsSchema = z.object({ id: z.uuid(CHECK_IN_MESSAGES.shiftId) });
export const CheckInRowParamsSchema = z.object({ id: z.uuid(CHECK_IN_MESSAGES.rowId) });

/** PUT /check-in/people/{id}: SHOWED, NO_SHOW, or null to clear the mark. */
export const CheckInMarkInputSchema = z.strictObject({
  attendance: z.enum(ATTENDANCE_STATES, { error: CHECK_IN_MESSAGES.attendance }).nullable(),
});
export type CheckInMarkInput = z.infer<typeof CheckInMarkInputSchema>;
