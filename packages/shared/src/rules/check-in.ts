// Check-in (docs/product.md §11): staff and admins mark, per shift, who showed up. A registration's job without a
// mark has not been checked yet; the reports count SHOWED as shows and NO_SHOW as no-shows.

export const ATTENDANCE_STATES = ['SHOWED', 'NO_SHOW'] as const;
export type Attendance = (typeof ATTENDANCE_STATES)[number];

export const ATTENDANCE_LABELS: Record<Attendance, string> = {
  SHOWED: 'Showed up',
  NO_SHOW: 'No-show',
};
