import { Group, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './payment-result.module.css';

interface PaymentResultProps {
  /** The heading; none while there is nothing to say yet (a loader announces itself). */
  title?: string;
  /** The buttons under the text. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The card of the Payment Success and Cancel pages: a heading that takes the focus when it appears or
 * changes (so a screen reader reads the outcome), the text, and the buttons.
 */
export function PaymentResult({ title, actions, children }: PaymentResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [title]);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <Stack gap="md" align="flex-start">
        {title !== undefined && (
          <Title order={2} ref={headingRef} tabIndex={-1} className={classes.heading}>
            {title}
          </Title>
        )}
        {children}
        {actions && (
          <Group gap="sm" mt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
