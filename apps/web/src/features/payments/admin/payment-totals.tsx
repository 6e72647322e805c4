import '@mantine/core/styles/SimpleGrid.css';
import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { formatCents, type PaymentTotals } from './payment-money';

interface Total {
  label: string;
  value: string;
  hint: string;
}

/** The totals of the payments shown: count, completed, refunded, net and pending, as a list of figures. */
export function PaymentTotalsSummary({ totals }: { totals: PaymentTotals }) {
  const titleId = useId();
  const figures: Total[] = [
    { label: 'Payments', value: String(totals.count), hint: 'Matching the filters' },
    {
      label: 'Completed',
      value: formatCents(totals.completedCents),
      hint: 'Paid in, before refunds',
    },
    { label: 'Refunded', value: formatCents(totals.refundedCents), hint: 'Given back' },
    { label: 'Net', value: formatCents(totals.netCents), hint: 'Completed less refunded' },
    { label: 'Pending', value: formatCents(totals.pendingCents), hint: 'Not paid yet' },
  ];
  return (
    <section aria-labelledby={titleId}>
      <VisuallyHidden component="h3" id={titleId}>
        Totals
      </VisuallyHidden>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" m={0}>
        {figures.map((figure) => (
          <Paper key={figure.label} withBorder radius="md" p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {figure.value}
            </Text>
            <Text component="dd" m={0} size="xs" c="dimmed">
              {figure.hint}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
