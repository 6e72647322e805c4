import type { OverdueRegistration } from '@camp/shared/payments';
import { formatDateTime, formatDollars, PAYMENT_DEADLINE_TEXTS, personName } from '@camp/shared/rules';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import type { FormError } from '../../../components/form-actions';
import { RowAction, RowActions } from '../../../components/row-actions';
import { failureDetail } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { useOverdueRegistrations, useReleasePlace } from '../api/overdue';

const column = createColumnHelper<OverdueRegistration>();

function columnsIn(timeZone: string) {
  return [
    column.accessor((row) => personName(row.user), {
      id: 'person',
      header: 'Person',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {personName(row.original.user)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.original.user.email}
          </Text>
        </Stack>
      ),
    }),
    column.accessor((row) => row.campingOptions.join(', '), {
      id: 'options',
      header: 'Camping options',
      cell: ({ getValue }) => getValue() || '—',
    }),
    column.accessor('owed', {
      header: 'Owed',
      meta: { nowrap: true, align: 'right' },
      cell: ({ getValue }) => formatDollars(getValue()),
    }),
    column.accessor('payBy', {
      id: 'payBy',
      header: 'Pay by',
      cell: ({ getValue }) => formatDateTime(getValue(), timeZone),
    }),
    column.accessor('overdueDays', {
      id: 'overdueSince',
      header: 'Overdue since',
      cell: ({ getValue }) => PAYMENT_DEADLINE_TEXTS.overdueFor(getValue()),
    }),
  ];
}

/**
 * Admin → Payments → Overdue (docs/product.md §10): the registrations past their payment deadline with dues still
 * owed, each with "Release place" behind a confirmation; a release cancels the registration and passes its places
 * to the next person in line.
 */
export function OverdueSection({ timeZone }: { timeZone: string }) {
  const overdue = useOverdueRegistrations();
  const release = useReleasePlace();
  const [chosen, setChosen] = useState<OverdueRegistration | null>(null);
  const [releaseError, setReleaseError] = useState<FormError | null>(null);
  const columns = useMemo(() => columnsIn(timeZone), [timeZone]);

  const confirm = () => {
    if (!chosen) return;
    setReleaseError(null);
    release.mutate(chosen.registrationId, {
      onSuccess: () => {
        showSuccessToast(PAYMENT_DEADLINE_TEXTS.released, personName(chosen.user));
        setChosen(null);
      },
      onError: (error) => {
        setReleaseError({ title: PAYMENT_DEADLINE_TEXTS.releaseFailed, detail: failureDetail(error) });
        setChosen(null);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3}>{PAYMENT_DEADLINE_TEXTS.overdueTitle}</Title>
      <Text size="sm" c="dimmed">
        {PAYMENT_DEADLINE_TEXTS.overdueHelp}
      </Text>
      {releaseError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={releaseError.title}
          withCloseButton
          closeButtonLabel="Close message"
          onClose={() => setReleaseError(null)}
        >
          {releaseError.detail && <Text size="sm">{releaseError.detail}</Text>}
        </Alert>
      )}
      {overdue.data?.length === 0 ? (
        // Nothing overdue: the sentence alone, without an empty table and its sort and page controls.
        <Text size="sm">{PAYMENT_DEADLINE_TEXTS.overdueEmpty}</Text>
      ) : (
        <DataTable
          data={overdue.data}
          columns={columns}
          caption={PAYMENT_DEADLINE_TEXTS.overdueTitle}
          getRowId={(row) => row.registrationId}
          initialSorting={[{ id: 'payBy', desc: false }]}
          searchable={false}
          isLoading={overdue.isFetching}
          loadingText="Loading overdue registrations..."
          error={overdue.isError && !overdue.data ? PAYMENT_DEADLINE_TEXTS.overdueFetchFailed : null}
          onRetry={() => void overdue.refetch()}
          emptyText={PAYMENT_DEADLINE_TEXTS.overdueEmpty}
          minWidth={760}
          cardTitle="person"
          renderRowActions={(row) => (
            <RowActions>
              <RowAction
                label={PAYMENT_DEADLINE_TEXTS.release}
                itemName={`of ${personName(row.user)}`}
                color="red"
                onClick={() => {
                  setReleaseError(null);
                  setChosen(row);
                }}
              />
            </RowActions>
          )}
        />
      )}
      <ConfirmDialog
        opened={chosen !== null}
        title={PAYMENT_DEADLINE_TEXTS.releaseTitle}
        message={chosen ? PAYMENT_DEADLINE_TEXTS.releaseConfirm(personName(chosen.user)) : ''}
        confirmLabel={PAYMENT_DEADLINE_TEXTS.release}
        danger
        loading={release.isPending}
        onConfirm={confirm}
        onCancel={() => setChosen(null)}
      />
    </Stack>
  );
}
