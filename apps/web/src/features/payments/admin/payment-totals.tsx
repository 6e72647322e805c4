import { VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { FigureGrid, type Figure } from '../../../components/figure-grid';
import { formatCents, type PaymentTotals } from './payment-money';

/** The totals of the payments shown: count, completed, refunded, net and pending, as a list of figures. */
export function PaymentTotalsSummary({ totals }: { totals: PaymentTotals }) {
  const titleId = useId();
  const figures: Figure[] = [
    { key: 'count', label: 'Payments', value: String(totals.count), hint: 'Matching the filters' },
    {
      key: 'completed',
      label: 'Completed',
      value: formatCents(totals.completedCents),
      hint: 'Paid in, before refunds',
    },
    { key: 'refunded', label: 'Refunded', value: formatCents(totals.refundedCents), hint: 'Given back' },
    { key: 'net', label: 'Net', value: formatCents(totals.netCents), hint: 'Completed less refunded' },
    { key: 'pending', label: 'Pending', value: formatCents(totals.pendingCents), hint: 'Not paid yet' },
  ];
  return (
    <section aria-labelledby={titleId}>
      <VisuallyHidden component="h3" id={titleId}>
        Totals
      </VisuallyHidden>
      <FigureGrid figures={figures} cols={{ base: 2, sm: 3, md: 5 }} size="xl" />
    </section>
  );
}
