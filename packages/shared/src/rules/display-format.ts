import type { FieldDataType } from './camping-options';
import type { CustomFieldValue } from './registrations';

// How screens write dates, money, custom-field answers and field labels: one home, so the dashboard, the
// wizard's review, the admin desk, the reports' screens and the e-mails read the same (CSV files keep ISO dates
// and plain numbers).

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
/** A calendar day has no time zone: it is written as it is stored, never shifted by the reader's zone. */
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const DATE_TIME_PARTS = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-US', DATE_TIME_PARTS);

/** A calendar day as a DATE custom field stores it: '2026-08-31'. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day a calendar-day text names, null when it is not one, or 'invalid' for one that is no day. */
function calendarDay(text: string): Date | 'invalid' | null {
  const match = CALENDAR_DAY.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // '2026-02-31' is no day: it would roll over into March.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : 'invalid';
}

/**
 * A date as people read it: 'Aug 31, 2026'. A calendar day ('2026-08-31') is that day wherever the reader is;
 * a timestamp is its day in the reader's zone. Text that is neither comes back as given.
 */
export function formatDate(value: string): string {
  const day = calendarDay(value);
  if (day === 'invalid') return value;
  if (day) return DAY_FORMAT.format(day);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The date-and-time format in a time zone, naming the zone ('PDT'); UTC's when the zone is unknown. */
function dateTimeFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_PARTS, timeZone, timeZoneName: 'short' });
    } catch {
      format = dateTimeFormatIn('UTC');
    }
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A timestamp with its time: 'Mar 2, 2026, 10:00 AM'; none (not sent yet, no next attempt) is '—', and text
 * that is no timestamp comes back as given. With a time zone (the camp's, docs/product.md §9), the time is
 * that zone's and names it: 'Mar 2, 2026, 3:00 AM PDT' (a waitlist offer's deadline, docs/product.md §10).
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (timeZone ? dateTimeFormatIn(timeZone) : DATE_TIME_FORMAT).format(date);
}

/**
 * A moment as people of the camp read it in a mail (a deadline): 'Mar 2, 2026, 10:00 AM PST' in the camp's time
 * zone, with the zone named, since the reader may be elsewhere. An unknown zone falls back to UTC.
 */
export function formatDateTimeInZone(moment: Date, timeZone: string): string {
  return dateTimeFormatIn(timeZone).format(moment);
}

const DOLLARS_FORMAT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Money as people read it, on every screen and in every e-mail: a $ sign, thousands separated by commas and
 * two decimals: '$54,825.00', '$0.50', '-$12.00'. CSV files keep plain numbers (54825) for spreadsheets.
 */
export function formatDollars(amount: number): string {
  return DOLLARS_FORMAT.format(amount);
}

export const NOT_PROVIDED_TEXT = 'Not provided';

/**
 * A custom field's answer as screens show it: 'Not provided' when empty, Yes/No for a yes/no field, a DATE
 * as 'Aug 31, 2026', anything else as typed.
 */
export function fieldValueText(value: CustomFieldValue | undefined, dataType: FieldDataType): string {
  if (value === undefined || value === null || value === '') return NOT_PROVIDED_TEXT;
  if (dataType === 'BOOLEAN' || typeof value === 'boolean') {
    return value === true || value === 'true' ? 'Yes' : 'No';
  }
  if (dataType === 'DATE') return formatDate(String(value));
  return String(value);
}

/** A label before its value: 'Arrival date:', but 'Bringing shade?' and 'Notes:' get no second colon. */
export function labelWithColon(label: string): string {
  const trimmed = label.trimEnd();
  return /[?:：？]$/.test(trimmed) ? trimmed : `${trimmed}:`;
}
