import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import {
  type AdminApplication,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationDecision,
  formatDate,
} from '@camp/shared/rules';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import { RowAction } from '../../../components/row-actions';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';

const column = createColumnHelper<AdminApplication>();

export interface ApplicationsListProps {
  /** Undefined while loading and after a failure. */
  applications: AdminApplication[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  /** The ids ticked among those shown. */
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onDecide: (decision: ApplicationDecision) => void;
  onDetails: (application: AdminApplication) => void;
}

/** The bar above the list: select all shown, and once some are ticked their count, Approve and Decline. */
function BulkBar({
  shown,
  selected,
  onSelect,
  onDecide,
}: Pick<ApplicationsListProps, 'selected' | 'onSelect' | 'onDecide'> & {
  shown: readonly AdminApplication[];
}) {
  const count = selected.size;
  const all = shown.length > 0 && count === shown.length;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" style={{ flex: '1 1 100%' }}>
      <Checkbox
        label={TEXTS.selectAll}
        checked={all}
        indeterminate={count > 0 && !all}
        disabled={shown.length === 0}
        onChange={() => onSelect(new Set(all ? [] : shown.map((application) => application.id)))}
      />
      {count > 0 && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600} role="status">
            {TEXTS.selected(count)}
          </Text>
          <Button size="sm" onClick={() => onDecide('APPROVED')}>
            {TEXTS.approve}
          </Button>
          <Button size="sm" color="red.9" variant="light" onClick={() => onDecide('DECLINED')}>
            {TEXTS.decline}
          </Button>
        </Group>
      )}
    </Group>
  );
}

/**
 * The applications the filter shows (the shared table: a card per application on a phone): a tick box and the
 * name (and playa name), e-mail, sent date, status, and Details.
 */
export function ApplicationsList({
  applications,
  isLoading,
  error,
  onRetry,
  emptyText,
  selected,
  onSelect,
  onDecide,
  onDetails,
}: ApplicationsListProps) {
  const columns = useMemo(() => {
    const toggle = (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      onSelect(next);
    };
    return [
      column.accessor((application) => application.applicant.name, {
        id: 'name',
        header: TEXTS.nameColumn,
        cell: ({ row }) => {
          const { applicant } = row.original;
          return (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                aria-label={TEXTS.select(applicant.name)}
                checked={selected.has(row.original.id)}
                onChange={(event) => toggle(row.original.id, event.currentTarget.checked)}
                mt={2}
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {applicant.name}
                </Text>
                {applicant.playaName && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    “{applicant.playaName}”
                  </Text>
                )}
              </Stack>
            </Group>
          );
        },
      }),
      column.accessor((application) => application.applicant.email, {
        id: 'email',
        header: TEXTS.emailColumn,
        meta: { truncate: '14rem' },
      }),
      column.accessor('submittedAt', {
        id: 'sent',
        header: TEXTS.sentColumn,
        meta: { nowrap: true },
        cell: ({ getValue }) => formatDate(getValue()),
      }),
      column.accessor('status', {
        header: TEXTS.statusColumn,
        meta: { nowrap: true },
        cell: ({ getValue }) => <ApplicationStatusBadge status={getValue()} size="sm" />,
      }),
    ];
  }, [selected, onSelect]);

  return (
    <DataTable
      data={applications}
      columns={columns}
      caption={TEXTS.listCaption}
      getRowId={(application) => application.id}
      searchable={false}
      toolbar={
        <BulkBar shown={applications ?? []} selected={selected} onSelect={onSelect} onDecide={onDecide} />
      }
      isLoading={isLoading}
      loadingText={TEXTS.listLoading}
      error={error}
      onRetry={onRetry}
      emptyText={emptyText}
      minWidth={720}
      renderRowActions={(application) => (
        <RowAction
          label={TEXTS.details}
          itemName={TEXTS.detailsOf(application.applicant.name)}
          onClick={() => onDetails(application)}
        />
      )}
    />
  );
}
