import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

/** A checkbox choice's label: its name in bold, and a grey badge beside it when there is one ('Full'). */
export function ChoiceLabel({
  name,
  badge,
  badgeSize,
}: {
  name: ReactNode;
  badge?: ReactNode;
  badgeSize?: MantineSize;
}) {
  return (
    <Group gap="xs" component="span" wrap="wrap">
      <Text span fw={600} inherit>
        {name}
      </Text>
      {badge && (
        <Badge color="gray" variant="filled" autoContrast size={badgeSize} component="span">
          {badge}
        </Badge>
      )}
    </Group>
  );
}
