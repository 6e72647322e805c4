import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** The 'Back to Admin' button every admin screen has (docs/product.md §2 Admin screens). */
export function BackToAdminButton() {
  return (
    <Button component={Link} to={paths.admin()} variant="subtle" size="sm" px="xs">
      <span aria-hidden="true">←&nbsp;</span>Back to Admin
    </Button>
  );
}

export interface AdminPageHeaderProps {
  /** The screen's h2 (the camp name in the header is the page's h1). */
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title, e.g. 'Add User'. */
  actions?: ReactNode;
}

/** Back to Admin, then the screen's title, an optional line of description and its main actions. */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  return (
    <Stack gap="xs">
      <div>
        <BackToAdminButton />
      </div>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={2}>{title}</Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
