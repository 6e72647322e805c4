import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { AdminShiftLine, AdminShiftWaitEntry } from '@camp/shared/shift-waitlist';
import type { AdminWaitlistEntry } from '@camp/shared/waitlist';
import { AdminWaitlistRemoveSchema } from '@camp/shared/waitlist';
import {
  formatDateTime,
  OFFER_STATE_LABELS,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITLIST_TEXTS as SHIFT_TEXTS,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_ADMIN_TEXTS as TEXTS,
  WAITLIST_REMOVE_REASON_MAX,
  shiftWhenDated,
  type EventCalendar,
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
import { usePublicConfig } from '../../config';
import {
  useAdminWaitlist,
  useWaitlistAction,
  type WaitlistAction,
  type WaitlistTarget,
} from '../api/admin-waitlist';
import { DialogFooter } from '../components/dialog-footer';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { ReasonTextarea } from '../components/reason-textarea';
import { useEventCalendar } from '../../config';

/** Years offered: the camp's year, one ahead and five back (as Manage Registrations offers them). */
const YEARS_BACK = 5;

/**
 * One person in one line as the screen shows it, whichever line it is: a camping option's (a waitlisted
 * registration) or a job's (a shift waitlist entry, decision 052). Both kinds of line share the table, the cards on
 * a phone, the actions and the dialogs below.
 */
interface LineRow {
  /** Whom the actions are about: the registration (option lines) or the shift waitlist entry (job lines). */
  target: WaitlistTarget;
  rowId: string;
  name: string;
  email: string;
  joinedAt: string;
  position: number;
  offer: { expiresAt: string } | null;
  /** How the last offer that did not end the wait ended, in words ('Skipped'). */
  lastOffer: string | null;
  /** Set while Offer now cannot be used: a shift entry whose registration holds no place in camp. */
  dormant: boolean;
  /** Move up / Move down in this line. */
  move: (direction: 'up' | 'down') => WaitlistAction;
}

/** The job of a shift line as its toasts and dialogs name it; null for a camping option's line. */
type LineJob = string | null;

type Dialog = { kind: 'skip' | 'remove'; row: LineRow; job: LineJob } | null;

/** What a row shows of its entry, alike in the lines of options and of shifts. */
const shownOf = (entry: AdminWaitlistEntry | AdminShiftWaitEntry) => ({
  name: entry.name,
  email: entry.email,
  joinedAt: entry.joinedAt,
  position: entry.position,
  offer: entry.offer,
  lastOffer: entry.lastOffer ? OFFER_STATE_LABELS[entry.lastOffer.state] : null,
});

const optionRow = (campingOptionId: string, entry: AdminWaitlistEntry): LineRow => ({
  target: { registrationId: entry.registrationId },
  rowId: entry.registrationId,
  ...shownOf(entry),
  dormant: false,
  move: (direction) => ({
    kind: 'move',
    target: { registrationId: entry.registrationId },
    input: { campingOptionId, direction },
  }),
});

const shiftRow = (entry: AdminShiftWaitEntry): LineRow => ({
  target: { shiftWaitId: entry.shiftWaitId },
  rowId: entry.shiftWaitId,
  ...shownOf(entry),
  dormant: !entry.active,
  move: (direction) => ({ kind: 'move', target: { shiftWaitId: entry.shiftWaitId }, input: { direction } }),
});

/** A job as its card, toasts and dialogs name it: "Bar, Monday 18:00–22:00" (dated with event dates). */
const jobTitle = (line: AdminShiftLine, calendar: EventCalendar | null) =>
  `${line.name}, ${shiftWhenDated(line.shift, calendar)}`;

const column = createColumnHelper<LineRow>();

/** Light badges read in black: their own dark shades fall short of 4.5:1 on the light fill (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

/** The offer's state as a badge, its deadline in the camp's time zone, and how the last offer ended. */
function OfferState({ row, timeZone }: { row: LineRow; timeZone: string }) {
  return (
    <Stack gap={2}>
      {row.offer ? (
        <>
          <Badge color="blue" variant="light" tt="none" style={BADGE_TEXT}>
            {OFFER_STATE_LABELS.OPEN}
          </Badge>
          <Text size="xs">{TEXTS.offerUntil(formatDateTime(row.offer.expiresAt, timeZone))}</Text>
        </>
      ) : (
        <Badge color="gray" variant="light" tt="none" style={BADGE_TEXT}>
          {TEXTS.noOffer}
        </Badge>
      )}
      {row.dormant && (
        <Text size="xs" c="dimmed">
          {SHIFT_TEXTS.adminDormant}
        </Text>
      )}
      {row.lastOffer && (
        <Text size="xs" c="dimmed">
          {TEXTS.lastOffer(row.lastOffer)}
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
      cell: ({ row }) => <OfferState row={row.original} timeZone={timeZone} />,
    }),
  ];
}

/** The reason dialog of Remove: the shared schema's rule and message. */
function RemoveDialog({
  row,
  job,
  saving,
  onSave,
  onClose,
}: {
  row: LineRow;
  job: LineJob;
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
    <DialogShell
      opened
      title={job ? SHIFT_TEXTS.adminRemoveTitle : TEXTS.removeTitle}
      saving={saving}
      onClose={onClose}
      size="md"
    >
      <form noValidate onSubmit={send} aria-busy={saving || undefined}>
        <Stack gap="md">
          <Text>{job ? SHIFT_TEXTS.adminRemoveConfirm(row.name, job) : TEXTS.removeConfirm(row.name)}</Text>
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

/**
 * One line as a card: its heading, where and when (a job's), its places, its waitlist switch and its people in
 * order (a table, or cards on a phone) with Offer now or Skip, Move up / Move down and Remove on each.
 */
function LineCard({
  title,
  headingOrder,
  details,
  places,
  waitlistEnabled,
  rows,
  job,
  timeZone,
  onAction,
  onDialog,
}: {
  title: string;
  headingOrder: 3 | 4;
  details?: string;
  places: string;
  waitlistEnabled: boolean;
  rows: LineRow[];
  job: LineJob;
  timeZone: string;
  onAction: (action: WaitlistAction, done: string) => void;
  onDialog: (dialog: Dialog) => void;
}) {
  const headingId = useId();
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const last = rows.length;
  // A shift line's messages speak of a person, an option line's of a registration.
  const messages = job ? SHIFT_WAITLIST_MESSAGES : WAITLIST_ADMIN_MESSAGES;
  const renderRowActions = (row: LineRow) => {
    const itemName = row.name;
    const move = (direction: 'up' | 'down') => onAction(row.move(direction), TEXTS.moved(row.name));
    return (
      <RowActions>
        {row.offer ? (
          <RowAction
            label={TEXTS.skip}
            itemName={itemName}
            onClick={() => onDialog({ kind: 'skip', row, job })}
          />
        ) : (
          <RowAction
            label={TEXTS.offerNow}
            itemName={itemName}
            disabledReason={row.dormant ? SHIFT_WAITLIST_MESSAGES.adminNotActive : undefined}
            onClick={() =>
              onAction(
                { kind: 'offer', target: row.target },
                job ? SHIFT_TEXTS.adminOffered(row.name, job) : TEXTS.offered(row.name),
              )
            }
          />
        )}
        <RowAction
          label={TEXTS.moveUp}
          itemName={itemName}
          disabledReason={row.position === 1 ? messages.atTop : undefined}
          onClick={() => move('up')}
        />
        <RowAction
          label={TEXTS.moveDown}
          itemName={itemName}
          disabledReason={row.position === last ? messages.atBottom : undefined}
          onClick={() => move('down')}
        />
        <RowAction
          label={TEXTS.remove}
          itemName={itemName}
          color="red"
          onClick={() => onDialog({ kind: 'remove', row, job })}
        />
      </RowActions>
    );
  };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={headingOrder} id={headingId} size="h4">
            {title}
          </Title>
          <Badge color={waitlistEnabled ? 'teal' : 'gray'} variant="light" tt="none" style={BADGE_TEXT}>
            {waitlistEnabled ? TEXTS.waitlistOn : TEXTS.waitlistOff}
          </Badge>
        </Group>
        <Stack gap={0}>
          {details && <Text size="sm">{details}</Text>}
          <Text size="sm" c="dimmed">
            {places}
          </Text>
        </Stack>
        <DataTable
          caption={job ? SHIFT_TEXTS.adminLine(job) : `Line for ${title}`}
          data={rows}
          columns={columns}
          getRowId={(row) => row.rowId}
          paginate={false}
          searchable={false}
          emptyText={job ? SHIFT_TEXTS.adminEmpty(job) : TEXTS.empty(title)}
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
 * its line in order, with Offer now, Skip, Remove and Move up / Move down on each person; then, in the Shifts
 * section, the same for every job whose waitlist is on or that has people in line (decision 052).
 */
export default function WaitlistPage() {
  const calendar = useEventCalendar();
  const { config } = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : config.registrationYear;
  const lines = useAdminWaitlist(year);
  const action = useWaitlistAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const shiftsHeadingId = useId();

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
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" m={0} maw={720}>
          {(
            [
              ['waitlisted', TEXTS.waitlistedCount],
              ['openOffers', TEXTS.openOffersCount],
              ['shiftWaiting', SHIFT_TEXTS.adminWaitingCount],
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
        <LineCard
          key={option.campingOptionId}
          title={option.name}
          headingOrder={3}
          places={TEXTS.places(option.taken, option.held, option.maxSignups)}
          waitlistEnabled={option.waitlistEnabled}
          rows={option.line.map((entry) => optionRow(option.campingOptionId, entry))}
          job={null}
          timeZone={config.timeZone}
          onAction={run}
          onDialog={setDialog}
        />
      ))}
      {data && (
        <Stack component="section" aria-labelledby={shiftsHeadingId} gap="md">
          <Stack gap={4}>
            <Title order={3} id={shiftsHeadingId}>
              {SHIFT_TEXTS.adminTitle}
            </Title>
            <Text c="dimmed">{SHIFT_TEXTS.adminIntro}</Text>
          </Stack>
          {data.shifts.length === 0 && <Text>{SHIFT_TEXTS.adminNoJobs}</Text>}
          {data.shifts.map((line) => (
            <LineCard
              key={line.jobId}
              title={jobTitle(line, calendar)}
              headingOrder={4}
              details={`${line.location} · ${line.shift.name}`}
              places={TEXTS.places(line.taken, line.held, line.maxRegistrations)}
              waitlistEnabled={line.waitlistEnabled}
              rows={line.line.map(shiftRow)}
              job={jobTitle(line, calendar)}
              timeZone={config.timeZone}
              onAction={run}
              onDialog={setDialog}
            />
          ))}
        </Stack>
      )}

      <ConfirmDialog
        opened={dialog?.kind === 'skip'}
        title={TEXTS.skipTitle}
        message={
          !dialog
            ? ''
            : dialog.job
              ? SHIFT_TEXTS.adminSkipConfirm(dialog.row.name, dialog.job)
              : TEXTS.skipConfirm(dialog.row.name)
        }
        confirmLabel={TEXTS.skip}
        cancelLabel={TEXTS.cancel}
        danger
        loading={action.isPending}
        onConfirm={() =>
          dialog &&
          run(
            { kind: 'skip', target: dialog.row.target },
            dialog.job
              ? SHIFT_TEXTS.adminSkipped(dialog.row.name, dialog.job)
              : TEXTS.skipped(dialog.row.name),
          )
        }
        onCancel={() => setDialog(null)}
      />
      {dialog?.kind === 'remove' && (
        <RemoveDialog
          row={dialog.row}
          job={dialog.job}
          saving={action.isPending}
          onSave={(reason) =>
            run(
              { kind: 'remove', target: dialog.row.target, input: { reason } },
              dialog.job
                ? SHIFT_TEXTS.adminRemoved(dialog.row.name, dialog.job)
                : TEXTS.removed(dialog.row.name),
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
