import type { Payment } from '@camp/shared/payments';
import { formatDollars, MANUAL_PAYMENT_METHOD_LABELS, PAYMENT_PROVIDER_LABELS } from '@camp/shared/rules';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import {
  DataTableAnnouncer,
  DataTableGrid,
  DataTableStatePagination,
  useDataTable,
} from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { StatusBadge } from '../../../components/status-badge';
import { personName } from './payment-money';
import classes from './payments-table.module.css';

const CAPTION = 'Payments';

/** Below this width each payment is a card: a phone never scrolls sideways and every action is in view. */
const CARDS_QUERY = '(max-width: 47.99em)';

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
    <Stack gap={0} className={classes.person}>
      <Text size="sm" fw={600}>
        {personName(payment.user)}
      </Text>
      <Text size="xs" c="dimmed">
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
    </Stack>
  );
}

function Provider({ payment }: { payment: Payment }) {
  return (
    <Stack gap={0} className={classes.person}>
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
  column.accessor((payment) => payment.registrationYear ?? undefined, {
    id: 'year',
    header: 'Year',
    sortUndefined: 'last',
    meta: { nowrap: true },
    cell: ({ getValue }) => getValue() ?? '—',
  }),
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

/** One payment on a phone: what the table's row shows, top to bottom, with its actions at the end. */
function PaymentCard({ payment, actions }: { payment: Payment; actions: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Person payment={payment} />
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatDollars(payment.amount)}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Status payment={payment} />
          <Provider payment={payment} />
        </Group>
        <Text size="xs" c="dimmed">
          {dateFormat.format(new Date(payment.createdAt))}
          {payment.registrationYear !== null && ` · Registration ${payment.registrationYear}`}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}

export interface PaymentsTableProps {
  payments: readonly Payment[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  renderRowActions: (payment: Payment) => ReactNode;
}

/**
 * The payments, newest first, ten to a page (spec §9): a sortable table, or a list of cards on a phone, with
 * the table's pager and announcements either way.
 */
export function PaymentsTable({
  payments,
  isLoading,
  error,
  onRetry,
  emptyText,
  renderRowActions,
}: PaymentsTableProps) {
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const state = useDataTable({
    data: payments,
    columns,
    getRowId: (payment) => payment.id,
    initialSorting: [{ id: 'date', desc: true }],
    renderRowActions,
  });

  if (error) return <LoadFailedAlert title={error} onRetry={onRetry} retrying={isLoading} />;

  let placeholder: ReactNode = null;
  if (isLoading && !payments) {
    placeholder = (
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Loading payments...</Text>
      </Group>
    );
  } else if (state.rowCount === 0) {
    placeholder = <Text>{emptyText}</Text>;
  }

  return (
    <Stack gap="sm" className={classes.root}>
      <DataTableAnnouncer text={state.announcementText} />
      {cards ? (
        placeholder ? (
          <Paper withBorder radius="md" p="lg" ta="center">
            {placeholder}
          </Paper>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            aria-label={CAPTION}
            aria-busy={isLoading || undefined}
            className={classes.cards}
          >
            {state.table.getRowModel().rows.map((row) => (
              <PaymentCard key={row.id} payment={row.original} actions={renderRowActions(row.original)} />
            ))}
          </Stack>
        )
      ) : (
        <DataTableGrid
          table={state.table}
          caption={CAPTION}
          minWidth={860}
          busy={isLoading}
          placeholder={placeholder}
        />
      )}
      <DataTableStatePagination state={state} label={CAPTION} />
    </Stack>
  );
}
