import '@mantine/core/styles/Badge.css';
import type {
  CancelRegistrationInput,
  CancelRegistrationResponse,
  UpdateRegistrationInput,
} from '@camp/shared/admin-registrations';
import {
  ADMIN_REGISTRATION_SEARCH_MAX,
  ADMIN_REGISTRATION_SORT_DEFAULT,
  ADMIN_REGISTRATION_SORTS,
  type AdminRegistrationSort,
} from '@camp/shared/admin-registrations';
import type { Registration } from '@camp/shared/registrations';
import {
  centsToDollars,
  dollarsToCents,
  formatDollars,
  personName,
  USER_NOTE_TEXTS,
} from '@camp/shared/rules';
import { Badge, Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SortingState } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { RowAction, RowActions } from '../../../components/row-actions';
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
import { RegistrationNotesModal } from '../components/registration-notes-modal';
import {
  activeFilterCount,
  RegistrationFilters,
  type RegistrationFilterValues,
} from '../components/registration-filters';
import { RegistrationsTable } from '../components/registrations-table';
import {
  listStateFromParams,
  paramsFromListState,
  type RegistrationListState,
} from '../registration-list-params';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../../lib/toast';

/** docs/product.md §4/§9: filter changes apply after a 500 ms pause. */
export const FILTER_DEBOUNCE_MS = 500;

/** Registration years offered besides those in the list: the camp's year, one ahead and five back. */
const YEARS_BACK = 5;

/** Only one dialog is open at a time (docs/product.md §2). */
type Dialog = { kind: 'edit' | 'cancel' | 'audit' | 'notes'; registration: Registration } | null;

/** The filters that wait for a pause in typing (500 ms, docs/product.md §9), as one comparable value. */
type Filters = Pick<RegistrationListState, 'year' | 'status' | 'email' | 'name' | 'q'>;

function toQuery(filters: Filters, state: RegistrationListState): AdminRegistrationFilters {
  const sorted =
    state.sort !== ADMIN_REGISTRATION_SORT_DEFAULT.sort ||
    state.order !== ADMIN_REGISTRATION_SORT_DEFAULT.order;
  return {
    year: filters.year === '' ? undefined : Number(filters.year),
    status: filters.status || undefined,
    email: filters.email.trim() || undefined,
    name: filters.name.trim() || undefined,
    q: filters.q.trim() || undefined,
    // The default order is the server's own: left out of the request.
    sort: sorted ? state.sort : undefined,
    order: sorted ? state.order : undefined,
    page: state.page,
    limit: state.limit,
  };
}

/** The table's column ids that the server can sort by, and its sort keys (the same names but 'user'). */
const SORT_OF_COLUMN: Readonly<Record<string, AdminRegistrationSort>> = {
  user: 'name',
  ...Object.fromEntries(
    ADMIN_REGISTRATION_SORTS.filter((sort) => sort !== 'name').map((sort) => [sort, sort]),
  ),
};
const COLUMN_OF_SORT = Object.fromEntries(
  Object.entries(SORT_OF_COLUMN).map(([column, sort]) => [sort, column]),
) as Record<AdminRegistrationSort, string>;

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
 * /admin/manage-registrations (docs/product.md §2 Manage Registrations): the count cards, the Filters panel, the
 * registrations a page at a time, and the edit, cancel and audit-trail dialogs.
 */
export default function ManageRegistrationsPage() {
  const { config } = usePublicConfig();
  const filtersId = useId();
  // The filters, search, sort and page live in the address: Back, a reload and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const state = useMemo(() => listStateFromParams(new URLSearchParams(address)), [address]);
  const filters: RegistrationFilterValues = {
    year: state.year,
    status: state.status,
    email: state.email,
    name: state.name,
  };
  // A link that arrives with filters set shows them.
  const [showFilters, setShowFilters] = useState(() => activeFilterCount(filters) > 0);
  const filterKey = JSON.stringify([state.year, state.status, state.email, state.name, state.q]);
  const [debouncedKey] = useDebouncedValue(filterKey, FILTER_DEBOUNCE_MS);
  const debounced = useMemo(() => {
    const [year, status, email, name, q] = JSON.parse(debouncedKey) as string[];
    return { year, status, email, name, q } as Filters;
  }, [debouncedKey]);
  // While typing is under way the list keeps the query it has (the address already says page 1 of the new
  // filters): one request once the pause comes, not one for the old filters on page 1.
  const typing = filterKey !== debouncedKey;
  const wanted = toQuery(debounced, state);
  const [held, setHeld] = useState(wanted);
  if (!typing && JSON.stringify(held) !== JSON.stringify(wanted)) setHeld(wanted);
  const list = useAdminRegistrations(typing ? held : wanted);

  /** Changes the address (replacing the entry: typing is not a step back); new filters start at page 1. */
  const change = (next: Partial<RegistrationListState>) => {
    const keepsPage = Object.keys(next).every((key) => key === 'page');
    setParams(paramsFromListState({ ...state, ...(keepsPage ? {} : { page: 1 }), ...next }), {
      replace: true,
    });
  };
  const setFilters = (values: RegistrationFilterValues) => change(values);
  const sorting: SortingState = [{ id: COLUMN_OF_SORT[state.sort], desc: state.order === 'desc' }];
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const sort = first ? SORT_OF_COLUMN[first.id] : undefined;
    if (!first || !sort) change({ ...ADMIN_REGISTRATION_SORT_DEFAULT });
    else change({ sort, order: first.desc ? 'desc' : 'asc' });
  };
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
      <RowActions wrap>
        <RowAction
          label="Audit trail"
          itemName={itemName}
          onClick={() => setDialog({ kind: 'audit', registration })}
        />
        <RowAction
          label={USER_NOTE_TEXTS.registrationAction}
          itemName={itemName}
          onClick={() => setDialog({ kind: 'notes', registration })}
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
        onPageChange={(page) => change({ page })}
        onLimitChange={(limit) => change({ limit })}
        sorting={{ sorting, onSortingChange }}
        renderRowActions={renderRowActions}
        search={
          <TextInput
            type="search"
            label={TEXTS.searchLabel}
            placeholder={TEXTS.searchPlaceholder}
            maxLength={ADMIN_REGISTRATION_SEARCH_MAX}
            value={state.q}
            onChange={(event) => change({ q: event.currentTarget.value })}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
        }
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
      {dialog?.kind === 'notes' && (
        <RegistrationNotesModal registration={dialog.registration} onClose={close} />
      )}
    </Stack>
  );
}
