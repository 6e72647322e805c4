import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { AdminWaitlistEntry, AdminWaitlistOption } from '@camp/shared/waitlist';
import { AdminWaitlistRemoveSchema } from '@camp/shared/waitlist';
import {
  formatDateTime,
  OFFER_STATE_LABELS,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_ADMIN_TEXTS as TEXTS,
  WAITLIST_REMOVE_REASON_MAX,
} from '@camp/shared/rules';
import { Badge, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { type CSSProperties, type FormEvent, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { DialogShell } from '../../../components/form-modal';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { RowAction, RowActions } from '../../../components/row-actions';
import { useModalForm } from '../../../components/use-modal-form';
import { showSuccessToast } from '../../../lib/toast';
import { usePublicConfig } from '../../config';
import { useAdminWaitlist, useWaitlistAction, type WaitlistAction } from '../api/admin-waitlist';
import { DialogFooter } from '../components/dialog-footer';
import { showErrorToast } from '../toasts';
import { ReasonTextarea } from '../components/reason-textarea';

/** Years offered: the camp's year, one ahead and five back (as Manage Registrations offers them). */
const YEARS_BACK = 5;

type Dialog = { kind: 'skip' | 'remove'; entry: AdminWaitlistEntry } | null;

const column = createColumnHelper<AdminWaitlistEntry>();

/** Light badges read in black: their own dark shades fall short of 4.5:1 on the light fill (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

/** The offer's state as a badge, its deadline in the camp's time zone, and how the last offer ended. */
function OfferState({ entry, timeZone }: { entry: AdminWaitlistEntry; timeZone: string }) {
  return (
    <Stack gap={2}>
      {entry.offer ? (
        <>
          <Badge color="blue" variant="light" tt="none" style={BADGE_TEXT}>
            {OFFER_STATE_LABELS.OPEN}
          </Badge>
          <Text size="xs">{TEXTS.offerUntil(formatDateTime(entry.offer.expiresAt, timeZone))}</Text>
        </>
      ) : (
        <Badge color="gray" variant="light" tt="none" style={BADGE_TEXT}>
          {TEXTS.noOffer}
        </Badge>
      )}
      {entry.lastOffer && (
        <Text size="xs" c="dimmed">
          {TEXTS.lastOffer(OFFER_STATE_LABELS[entry.lastOffer.state])}
        </Text>
      )}
    </Stack>
  );
}

/** The line is in its order: no column sorts it otherwise (no Sort by list on a phone either). */
function columnsFor(timeZone: string) {
  return [
    column.accessor('position', {
      header: TEXTS.position,
      enableSorting: false,
      meta: { nowrap: true },
      cell: ({ getValue }) => <Text size="sm">{getValue()}</Text>,
    }),
    column.accessor('name', {
      header: TEXTS.name,
      enableSorting: false,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.original.email}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('joinedAt', {
      header: TEXTS.joined,
      enableSorting: false,
      cell: ({ getValue }) => <Text size="sm">{formatDateTime(getValue(), timeZone)}</Text>,
    }),
    column.display({
      id: 'offer',
      header: TEXTS.offer,
      cell: ({ row }) => <OfferState entry={row.original} timeZone={timeZone} />,
    }),
  ];
}

/** The reason dialog of Remove: the shared schema's rule and message. */
function RemoveDialog({
  entry,
  saving,
  onSave,
  onClose,
}: {
  entry: AdminWaitlistEntry;
  saving: boolean;
  onSave: (reason: string) => void;
  onClose: () => void;
}) {
  const { values, errors, set, clearErrors, submit } = useModalForm({
    initialValues: () => ({ reason: '' }),
    form: { schema: AdminWaitlistRemoveSchema, toInput: (current) => current },
    onSave: (checked) => onSave(checked.reason.trim()),
  });
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) submit();
  };
  return (
    <DialogShell opened title={TEXTS.removeTitle} saving={saving} onClose={onClose} size="md">
      <form noValidate onSubmit={send} aria-busy={saving || undefined}>
        <Stack gap="md">
          <Text>{TEXTS.removeConfirm(entry.name)}</Text>
          <ReasonTextarea
            label={TEXTS.reasonLabel}
            maxLength={WAITLIST_REMOVE_REASON_MAX}
            value={values.reason}
            onValue={(reason) => {
              set('reason', reason);
              clearErrors('reason');
            }}
            error={errors.reason}
          />
          <DialogFooter
            submitLabel={TEXTS.remove}
            closeLabel={TEXTS.cancel}
            saving={saving}
            danger
            onClose={onClose}
          />
        </Stack>
      </form>
    </DialogShell>
  );
}

/** One camping option: its name, places, waitlist switch and its line (a table, or cards on a phone). */
function OptionLine({
  option,
  timeZone,
  onAction,
  onDialog,
}: {
  option: AdminWaitlistOption;
  timeZone: string;
  onAction: (action: WaitlistAction, done: string) => void;
  onDialog: (dialog: Dialog) => void;
}) {
  const headingId = useId();
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const last = option.line.length;
  const renderRowActions = (entry: AdminWaitlistEntry) => {
    const itemName = entry.name;
    const move = (direction: 'up' | 'down') =>
      onAction(
        {
          kind: 'move',
          registrationId: entry.registrationId,
          input: { campingOptionId: option.campingOptionId, direction },
        },
        TEXTS.moved(entry.name),
      );
    return (
      <RowActions>
        {entry.offer ? (
          <RowAction
            label={TEXTS.skip}
            itemName={itemName}
            onClick={() => onDialog({ kind: 'skip', entry })}
          />
        ) : (
          <RowAction
            label={TEXTS.offerNow}
            itemName={itemName}
            onClick={() =>
              onAction({ kind: 'offer', registrationId: entry.registrationId }, TEXTS.offered(entry.name))
            }
          />
        )}
        <RowAction
          label={TEXTS.moveUp}
          itemName={itemName}
          disabledReason={entry.position === 1 ? WAITLIST_ADMIN_MESSAGES.atTop : undefined}
          onClick={() => move('up')}
        />
        <RowAction
          label={TEXTS.moveDown}
          itemName={itemName}
          disabledReason={entry.position === last ? WAITLIST_ADMIN_MESSAGES.atBottom : undefined}
          onClick={() => move('down')}
        />
        <RowAction
          label={TEXTS.remove}
          itemName={itemName}
          color="red"
          onClick={() => onDialog({ kind: 'remove', entry })}
        />
      </RowActions>
    );
  };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={3} id={headingId} size="h4">
            {option.name}
          </Title>
          <Badge
            color={option.waitlistEnabled ? 'teal' : 'gray'}
            variant="light"
            tt="none"
            style={BADGE_TEXT}
          >
            {option.waitlistEnabled ? TEXTS.waitlistOn : TEXTS.waitlistOff}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {TEXTS.places(option.taken, option.held, option.maxSignups)}
        </Text>
        <DataTable
          caption={`Line for ${option.name}`}
          data={option.line}
          columns={columns}
          getRowId={(entry) => entry.registrationId}
          paginate={false}
          searchable={false}
          emptyText={TEXTS.empty(option.name)}
          renderRowActions={renderRowActions}
          rowActionsHeader={TEXTS.actions}
          cardTitle="name"
          minWidth={720}
        />
      </Stack>
    </Paper>
  );
}

