import { type DatedShiftInput, type EventCalendar, shiftWhenDated } from '@camp/shared/rules';
import type { RegistrationReportRow } from '@camp/shared/reports';

// How the reports write people, dates and shifts, on screen and in their CSV files.

/** First and last name, else the e-mail: the one name format of @camp/shared/rules. */
export { personName } from '@camp/shared/rules';

/** The calendar day of an ISO timestamp, YYYY-MM-DD, as a spreadsheet reads it. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * A job a person holds, as one line: 'Gate greeter — Monday 09:00–12:00', and with the camp's event dates
 * 'Gate greeter — Monday, Aug 30, 09:00–12:00' (docs/product.md §11).
 */
export function jobText(job: DatedShiftInput & { name: string }, calendar: EventCalendar | null): string {
  return `${job.name} — ${shiftWhenDated(job, calendar)}`;
}

/**
 * A registration's shifts, one line each. The event dates are the registration year's: a registration of another
 * year names its shifts by weekday only.
 */
export function registrationShifts(
  row: Pick<RegistrationReportRow, 'year' | 'jobs'>,
  dates: { registrationYear: number; calendar: EventCalendar | null },
): string[] {
  const calendar = row.year === dates.registrationYear ? dates.calendar : null;
  return row.jobs.map((job) => jobText(job, calendar));
}

/** Whole cents back to dollars for a CSV cell, so 0.1 + 0.2 is written 0.3. */
export function csvDollars(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** docs/product.md §2 (user reports): years from the registration year less five to one after it. */
const YEARS_BACK = 5;
const YEARS_AHEAD = 1;

/** The years a report offers, newest first: the registration year + 1 down to the registration year − 5. */
export function reportYears(registrationYear: number): number[] {
  const years: number[] = [];
  for (let year = registrationYear + YEARS_AHEAD; year >= registrationYear - YEARS_BACK; year -= 1) {
    years.push(year);
  }
  return years;
}
