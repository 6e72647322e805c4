import '@mantine/core/styles/Badge.css';
import {
  PAYMENT_STATUS_COLORS,
  REGISTRATION_STATUS_COLORS,
  type PaymentStatus,
  type RegistrationStatus,
} from '@camp/shared/rules';
import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Filled badges are shade 6 of their colour. Mantine's red 6 (#fa5252) under white text is only 3.3:1, so
 * red badges (FAILED) take red 9 (#c92a2a, 5.4:1); the other status colours pass as they are (autoContrast
 * puts dark text on the light yellow, green and orange).
 */
const READABLE_SHADES: Readonly<Record<string, string>> = { red: 'red.9' };

export type StatusBadgeProps = Omit<BadgeProps, 'color' | 'children'> & {
  /** The text, when it is not the status as the API spells it (the dashboard's "Waitlisted"). */
  label?: string;
} & ({ kind?: 'registration'; status: RegistrationStatus } | { kind: 'payment'; status: PaymentStatus });

/**
 * A registration or payment status as a filled badge in its colour (docs/product.md §4: PENDING yellow, CONFIRMED green,
 * WAITLISTED orange; payments from `PAYMENT_STATUS_COLORS`), its text the status as the API spells it.
 */
export function StatusBadge({ kind = 'registration', status, label, ...badgeProps }: StatusBadgeProps) {
  const hue =
    kind === 'payment'
      ? PAYMENT_STATUS_COLORS[status as PaymentStatus]
      : REGISTRATION_STATUS_COLORS[status as RegistrationStatus];
  const color = READABLE_SHADES[hue] ?? hue;
  return (
    <Badge color={color} variant="filled" autoContrast {...badgeProps}>
      {label ?? status}
    </Badge>
  );
}
