import {
  type AdminApplication,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationDecision,
} from '@camp/shared/rules';
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { FilterBar } from '../../../components/filter-bar';
import { usePublicConfig } from '../../config';
import {
  adminApplicationsQueryOptions,
  type ApplicationStatusFilter,
  useDecideApplications,
} from '../api/admin-applications';
import { ApplicationDetailsModal } from '../components/application-details-modal';
import { ApplicationSettingsCard } from '../components/application-settings-card';
import { ApplicationsList } from '../components/applications-list';
import { DecisionModal } from '../components/decision-modal';
import { showDoneToast, showErrorToast } from '../../../lib/toast';

/** docs/product.md §9: filters wait 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The longest search the API takes (ApplicationListQuerySchema). */
const SEARCH_MAX = 100;

/** The list opens on the applications waiting for review. */
const DEFAULT_STATUS: ApplicationStatusFilter = 'PENDING';
const STATUS_FILTERS: readonly ApplicationStatusFilter[] = ['ALL', ...APPLICATION_STATUSES];

function statusOf(value: string | null): ApplicationStatusFilter {
  return STATUS_FILTERS.find((status) => status === value) ?? DEFAULT_STATUS;
}

/** One dialog at a time: an application's details, or the decision on some. */
type Dialog =
  { kind: 'details'; id: string } | { kind: 'decide'; ids: string[]; decision: ApplicationDecision } | null;

/**
 * /admin/applications (docs/product.md §12 Application approval): the year's settings, then the applications with
 * a status filter and a search (both kept in the address), approved or declined one or many at once.
 */
export default function AdminApplicationsPage() {
  const { config } = usePublicConfig();
  const year = config.registrationYear;
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const q = params.get('q') ?? '';
  const [search] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const list = useQuery({
    ...adminApplicationsQueryOptions({ status, q: search }),
    placeholderData: keepPreviousData,
  });
  // An empty filtered list: are there none at all this year? Asked only then.
  const filtered = status !== 'ALL' || search.trim() !== '';
  const emptyList = list.isSuccess && !list.isPlaceholderData && list.data.length === 0;
  const everything = useQuery({
    ...adminApplicationsQueryOptions({ status: 'ALL', q: '' }),
    enabled: filtered && emptyList,
  });
  const noneThisYear = emptyList && (!filtered || everything.data?.length === 0);
  const waitingForEverything = filtered && emptyList && everything.isPending;

  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const shown = list.isError ? undefined : list.data;
  // Only what the list shows counts as selected: a ticked application the filter hides is left alone.
  const selected = useMemo(
    () => new Set(shown?.filter((application) => ticked.has(application.id)).map(({ id }) => id)),
    [shown, ticked],
  );

  const [dialog, setDialog] = useState<Dialog>(null);
  const decide = useDecideApplications();
  const details = dialog?.kind === 'details' ? shown?.find(({ id }) => id === dialog.id) : undefined;

  const change = (next: { status?: ApplicationStatusFilter; q?: string }) => {
    const values = { status, q, ...next };
    const query = new URLSearchParams();
    if (values.status !== DEFAULT_STATUS) query.set('status', values.status);
    if (values.q !== '') query.set('q', values.q);
    setParams(query, { replace: true });
  };

  const confirmDecision = (ids: string[], decision: ApplicationDecision, message: string | undefined) => {
    decide.mutate(message === undefined ? { ids, decision } : { ids, decision, message }, {
      onSuccess: (result) => {
        showDoneToast(TEXTS.decided(result.decided, decision));
        setTicked(new Set());
        setDialog(null);
      },
      onError: (error) => showErrorToast(TEXTS.decideFailed, error),
    });
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader title={TEXTS.adminTitle} description={TEXTS.adminIntro(year)} />
      <ApplicationSettingsCard />
      <FilterBar
        fields={[
          {
            key: 'status',
            label: TEXTS.statusFilter,
            value: status,
            options: STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'ALL' ? TEXTS.allStatuses : APPLICATION_STATUS_LABELS[value],
            })),
            onChange: (value) => change({ status: statusOf(value) }),
          },
          {
            key: 'q',
            kind: 'search',
            label: TEXTS.search,
            value: q,
            maxLength: SEARCH_MAX,
            onChange: (value) => change({ q: value }),
          },
        ]}
      />
      <ApplicationsList
        applications={waitingForEverything ? undefined : shown}
        isLoading={list.isFetching || waitingForEverything}
        error={list.isError ? TEXTS.listFailed : null}
        onRetry={() => void list.refetch()}
        emptyText={noneThisYear ? TEXTS.emptyYear(year) : TEXTS.empty}
        selected={selected}
        onSelect={setTicked}
        onDecide={(decision) => setDialog({ kind: 'decide', ids: [...selected], decision })}
        onDetails={(application: AdminApplication) => setDialog({ kind: 'details', id: application.id })}
      />
      {details && (
        <ApplicationDetailsModal
          application={details}
          timeZone={config.timeZone}
          onDecide={(decision) => setDialog({ kind: 'decide', ids: [details.id], decision })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'decide' && (
        <DecisionModal
          ids={dialog.ids}
          decision={dialog.decision}
          saving={decide.isPending}
          onConfirm={(message) => confirmDecision(dialog.ids, dialog.decision, message)}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
