import { Paper, type PaperProps, Stack, type StackProps, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/** One card of a screen: a section named by its heading, with the content below it. */
export function SectionCard({
  id,
  title,
  order = 3,
  gap = 'xs',
  shadow,
  sectionId,
  className,
  headingRef,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  order?: TitleOrder;
  gap?: StackProps['gap'];
  shadow?: PaperProps['shadow'];
  /** The section's own id, where a link or a scroll targets the card itself. */
  sectionId?: string;
  className?: string;
  /** For moving focus to the card: the heading is then focusable by script (tabIndex -1), not by Tab. */
  headingRef?: Ref<HTMLHeadingElement>;
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
      id={sectionId}
      className={className}
    >
      <Stack gap={gap}>
        <Title order={order} id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
