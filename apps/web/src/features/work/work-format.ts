import { DAY_LABELS, dayOrder, formatShiftTime, type DayOfWeek } from '@camp/shared/rules';
import type { ShiftSummary } from '@camp/shared/work';

/** A day's readable label (spec §3), e.g. 'Opening Sunday'. */
export function dayLabel(day: DayOfWeek | string): string {
  return DAY_LABELS[day as DayOfWeek] ?? day;
}

/** '09:00–17:00'. */
export function shiftTimeRange(shift: Pick<ShiftSummary, 'startTime' | 'endTime'>): string {
  return `${formatShiftTime(shift.startTime)}–${formatShiftTime(shift.endTime)}`;
}

/** 'Monday 09:00–17:00'. */
export function shiftWhen(shift: Pick<ShiftSummary, 'dayOfWeek' | 'startTime' | 'endTime'>): string {
  return `${dayLabel(shift.dayOfWeek)} ${shiftTimeRange(shift)}`;
}

/** Festival-day order (PRE_OPENING … POST_EVENT), then start time, then end time. */
export function compareShifts(
  a: Pick<ShiftSummary, 'dayOfWeek' | 'startTime' | 'endTime'>,
  b: Pick<ShiftSummary, 'dayOfWeek' | 'startTime' | 'endTime'>,
): number {
  return (
    dayOrder(a.dayOfWeek) - dayOrder(b.dayOfWeek) ||
    formatShiftTime(a.startTime).localeCompare(formatShiftTime(b.startTime)) ||
    formatShiftTime(a.endTime).localeCompare(formatShiftTime(b.endTime))
  );
}
