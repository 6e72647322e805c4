import {
  dayLabel,
  type EventCalendar,
  festivalDayIndex,
  festivalDayText,
  shiftTimeRange,
} from '@camp/shared/rules';
import type { CheckInShift } from '@camp/shared/check-in';

// The check-in screen's choices (docs/product.md §11 Check-in): its shifts by day, and which one opens first.

export interface CheckInDay {
  key: string;
  label: string;
  shifts: CheckInShift[];
}

/** The shifts (already in time order) by day: dated with the event's dates, else by festival day. */
export function checkInDays(shifts: readonly CheckInShift[], calendar: EventCalendar | null): CheckInDay[] {
  const days: CheckInDay[] = [];
  for (const shift of shifts) {
    const key = shift.date ?? `${festivalDayIndex(shift.dayOfWeek, shift.dayOffset)}`;
    let day = days.find((candidate) => candidate.key === key);
    if (!day) {
      day = {
        key,
        label:
          calendar && shift.date
            ? festivalDayText(shift.dayOfWeek, calendar, shift.dayOffset)
            : dayLabel(shift.dayOfWeek),
        shifts: [],
      };
      days.push(day);
    }
    day.shifts.push(shift);
  }
  return days;
}

/** A shift as the picker names it: "Morning, 09:00–12:00 (3 people)". */
export function checkInShiftOption(shift: CheckInShift): string {
  const people = shift.counts.people === 1 ? '1 person' : `${shift.counts.people} people`;
  return `${shift.name}, ${shiftTimeRange(shift)} (${people})`;
}

/**
 * The shift that opens first: the one under way now, else the next to start, else the last one; without event
 * dates (nothing to compare with the clock), the first.
 */
export function defaultCheckInShift(shifts: readonly CheckInShift[], now: Date): CheckInShift | undefined {
  const at = now.getTime();
  const dated = shifts.filter((shift) => shift.startsAt !== null && shift.endsAt !== null);
  if (dated.length === 0) return shifts[0];
  const current = dated.find(
    (shift) => Date.parse(shift.startsAt as string) <= at && at < Date.parse(shift.endsAt as string),
  );
  if (current) return current;
  const next = dated
    .filter((shift) => Date.parse(shift.startsAt as string) > at)
    .sort((a, b) => Date.parse(a.startsAt as string) - Date.parse(b.startsAt as string))[0];
  return next ?? dated.at(-1);
}
