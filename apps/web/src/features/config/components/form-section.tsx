import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { ConfigSection } from '../config-sections';
import classes from './config-layout.module.css';

/**
 * One titled section of the Site Configuration screen (h3 under the screen's h2), a target of the section
 * index: its id, and focusable so a jump moves the keyboard there too.
 */
export function FormSection({
  section,
  description,
  children,
}: {
  section: ConfigSection;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={section.id}
      tabIndex={-1}
      className={classes.section}
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} id={headingId} size="h4">
            {section.title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
