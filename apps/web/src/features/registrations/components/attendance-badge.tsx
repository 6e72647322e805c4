import { ATTENDANCE_BADGES, type Attendance } from '@camp/shared/rules';
import { Badge } from '@mantine/core';

/**
 * A shift's check-in mark as its person sees it, once staff made one (docs/product.md §11 Check-in): "Checked in"
 * or "No-show". Nothing while unmarked. The dashboard's shifts and /shifts' own shifts show it.
 */
export function AttendanceBadge({ attendance }: { attendance: Attendance | null | undefined }) {
  if (!attendance) return null;
  return (
    <Badge
      component="span"
      size="sm"
      tt="none"
      variant="light"
      color={attendance === 'SHOWED' ? 'teal' : 'red'}
      autoContrast
      style={{ '--badge-color': 'var(--mantine-color-black)' }}
    >
      {ATTENDANCE_BADGES[attendance]}
    </Badge>
  );
}
