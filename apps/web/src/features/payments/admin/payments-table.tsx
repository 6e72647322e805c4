import type { Payment } from '@camp/shared/payments';
import {
  formatDollars,
  MANUAL_PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  personName,
  REFUND_STATE_TEXTS,
} from '@camp/shared/rules';
import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, optionalYearColumn } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { openRefunds } from './payment-money';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function PaymentDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <Text size="sm">{iso}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dateFormat.format(date)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {timeFormat.format(date)}
      </Text>
    </Stack>
  );
}

function Person({ payment }: { payment: Payment }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {personName(payment.user)}
      </Text>
      {/* An e-mail is one long word: it may break anywhere (the name only between words). */}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {payment.user.email}
      </Text>
    </Stack>
  );
}

function Status({ payment }: { payment: Payment }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge kind="payment" status={payment.status} size="sm" />
      {payment.refundedAmount > 0 && (
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          Refunded {formatDollars(payment.refundedAmount)}
        </Text>
      )}
      {openRefunds(payment).map((refund) => (
        <Stack key={refund.id} gap={0}>
          <Text size="xs" fw={700} c={refund.status === 'FAILED' ? 'red.9' : 'dark.7'}>
            {refund.status === 'FAILED' ? REFUND_STATE_TEXTS.adminFailed : REFUND_STATE_TEXTS.adminPending}:{' '}
            {formatDollars(refund.amount)}
          </Text>
          {refund.failureReason && (
            <Text size="xs" c="dimmed" maw={260}>
              {refund.failureReason}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {refund.attempts === 1 ? '1 attempt' : `${refund.attempts} attempts`}
            {refund.lastAttemptAt && `, last ${dateFormat.format(new Date(refund.lastAttemptAt))}`}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

function Provider({ payment }: { payment: Payment }) {
  return (
    <Stack gap={0}>
      <Text size="sm">
        {PAYMENT_PROVIDER_LABELS[payment.provider]}
        {payment.method && ` · ${MANUAL_PAYMENT_METHOD_LABELS[payment.method]}`}
      </Text>
      {payment.reference && (
        <Text size="xs" c="dimmed">
          Ref. {payment.reference}
        </Text>
      )}
    </Stack>
  );
}

const column = createColumnHelper<Payment>();

const columns = [
  column.accessor('createdAt', {
    id: 'date',
    header: 'Date',
    cell: ({ getValue }) => <PaymentDate iso={getValue()} />,
  }),
  column.accessor((payment) => personName(payment.user), {
    id: 'person',
    header: 'Person',
    cell: ({ row }) => <Person payment={row.original} />,
  }),
  optionalYearColumn((payment: Payment) => payment.registrationYear),
  column.accessor('amount', {
    header: 'Amount',
    meta: { nowrap: true, align: 'right' },
    cell: ({ getValue }) => formatDollars(getValue()),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => <Status payment={row.original} />,
  }),
  column.accessor((payment) => PAYMENT_PROVIDER_LABELS[payment.provider], {
    id: 'provider',
    header: 'Provider',
    cell: ({ row }) => <Provider payment={row.original} />,
  }),
];

export interface PaymentsTableProps {
  payments: readonly Payment[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  renderRowActions: (payment: Payment) => ReactNode;
}

/**
 * The payments, newest first, ten to a page (docs/product.md §9): the shared DataTable, sortable, a card per payment
 * titled by the person on a phone, with the pager and its announcements.
 */
export function PaymentsTable({
  payments,
  isLoading,
  error,
  onRetry,
  emptyText,
  renderRowActions,
}: PaymentsTableProps) {
  return (
    <DataTable
      data={payments}
      columns={columns}
      caption="Payments"
      getRowId={(payment) => payment.id}
      initialSorting={[{ id: 'date', desc: true }]}
      // The Filters above search the server (name or e-mail); a second box here would only confuse.
      searchable={false}
      isLoading={isLoading}
      loadingText="Loading payments..."
      error={error}
      onRetry={onRetry}
      emptyText={emptyText}
      minWidth={860}
      cardTitle="person"
      renderRowActions={renderRowActions}
    />
  );
}
