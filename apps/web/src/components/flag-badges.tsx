import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text, type BadgeProps } from '@mantine/core';

export interface Flag {
  label: string;
  color: string;
}

/** A table row's flags as small light badges, or a dimmed dash when it has none. */
export function FlagBadges({
  flags,
  badgeProps,
}: {
  flags: readonly Flag[];
  /** More of each badge's props (e.g. its text colour). */
  badgeProps?: Omit<BadgeProps, 'color' | 'children'>;
}) {
  if (flags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag.label} color={flag.color} variant="light" size="sm" {...badgeProps}>
          {flag.label}
        </Badge>
      ))}
    </Group>
  );
}