/**
 * /admin/waitlist (docs/product.md §10): per camping option of the chosen year its places, its waitlist switch and
 * its line in order, with Offer now, Skip, Remove and Move up / Move down on each person.
 */
export default function WaitlistPage() {
  const { config } = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : config.registrationYear;
  const lines = useAdminWaitlist(year);
  const action = useWaitlistAction();
  const [dialog, setDialog] = useState<Dialog>(null);

  const years = useMemo(() => {
    const found = new Set<number>([year]);
    for (let y = config.registrationYear + 1; y >= config.registrationYear - YEARS_BACK; y -= 1) found.add(y);
    return [...found].sort((a, b) => b - a);
  }, [config.registrationYear, year]);

  const run = (next: WaitlistAction, done: string) => {
    action.mutate(next, {
      onSuccess: () => {
        showSuccessToast(TEXTS.title, done);
        setDialog(null);
      },
      onError: (error) => showErrorToast(TEXTS.actionFailed, error),
    });
  };

  const data = lines.isError ? undefined : lines.data;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={TEXTS.title} description={TEXTS.intro} />
      <NativeSelect
        label={TEXTS.year}
        data={years.map(String)}
        value={String(year)}
        onChange={(event) => setParams({ year: event.currentTarget.value }, { replace: true })}
        style={{ maxWidth: 200 }}
      />
      <section aria-label="Waitlist counts">
        <SimpleGrid component="dl" cols={2} spacing="sm" m={0} maw={480}>
          {(
            [
              ['waitlisted', TEXTS.waitlistedCount],
              ['openOffers', TEXTS.openOffersCount],
            ] as const
          ).map(([key, label]) => (
            <Paper key={key} withBorder radius="md" p="sm">
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
                {data ? data.totals[key] : '—'}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      {lines.isPending && (
        <Group justify="center" gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      )}
      {lines.isError && (
        <LoadFailedAlert
          title={TEXTS.loadFailed}
          onRetry={() => void lines.refetch()}
          retrying={lines.isFetching}
        />
      )}
      {data && data.options.length === 0 && <Text>{TEXTS.noOptions}</Text>}
      {data?.options.map((option) => (
        <OptionLine
          key={option.campingOptionId}
          option={option}
          timeZone={config.timeZone}
          onAction={run}
          onDialog={setDialog}
        />
      ))}

      <ConfirmDialog
        opened={dialog?.kind === 'skip'}
        title={TEXTS.skipTitle}
        message={dialog ? TEXTS.skipConfirm(dialog.entry.name) : ''}
        confirmLabel={TEXTS.skip}
        cancelLabel={TEXTS.cancel}
        danger
        loading={action.isPending}
        onConfirm={() =>
          dialog &&
          run({ kind: 'skip', registrationId: dialog.entry.registrationId }, TEXTS.skipped(dialog.entry.name))
        }
        onCancel={() => setDialog(null)}
      />
      {dialog?.kind === 'remove' && (
        <RemoveDialog
          entry={dialog.entry}
          saving={action.isPending}
          onSave={(reason) =>
            run(
              { kind: 'remove', registrationId: dialog.entry.registrationId, input: { reason } },
              TEXTS.removed(dialog.entry.name),
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
