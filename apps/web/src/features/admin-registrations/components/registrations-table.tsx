import type { Registration } from '@camp/shared/registrations';
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import {
  DataTableAnnouncer,
  DataTableGrid,
  DataTablePagination,
  PAGE_SIZES,
  useAnnouncement,
  useDataTable,
} from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { StatusBadge } from '../../../components/status-badge';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { formatDate, paymentText, personName, shiftsText } from '../registration-format';
import classes from './registrations-table.module.css';

const CAPTION = 'Registrations';

/** Below this width each registration is a card: a phone never scrolls sideways and every action is in view. */
const CARDS_QUERY = '(max-width: 47.99em)';

function Person({ registration }: { registration: Registration }) {
  return (
    <Stack gap={0} className={classes.wrap}>
      <Text size="sm" fw={600}>
        {personName(registration)}
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

// The server sorts (newest first) and pages: the headers do not sort one page of it.
const columns = [
  column.accessor((registration) => personName(registration), {
    id: 'user',
    header: 'User',
    enableSorting: false,
    cell: ({ row }) => <Person registration={row.original} />,
  }),
  column.accessor((registration) => registration.user.email, {
    id: 'email',
    header: 'Email',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text size="sm" className={classes.wrap}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('year', { header: 'Year', enableSorting: false, meta: { nowrap: true } }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
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
    enableSorting: false,
    meta: { nowrap: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];

/** One registration on a phone: what the row shows, with its actions at the end. */
function RegistrationCard({ registration, actions }: { registration: Registration; actions: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Person registration={registration} />
          <StatusBadge status={registration.status} size="sm" style={{ flex: 'none' }} />
        </Group>
        <dl className={classes.facts}>
          <div className={classes.wide}>
            <dt>Email</dt>
            <dd>{registration.user.email}</dd>
          </div>
          <div>
            <dt>Year</dt>
            <dd>{registration.year}</dd>
          </div>
          <div>
            <dt>Registered</dt>
            <dd>{formatDate(registration.createdAt)}</dd>
          </div>
          <div className={classes.wide}>
            <dt>Work shifts</dt>
            <dd>{shiftsText(registration)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{paymentText(registration)}</dd>
          </div>
        </dl>
        <div className={classes.cardActions}>{actions}</div>
      </Stack>
    </Paper>
  );
}

/** One page of the server's list and where it lies in the whole. */
export interface RegistrationPage {
  registrations: readonly Registration[];
  total: number;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface RegistrationsTableProps {
  /** Undefined before the first page arrives, and after a failure (spec §8: the list is emptied). */
  data: RegistrationPage | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  renderRowActions: (registration: Registration) => ReactNode;
}

/**
 * The registrations of spec §2, paged by the server (page sizes 10, 25, 50, 100): a table with the spec's
 * eight columns, or a card per registration on a phone, with the pager and its announcements either way.
 */
export function RegistrationsTable({
  data,
  isLoading,
  error,
  onRetry,
  onPageChange,
  onLimitChange,
  renderRowActions,
}: RegistrationsTableProps) {
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const [announcement, announce] = useAnnouncement<string>();
  const state = useDataTable({
    data: data?.registrations,
    columns,
    getRowId: (registration) => registration.id,
    // One server page is one table page (the largest page size holds the largest server page).
    defaultPageSize: PAGE_SIZES[PAGE_SIZES.length - 1],
    renderRowActions,
  });

  if (error) return <LoadFailedAlert title={error} onRetry={onRetry} retrying={isLoading} />;

  let placeholder: ReactNode = null;
  if (isLoading && !data) {
    placeholder = (
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{TEXTS.loading}</Text>
      </Group>
    );
  } else if (state.rowCount === 0) {
    placeholder = <Text>{TEXTS.empty}</Text>;
  }

  const total = data?.total ?? 0;
  const limit = data?.limit ?? 0;
  const page = data?.page ?? 1;
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  const shown = data?.registrations.length ?? 0;
  const firstShown = shown === 0 ? 0 : (page - 1) * limit + 1;

  return (
    <Stack gap="sm" className={classes.root}>
      <DataTableAnnouncer text={announcement ?? ''} />
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
              <RegistrationCard
                key={row.id}
                registration={row.original}
                actions={renderRowActions(row.original)}
              />
            ))}
          </Stack>
        )
      ) : (
        <DataTableGrid
          table={state.table}
          caption={CAPTION}
          minWidth={960}
          busy={isLoading}
          placeholder={placeholder}
        />
      )}
      {data && shown > 0 && (
        <DataTablePagination
          label={CAPTION}
          page={page}
          pageCount={pageCount}
          pageSize={limit}
          firstShown={firstShown}
          lastShown={firstShown + shown - 1}
          total={total}
          onPageChange={(next) => {
            onPageChange(next);
            announce(`Page ${next} of ${pageCount}`);
          }}
          onPageSizeChange={(size) => {
            onLimitChange(size);
            announce(`Showing ${size} rows per page`);
          }}
        />
      )}
    </Stack>
  );
}
