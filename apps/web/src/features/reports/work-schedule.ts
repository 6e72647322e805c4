import {
  ATTENDANCE_REPORT_TEXTS,
  compareShifts,
  dayLabel,
  DAYS_OF_WEEK,
  festivalDate,
  festivalDayHeading,
  formatShiftTime,
  type DayOfWeek,
  type EventCalendar,
} from '@camp/shared/rules';
import type { WorkScheduleShift } from '@camp/shared/work';
import type { CsvColumn } from './csv';
import { personName } from './report-format';

/** The shifts of one day of the schedule. */
export interface ScheduleDay {
  day: DayOfWeek;
  label: string;
  shifts: WorkScheduleShift[];
}

/**
 * The schedule by day in festival order (PRE_OPENING, OPENING_SUNDAY, MONDAY … SATURDAY, CLOSING_SUNDAY,
 * POST_EVENT), each day's shifts by start then end time; days without shifts are left out.
 */
export function groupScheduleByDay(
  shifts: readonly WorkScheduleShift[],
  calendar: EventCalendar | null = null,
): ScheduleDay[] {
  const sorted = [...shifts].sort(compareShifts);
  return DAYS_OF_WEEK.map((day) => ({
    day,
    // Dated with the event's dates (docs/product.md §11), except the days that span several dates.
    label: festivalDayHeading(day, calendar),
    shifts: sorted.filter((shift) => shift.dayOfWeek === day),
  })).filter((group) => group.shifts.length > 0);
}

/** One line of the schedule's CSV: a person on a job of a shift, a job nobody holds yet, or a shift without jobs. */
export interface ScheduleCsvRow {
  shift: WorkScheduleShift;
  job: WorkScheduleShift['jobs'][number] | null;
  person: WorkScheduleShift['jobs'][number]['registrations'][number]['user'] | null;
}

/**
 * The schedule as CSV lines, in day order: a line per person on a job, one line for a job nobody holds and one
 * for a shift without jobs (so every shift of the screen is in the file).
 */
export function scheduleCsvRows(shifts: readonly WorkScheduleShift[]): ScheduleCsvRow[] {
  return groupScheduleByDay(shifts).flatMap(({ shifts: dayShifts }) =>
    dayShifts.flatMap((shift): ScheduleCsvRow[] =>
      shift.jobs.length === 0
        ? [{ shift, job: null, person: null }]
        : shift.jobs.flatMap((job): ScheduleCsvRow[] =>
            job.registrations.length === 0
              ? [{ shift, job, person: null }]
              : job.registrations.map((registration) => ({ shift, job, person: registration.user })),
          ),
    ),
  );
}

/** The schedule's CSV columns; with the event's dates a Date column (YYYY-MM-DD) follows the day (docs/product.md §11). */
export const scheduleCsvColumnsFor = (calendar: EventCalendar | null): CsvColumn<ScheduleCsvRow>[] => [
  { header: 'Day', value: (row) => dayLabel(row.shift.dayOfWeek) },
  ...(calendar
    ? [
        {
          header: 'Date',
          value: (row: ScheduleCsvRow) => festivalDate(calendar, row.shift.dayOfWeek, row.shift.dayOffset),
        },
      ]
    : []),
  { header: 'Shift', value: (row) => row.shift.name },
  { header: 'Start', value: (row) => formatShiftTime(row.shift.startTime) },
  { header: 'End', value: (row) => formatShiftTime(row.shift.endTime) },
  { header: 'Job', value: (row) => row.job?.name },
  { header: 'Location', value: (row) => row.job?.location },
  { header: 'Places Taken', value: (row) => row.job?.registrations.length },
  { header: 'Max Registrations', value: (row) => row.job?.maxRegistrations },
  // Check-in marks of the job in the registration year (docs/product.md §11 Check-in).
  { header: ATTENDANCE_REPORT_TEXTS.showed, value: (row) => row.job?.shows },
  { header: ATTENDANCE_REPORT_TEXTS.noShow, value: (row) => row.job?.noShows },
  { header: 'Name', value: (row) => (row.person ? personName(row.person) : null) },
  { header: 'Playa Name', value: (row) => row.person?.playaName },
  { header: 'Email', value: (row) => row.person?.email },
];
