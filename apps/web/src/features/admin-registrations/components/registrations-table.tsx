import type { Registration } from '@camp/shared/registrations';
import { formatDate, personName } from '@camp/shared/rules';
import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, serverPagingOf, type ServerSorting } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { paymentText, shiftsText } from '../registration-format';

function Person({ registration }: { registration: Registration }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {personName(registration.user)}
      </Text>
      {registration.user.playaName && (
        <Text size="xs" c="dimmed">
          “{registration.user.playaName}”
        </Text>
      )}
    </Stack>
  );
}

function Shifts({ registration }: { registration: Registration }) {
  return (
    <Text size="sm" c={registration.jobs.length === 0 ? 'dimmed' : undefined}>
      {shiftsText(registration)}
    </Text>
  );
}

function Paid({ registration }: { registration: Registration }) {
  const text = paymentText(registration);
  return (
    <Text size="sm" c={text === TEXTS.noPayments ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
}

const column = createColumnHelper<Registration>();

// The server sorts and pages: a header asks the server for the whole list in its order (user, email, year,
// status, registered date); the shifts and the payment are not sortable.
const columns = [
  column.accessor((registration) => personName(registration.user), {
    id: 'user',
    header: 'User',
    // One line each, cut with an ellipsis rather than broken mid-word; the whole on hover and focus.
    meta: { truncate: '9rem' },
    cell: ({ row }) => <Person registration={row.original} />,
  }),
  column.accessor((registration) => registration.user.email, {
    id: 'email',
    header: 'Email',
    meta: { truncate: '10rem' },
    cell: ({ getValue }) => <Text size="sm">{getValue()}</Text>,
  }),
  column.accessor('year', { header: 'Year', meta: { nowrap: true } }),
  column.accessor('status', {
    header: 'Status',
    meta: { nowrap: true },
    cell: ({ getValue }) => <StatusBadge status={getValue()} size="sm" />,
  }),
  column.accessor((registration) => shiftsText(registration), {
    id: 'shifts',
    header: 'Work Shifts',
    enableSorting: false,
    cell: ({ row }) => <Shifts registration={row.original} />,
  }),
  column.accessor((registration) => paymentText(registration), {
    id: 'payment',
    header: 'Payment',
    enableSorting: false,
    meta: { nowrap: true },
    cell: ({ row }) => <Paid registration={row.original} />,
  }),
  column.accessor('createdAt', {
    id: 'registered',
    header: 'Registered',
    meta: { nowrap: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];

/** One page of the server's list and where it lies in the whole. */
export interface RegistrationPage {
  registrations: readonly Registration[];
  total: number;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface RegistrationsTableProps {
  /** Undefined before the first page arrives, and after a failure (docs/product.md §8: the list is emptied). */
  data: RegistrationPage | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  /** The server's sort, and how to ask for another. */
  sorting: ServerSorting;
  renderRowActions: (registration: Registration) => ReactNode;
  /** The search box shown above the list. */
  search: ReactNode;
}

/**
 * The registrations of docs/product.md §2, paged by the server (page sizes 10, 25, 50, 100, 25 by default): the shared
 * DataTable with the eight columns of docs/product.md §2 Manage Registrations, a card per registration on a phone, and the pager's announcements.
 */
export function RegistrationsTable({
  data,
  isLoading,
  error,
  onRetry,
  onPageChange,
  onLimitChange,
  sorting,
  renderRowActions,
  search,
}: RegistrationsTableProps) {
  return (
    <DataTable
      data={data?.registrations}
      columns={columns}
      caption="Registrations"
      getRowId={(registration) => registration.id}
      serverPaging={serverPagingOf(data, onPageChange, onLimitChange)}
      serverSorting={sorting}
      // One page of the server's list: the table's own search would act on that page alone; the page's search
      // box asks the server.
      searchable={false}
      toolbar={search}
      isLoading={isLoading}
      loadingText={TEXTS.loading}
      error={error}
      onRetry={onRetry}
      emptyText={TEXTS.empty}
      minWidth={960}
      renderRowActions={renderRowActions}
    />
  );
}
