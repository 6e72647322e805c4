// The event's dates (docs/product.md §11, decision 053): Site Configuration sets the date of Opening Sunday for the
// registration year, and every festival day, hence every shift, gets a date from it. Pure functions shared by the
// screens, the calendar feed, the reminders, the reports and the CSV. Without the date everything behaves as before
// (days only).

import {
  type DayOfWeek,
  DAY_LABELS,
  DAYS_OF_WEEK,
  formatShiftTime,
  shiftTimeRange,
  shiftWhenText,
} from './work';
import { wallTimeToIso } from './draw';

/** The event's dates for the registration year: Opening Sunday as YYYY-MM-DD. */
export interface EventCalendar {
  openingSunday: string;
}

/** How far before Opening Sunday a Pre-Opening shift, or after Closing Sunday a Post-Event one, may be. */
export const SHIFT_DAY_OFFSET_MIN = 1;
export const SHIFT_DAY_OFFSET_MAX = 14;
export const SHIFT_DAY_OFFSET_DEFAULT = 1;

export const EVENT_DATES_MESSAGES = {
  openingSunday: 'Opening Sunday must be a date (YYYY-MM-DD) that falls on a Sunday',
  dayOffset: `Days before or after the event must be a whole number from ${SHIFT_DAY_OFFSET_MIN} to ${SHIFT_DAY_OFFSET_MAX}`,
} as const;

export const EVENT_DATES_TEXTS = {
  openingSundayLabel: 'Opening Sunday',
  openingSundayHelp:
    'The date of Opening Sunday this year. Every festival day, and so every shift, gets its date from it. Leave it empty to show days only.',
  calendarTitle: 'Festival calendar',
  /** The shift form's field for Pre-Opening and Post-Event shifts. */
  daysBeforeLabel: 'Days before Opening Sunday',
  daysAfterLabel: 'Days after Closing Sunday',
  dayOffsetHelp: '1 is the day right before (or after) the event.',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as a UTC midnight (ms), or null when it is not a real calendar date. */
function dateMs(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether a value is a YYYY-MM-DD date falling on a Sunday (the only valid Opening Sunday). */
export function isOpeningSunday(value: string): boolean {
  const ms = dateMs(value);
  return ms !== null && new Date(ms).getUTCDay() === 0;
}

/**
 * Days from Opening Sunday to a festival day: Opening Sunday 0, Monday 1 … Saturday 6, Closing Sunday 7; a
 * Pre-Opening day is `dayOffset` days before Opening Sunday, a Post-Event day `dayOffset` days after Closing Sunday.
 */
export function festivalDayIndex(day: DayOfWeek, dayOffset: number = SHIFT_DAY_OFFSET_DEFAULT): number {
  if (day === 'PRE_OPENING') return -dayOffset;
  if (day === 'POST_EVENT') return 7 + dayOffset;
  return DAYS_OF_WEEK.indexOf(day) - 1;
}

/** The date (YYYY-MM-DD) of a festival day in the event's calendar. */
export function festivalDate(calendar: EventCalendar, day: DayOfWeek, dayOffset?: number): string {
  const start = dateMs(calendar.openingSunday);
  if (start === null) throw new Error(`not a date: ${calendar.openingSunday}`);
  return isoOf(start + festivalDayIndex(day, dayOffset) * DAY_MS);
}

/** A shift as its dates are computed from: its festival day, offset and wall-clock times. */
export interface DatedShiftInput {
  dayOfWeek: DayOfWeek;
  dayOffset?: number;
  startTime: string;
  endTime: string;
}

/**
 * When a shift is, as wall-clock times of the camp's time zone: its date, start and end ('YYYY-MM-DDTHH:MM'). A
 * shift whose end is not after its start ends the next day (22:00–02:00).
 */
export function shiftWallTimes(
  shift: DatedShiftInput,
  calendar: EventCalendar,
): { date: string; start: string; end: string } {
  const date = festivalDate(calendar, shift.dayOfWeek, shift.dayOffset);
  const startTime = formatShiftTime(shift.startTime);
  const endTime = formatShiftTime(shift.endTime);
  const endDate = endTime <= startTime ? isoOf((dateMs(date) as number) + DAY_MS) : date;
  return { date, start: `${date}T${startTime}`, end: `${endDate}T${endTime}` };
}

/**
 * When a shift is, as moments (ISO, UTC) in the camp's time zone, daylight-saving changes included: what the
 * calendar feed and the reminders use.
 */
export function shiftMoments(
  shift: DatedShiftInput,
  calendar: EventCalendar,
  timeZone: string,
): { start: string; end: string } {
  const wall = shiftWallTimes(shift, calendar);
  const start = wallTimeToIso(wall.start, timeZone);
  const end = wallTimeToIso(wall.end, timeZone);
  if (start === null || end === null) throw new Error('shift times out of range');
  return { start, end };
}

const DATE_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A date as screens show it beside a festival day: 'Sun, Aug 30'. */
export function formatEventDate(date: string): string {
  const ms = dateMs(date);
  return ms === null ? date : DATE_LABEL.format(new Date(ms));
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A festival day as screens name it: 'Opening Sunday' without event dates; with them 'Opening Sunday, Aug 29',
 * 'Monday, Aug 30' (the day's name says the weekday), and for Pre-Opening and Post-Event, which span several dates,
 * the weekday too: 'Pre-Opening, Fri, Aug 27'.
 */
export function festivalDayText(day: DayOfWeek, calendar: EventCalendar | null, dayOffset?: number): string {
  if (!calendar) return DAY_LABELS[day];
  const date = festivalDate(calendar, day, dayOffset);
  const ms = dateMs(date) as number;
  const text =
    day === 'PRE_OPENING' || day === 'POST_EVENT' ? formatEventDate(date) : MONTH_DAY.format(new Date(ms));
  return `${DAY_LABELS[day]}, ${text}`;
}

/** The heading of a group of shifts of one festival day: dated, except the days that span several dates. */
export function festivalDayHeading(day: DayOfWeek, calendar: EventCalendar | null): string {
  return day === 'PRE_OPENING' || day === 'POST_EVENT' ? DAY_LABELS[day] : festivalDayText(day, calendar);
}

/**
 * When a shift is, as every screen shows it: 'Monday 09:00–12:00' without event dates (docs/product.md §3), and
 * 'Monday, Aug 30, 09:00–12:00' with them (docs/product.md §11).
 */
export function shiftWhenDated(shift: DatedShiftInput, calendar: EventCalendar | null): string {
  if (!calendar) return shiftWhenText(shift);
  return `${festivalDayText(shift.dayOfWeek, calendar, shift.dayOffset)}, ${shiftTimeRange(shift)}`;
}

/** The calendar Site Configuration shows: every festival day (Pre-Opening and Post-Event as their first day). */
export function festivalCalendar(
  calendar: EventCalendar,
): Array<{ day: DayOfWeek; label: string; date: string }> {
  return DAYS_OF_WEEK.map((day) => ({
    day,
    label: DAY_LABELS[day],
    date: festivalDate(calendar, day),
  }));
}
