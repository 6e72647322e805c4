import '@mantine/core/styles/Badge.css';
import {
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
} from '@camp/shared/rules';
import { Badge, type MantineSize } from '@mantine/core';

/** Filled badges are shade 6; white on Mantine's red 6 is only 3.3:1, so Declined takes red 9 (axe contrast). */
const READABLE_SHADES: Readonly<Record<string, string>> = { red: 'red.9' };

/**
 * An application's status as a filled badge in its colour, in words (Waiting for review yellow, Approved green,
 * Declined red): the applicant's card and /apply, and Admin → Applications.
 */
export function ApplicationStatusBadge({ status, size }: { status: ApplicationStatus; size?: MantineSize }) {
  const hue = APPLICATION_STATUS_COLORS[status];
  return (
    <Badge color={READABLE_SHADES[hue] ?? hue} variant="filled" autoContrast size={size}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
