import '@mantine/core/styles/Badge.css';
import {
  compareShifts,
  isJobFull,
  jobIsActive,
  jobLabel,
  jobSpots,
  RETIRED_WORK_TEXTS,
  WAITLIST_ADMIN_TEXTS,
  shiftWhenDated,
  type EventCalendar,
} from '@camp/shared/rules';
import type { CreateJobInput, Job } from '@camp/shared/work';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import { DeleteDialog } from '../../../components/delete-dialog';
import { DataTable } from '../../../components/data-table';
import { FlagBadges } from '../../../components/flag-badges';
import { EditDeleteActions } from '../../../components/row-actions';
import { useCrudDialog } from '../../../components/use-crud-dialog';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useCreateJob } from '../api/create-job';
import { useDeleteJob } from '../api/delete-job';
import { useJobCategories } from '../api/get-job-categories';
import { useJobs } from '../api/get-jobs';
import { useShifts } from '../api/get-shifts';
import { useUpdateJob } from '../api/update-job';
import { JobFormModal } from '../components/job-form-modal';
import { WORK_MESSAGES, serverMessage, serverMessageOr } from '../work-messages';
import { toJobInput } from '../work-form';
import { useMemo, useState } from 'react';
import { RetiredBadge, ShowRetiredSwitch, useRetire } from '../components/retire-controls';
import { useEventCalendar } from '../../config';

const column = createColumnHelper<Job>();

/** A light badge reads in black: its own dark shade falls short of 4.5:1 on the light fill (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

function flagsOf(job: Job): string[] {
  return [job.staffOnly && 'Staff only', job.alwaysRequired && 'Always required'].filter(
    (flag): flag is string => typeof flag === 'string',
  );
}

/** The columns; with event dates the shift names its date (docs/product.md §11). */
const columnsFor = (calendar: EventCalendar | null) => [
  column.accessor('name', {
    header: 'Name',
    meta: { nowrap: true },
    // Retired, or on a retired shift: takes no new people (docs/product.md §11 "Retired jobs and shifts").
    cell: (info) => {
      const job = info.row.original;
      return (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{job.name}</Text>
          {!job.active && <RetiredBadge />}
          {job.active && !job.shift.active && <RetiredBadge label={RETIRED_WORK_TEXTS.shiftRetiredBadge} />}
        </Group>
      );
    },
  }),
  column.accessor((job) => job.category.name, { id: 'category', header: 'Category' }),
  // Sorted in festival-day order, then time; searchable by day label, time and shift name.
  column.accessor((job) => `${shiftWhenDated(job.shift, calendar)} ${job.shift.name}`, {
    id: 'shift',
    header: 'Shift',
    sortingFn: (a, b) => compareShifts(a.original.shift, b.original.shift),
    cell: (info) => {
      const { shift } = info.row.original;
      return (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {shiftWhenDated(shift, calendar)}
          </Text>
          <Text size="xs" c="dimmed">
            {shift.name}
          </Text>
        </Stack>
      );
    },
  }),
  column.accessor('location', { header: 'Location' }),
  column.accessor((job) => `${job.currentRegistrations}/${job.maxRegistrations}`, {
    id: 'spots',
    header: 'Spots',
    meta: { nowrap: true, label: 'Spots' },
    // By places left, fewest first.
    sortingFn: (a, b) => jobSpots(a.original) - jobSpots(b.original),
    cell: (info) => {
      const job = info.row.original;
      const full = isJobFull(job);
      return (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{info.getValue()}</Text>
          {full && (
            <Badge color="red.9" variant="filled" size="sm">
              Full
            </Badge>
          )}
          {/* People may join its line when it is full (docs/product.md §10). */}
          {job.waitlistEnabled && (
            <Badge color="teal" variant="light" size="sm" tt="none" style={BADGE_TEXT}>
              {WAITLIST_ADMIN_TEXTS.waitlistOn}
            </Badge>
          )}
        </Group>
      );
    },
  }),
  column.accessor((job) => flagsOf(job).join(', '), {
    id: 'flags',
    header: 'Restrictions',
    enableSorting: false,
    cell: (info) => (
      <FlagBadges
        flags={flagsOf(info.row.original).map((flag) => ({
          label: flag,
          color: flag === 'Staff only' ? 'dusk' : 'sunset',
        }))}
      />
    ),
  }),
];

