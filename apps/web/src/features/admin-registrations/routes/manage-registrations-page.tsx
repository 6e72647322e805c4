import '@mantine/core/styles/Badge.css';
import type {
  CancelRegistrationInput,
  CancelRegistrationResponse,
  UpdateRegistrationInput,
} from '@camp/shared/admin-registrations';
import { ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT } from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import { centsToDollars, dollarsToCents, formatDollars, personName } from '@camp/shared/rules';
import { Badge, Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useMemo, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { RowAction, RowActions } from '../../../components/row-actions';
import { showSuccessToast } from '../../../lib/toast';
import { usePublicConfig } from '../../config';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { useCancelRegistration } from '../api/cancel-registration';
import { useAdminRegistrations } from '../api/get-admin-registrations';
import type { AdminRegistrationFilters } from '../api/query-keys';
import { useUpdateRegistration } from '../api/update-registration';
import { AuditTrailModal } from '../components/audit-trail-modal';
import { CancelRegistrationModal } from '../components/cancel-registration-modal';
import { EditRegistrationModal } from '../components/edit-registration-modal';
import { RegistrationCounts } from '../components/registration-counts';
import {
  activeFilterCount,
  NO_REGISTRATION_FILTERS,
  RegistrationFilters,
  type RegistrationFilterValues,
} from '../components/registration-filters';
import { RegistrationsTable } from '../components/registrations-table';
import { showErrorToast, showWarningToast } from '../toasts';

/** Spec §4/§9: filter changes apply after a 500 ms pause. */
export const FILTER_DEBOUNCE_MS = 500;

/** Registration years offered besides those in the list: the camp's year, one ahead and five back. */
const YEARS_BACK = 5;

/** Only one dialog is open at a time (spec §2). */
type Dialog = { kind: 'edit' | 'cancel' | 'audit'; registration: Registration } | null;

function toQuery(values: RegistrationFilterValues, page: number, limit: number): AdminRegistrationFilters {
  return {
    year: values.year === '' ? undefined : Number(values.year),
    status: values.status || undefined,
    email: values.email.trim() || undefined,
    name: values.name.trim() || undefined,
    page,
    limit,
  };
}

/** The refunds a cancel asked for that did not go through: a warning each, with the provider's reason. */
function warnAboutRefunds({ refunds }: CancelRegistrationResponse) {
  for (const refund of refunds) {
    if (refund.status === 'SUCCEEDED') continue;
    const title = refund.status === 'FAILED' ? TEXTS.refundFailed : TEXTS.refundPending;
    const amount = formatDollars(refund.amount);
    showWarningToast(title, refund.message ? `${amount}: ${refund.message}` : amount);
  }
}

function refundedText({ refunds }: CancelRegistrationResponse): string {
  const cents = refunds
    .filter((refund) => refund.status === 'SUCCEEDED')
    .reduce((sum, refund) => sum + dollarsToCents(refund.amount), 0);
  return cents > 0 ? ` ${formatDollars(centsToDollars(cents))} refunded.` : '';
}

/**
 * /admin/manage-registrations (spec §2 Manage Registrations): the count cards, the Filters panel, the
 * registrations a page at a time, and the edit, cancel and audit-trail dialogs.
 */
export default function ManageRegistrationsPage() {
  const { config } = usePublicConfig();
  const filtersId = useId();
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<RegistrationFilterValues>(NO_REGISTRATION_FILTERS);
  const [debounced] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [limit, setLimit] = useState<number>(ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT);
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [paging, setPaging] = useState({ page: 1, filters: debounced, limit });
  const page = paging.filters === debounced && paging.limit === limit ? paging.page : 1;
  const list = useAdminRegistrations(toQuery(debounced, page, limit));
  const [dialog, setDialog] = useState<Dialog>(null);
  const update = useUpdateRegistration();
  const cancel = useCancelRegistration();

  const data = list.isError ? undefined : list.data;

  // The camp's year, one ahead, five back, any year on the page, and the one chosen; newest first.
  const years = useMemo(() => {
    const found = new Set<number>();
    for (let year = config.registrationYear + 1; year >= config.registrationYear - YEARS_BACK; year -= 1) {
      found.add(year);
    }
    for (const registration of data?.registrations ?? []) found.add(registration.year);
    if (filters.year !== '') found.add(Number(filters.year));
    return [...found].sort((a, b) => b - a);
  }, [config.registrationYear, data, filters.year]);

  const close = () => setDialog(null);

  const saveEdit = (registration: Registration, input: UpdateRegistrationInput) => {
    update.mutate(
      { id: registration.id, input },
      {
        onSuccess: (updated) => {
          showSuccessToast(
            TEXTS.updated,
            `The ${updated.year} registration of ${personName(updated.user)} was updated.`,
          );
          setDialog(null);
        },
        onError: (error) => showErrorToast(TEXTS.updateFailed, error),
      },
    );
  };

  const saveCancel = (registration: Registration, input: CancelRegistrationInput) => {
    cancel.mutate(
      { id: registration.id, input },
      {
        onSuccess: (answer) => {
          showSuccessToast(
            TEXTS.cancelled,
            `The ${registration.year} registration of ${personName(registration.user)} was cancelled.${refundedText(answer)}`,
          );
          warnAboutRefunds(answer);
          setDialog(null);
        },
        onError: (error) => showErrorToast(TEXTS.cancelFailed, error),
      },
    );
  };

  const renderRowActions = (registration: Registration) => {
    const itemName = `registration of ${personName(registration.user)}`;
    const active = registration.status !== 'CANCELLED';
    return (
      <RowActions>
        <RowAction
          label="Audit trail"
          itemName={itemName}
          onClick={() => setDialog({ kind: 'audit', registration })}
        />
        {active && (
          <RowAction
            label="Edit"
            itemName={itemName}
            onClick={() => setDialog({ kind: 'edit', registration })}
          />
        )}
        {active && (
          <RowAction
            label="Cancel"
            itemName={itemName}
            color="red"
            onClick={() => setDialog({ kind: 'cancel', registration })}
          />
        )}
      </RowActions>
    );
  };

  const active = activeFilterCount(filters);

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={TEXTS.title}
        description={TEXTS.description}
        actions={
          <Button
            variant={showFilters ? 'filled' : 'light'}
            aria-expanded={showFilters}
            aria-controls={filtersId}
            onClick={() => setShowFilters((open) => !open)}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle variant="white" aria-label={`${active} active`}>
                  {active}
                </Badge>
              ) : undefined
            }
          >
            Filters
          </Button>
        }
      />
      <RegistrationCounts counts={data?.counts} />
      {showFilters && (
        <RegistrationFilters id={filtersId} values={filters} years={years} onChange={setFilters} />
      )}
      <RegistrationsTable
        data={data}
        isLoading={list.isFetching}
        error={list.isError ? TEXTS.fetchFailed : null}
        onRetry={() => void list.refetch()}
        onPageChange={(next) => setPaging({ page: next, filters: debounced, limit })}
        onLimitChange={setLimit}
        renderRowActions={renderRowActions}
      />

      {dialog?.kind === 'edit' && (
        <EditRegistrationModal
          registration={dialog.registration}
          saving={update.isPending}
          onSave={(input) => saveEdit(dialog.registration, input)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelRegistrationModal
          registration={dialog.registration}
          saving={cancel.isPending}
          onSave={(input) => saveCancel(dialog.registration, input)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'audit' && <AuditTrailModal registration={dialog.registration} onClose={close} />}
    </Stack>
  );
}
