import '@mantine/core/styles/Badge.css';
import {
  PAYMENT_STATUS_COLORS,
  REGISTRATION_STATUS_COLORS,
  type PaymentStatus,
  type RegistrationStatus,
} from '@camp/shared/rules';
import { Badge, type BadgeProps } from '@mantine/core';

export type StatusBadgeProps = Omit<BadgeProps, 'color' | 'children'> &
  ({ kind?: 'registration'; status: RegistrationStatus } | { kind: 'payment'; status: PaymentStatus });

/**
 * A registration or payment status as a filled badge in its colour (spec §4: PENDING yellow, CONFIRMED green,
 * WAITLISTED orange; payments from `PAYMENT_STATUS_COLORS`), its text the status as the API spells it.
 */
export function StatusBadge({ kind = 'registration', status, ...badgeProps }: StatusBadgeProps) {
  const color =
    kind === 'payment'
      ? PAYMENT_STATUS_COLORS[status as PaymentStatus]
      : REGISTRATION_STATUS_COLORS[status as RegistrationStatus];
  return (
    <Badge color={color} variant="filled" autoContrast {...badgeProps}>
      {status}
    </Badge>
  );
}
