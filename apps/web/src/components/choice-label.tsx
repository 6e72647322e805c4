import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A checkbox choice's label: its name in bold, and a badge beside it when there is one (grey 'Full'; an orange
 * sentence such as 'Full — join the waitlist' keeps its case).
 */
export function ChoiceLabel({
  name,
  badge,
  badgeSize,
  badgeColor = 'gray',
  badgeKeepsCase = false,
}: {
  name: ReactNode;
  badge?: ReactNode;
  badgeSize?: MantineSize;
  badgeColor?: string;
  badgeKeepsCase?: boolean;
}) {
  return (
    <Group gap="xs" component="span" wrap="wrap">
      <Text span fw={600} inherit>
        {name}
      </Text>
      {badge && (
        <Badge
          color={badgeColor}
          variant="filled"
          autoContrast
          size={badgeSize}
          component="span"
          tt={badgeKeepsCase ? 'none' : undefined}
        >
          {badge}
        </Badge>
      )}
    </Group>
  );
}