/** /admin/jobs (docs/product.md §2 Jobs): a sortable, searchable table and a modal form. */
export default function JobsPage() {
  const jobs = useJobs();
  const categories = useJobCategories();
  const shifts = useShifts();
  const create = useCreateJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();
  const { dialog, open, close, save, confirmDelete, saveError, deleteError } = useCrudDialog<
    Job,
    CreateJobInput
  >({
    noun: 'Job',
    inputName: (input) => input.name,
    itemName: (job) => job.name,
    create: (input) => create.mutateAsync(input),
    update: (job, input) => update.mutateAsync({ id: job.id, input }),
    remove: (job) => remove.mutateAsync(job.id),
    saveError: (error, kind) => ({
      title: kind === 'create' ? WORK_MESSAGES.createJob : WORK_MESSAGES.updateJob,
      detail: serverMessage(error),
    }),
    deleteError: (error) => serverMessageOr(error, WORK_MESSAGES.deleteJob),
  });

  const calendar = useEventCalendar();
  const columns = useMemo(() => columnsFor(calendar), [calendar]);
  const [showRetired, setShowRetired] = useState(false);
  const shown = showRetired ? jobs.data : jobs.data?.filter(jobIsActive);
  const retire = useRetire<Job>({
    setActive: (job, active) => update.mutateAsync({ id: job.id, input: { active } }),
    title: RETIRED_WORK_TEXTS.retireJobTitle,
    body: (job) => RETIRED_WORK_TEXTS.retireJobBody(jobLabel(job.name, job.shift.name, job.shift.dayOfWeek)),
  });
  // The form needs both lists to offer a category and a shift.
  const listsReady = categories.isSuccess && shifts.isSuccess;
  const listsFailed = categories.isError || shifts.isError;

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Jobs"
        description="What people do on a shift: each job has a category, a shift, a location and a number of places."
        actions={
          <Button
            onClick={() => open({ kind: 'create' })}
            disabled={!listsReady}
            loading={!listsReady && !listsFailed}
          >
            Add Job
          </Button>
        }
      />
      {listsFailed && (
        <Text c="red.8" role="alert">
          {categories.isError ? WORK_MESSAGES.fetchJobCategories : WORK_MESSAGES.fetchShifts}
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <ShowRetiredSwitch checked={showRetired} onChange={setShowRetired} />
        {retire.status}
      </Group>
      <DataTable
        caption="Jobs"
        data={shown}
        columns={columns}
        getRowId={(job) => job.id}
        isLoading={jobs.isPending}
        loadingText="Loading jobs..."
        error={jobs.isError ? WORK_MESSAGES.fetchJobs : null}
        onRetry={() => void jobs.refetch()}
        emptyText={WORK_MESSAGES.noJobs}
        groupableColumns={['category', 'location']}
        minWidth={900}
        renderRowActions={(job) => (
          <EditDeleteActions item={job} itemName={job.name} open={open}>
            {retire.action(job)}
          </EditDeleteActions>
        )}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && listsReady && (
        <JobFormModal
          job={dialog.kind === 'edit' ? dialog.item : undefined}
          categories={categories.data}
          shifts={shifts.data}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(toJobInput(values))}
          onClose={close}
        />
      )}
      {retire.dialog}
      <DeleteDialog
        dialog={dialog}
        title="Delete job"
        question={(job) => `Delete the job “${job.name}”? This cannot be undone.`}
        error={deleteError}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
    </Stack>
  );
}
