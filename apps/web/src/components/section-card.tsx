import { Paper, type PaperProps, Stack, type StackProps, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of a screen: a section named by its heading, with the content below it. */
export function SectionCard({
  id,
  title,
  order = 3,
  gap = 'xs',
  shadow,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  order?: TitleOrder;
  gap?: StackProps['gap'];
  shadow?: PaperProps['shadow'];
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      shadow={shadow}
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap={gap}>
        <Title order={order} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
