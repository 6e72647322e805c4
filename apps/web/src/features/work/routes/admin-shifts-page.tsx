import {
  compareShifts,
  shiftTimeRange,
  festivalDayText,
  RETIRED_WORK_TEXTS,
  type EventCalendar,
} from '@camp/shared/rules';
import type { CreateShiftInput, Shift } from '@camp/shared/work';
import { Button, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { DeleteDialog } from '../../../components/delete-dialog';
import { DataTable } from '../../../components/data-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { useCrudDialog } from '../../../components/use-crud-dialog';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useCreateShift } from '../api/create-shift';
import { useDeleteShift } from '../api/delete-shift';
import { useShifts } from '../api/get-shifts';
import { useUpdateShift } from '../api/update-shift';
import { OverlappingAssignments } from '../components/overlapping-assignments';
import { ShiftFormModal } from '../components/shift-form-modal';
import { WORK_MESSAGES, serverMessageOr } from '../work-messages';
import { toShiftInput } from '../work-form';
import { useMemo, useState } from 'react';
import { RetiredBadge, ShowRetiredSwitch, useRetire } from '../components/retire-controls';
import { useEventCalendar } from '../../config';

const column = createColumnHelper<Shift>();

/** The columns; with event dates the day names its date (docs/product.md §11). */
const columnsFor = (calendar: EventCalendar | null) => [
  column.accessor('name', {
    header: 'Name',
    meta: { nowrap: true },
    // A retired shift and its jobs take no new people (docs/product.md §11 "Retired jobs and shifts").
    cell: (info) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{info.row.original.name}</Text>
        {!info.row.original.active && <RetiredBadge />}
      </Group>
    ),
  }),
  // Day in festival order (Pre-Opening … Post-Event), then start time; not alphabetical.
  column.accessor((shift) => festivalDayText(shift.dayOfWeek, calendar, shift.dayOffset), {
    id: 'day',
    header: 'Day',
    meta: { nowrap: true },
    sortingFn: (a, b) => compareShifts(a.original, b.original),
  }),
  column.accessor((shift) => shiftTimeRange(shift), {
    id: 'time',
    header: 'Time',
    meta: { nowrap: true },
  }),
  column.accessor((shift) => shift.description ?? '', {
    id: 'description',
    header: 'Description',
    cell: (info) =>
      info.getValue() ? (
        <Text size="sm">{info.getValue()}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  }),
  column.accessor((shift) => shift.jobs?.length ?? 0, {
    id: 'jobs',
    header: 'Jobs',
    meta: { align: 'right' },
  }),
];

/**
 * /admin/shifts (docs/product.md §2 Shifts): the shifts in festival order, with a modal form, and the people holding
 * overlapping shifts under them (docs/product.md §11).
 */
export default function AdminShiftsPage() {
  const shifts = useShifts();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();
  const { dialog, open, close, save, confirmDelete, saveError, deleteError } = useCrudDialog<
    Shift,
    CreateShiftInput
  >({
    noun: 'Shift',
    inputName: (input) => input.name,
    itemName: (shift) => shift.name,
    create: (input) => create.mutateAsync(input),
    update: (shift, input) => update.mutateAsync({ id: shift.id, input }),
    remove: (shift) => remove.mutateAsync(shift.id),
    saveError: (error) => ({ title: serverMessageOr(error, WORK_MESSAGES.saveShift) }),
    deleteError: (error) => serverMessageOr(error, WORK_MESSAGES.deleteShift),
  });

  const calendar = useEventCalendar();
  const columns = useMemo(() => columnsFor(calendar), [calendar]);
  const [showRetired, setShowRetired] = useState(false);
  const shown = showRetired ? shifts.data : shifts.data?.filter((shift) => shift.active);
  const retire = useRetire<Shift>({
    setActive: (shift, active) => update.mutateAsync({ id: shift.id, input: { active } }),
    title: RETIRED_WORK_TEXTS.retireShiftTitle,
    body: (shift) => RETIRED_WORK_TEXTS.retireShiftBody(shift.name),
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Shifts"
        description="When work happens: each shift has a festival day and a start and end time. Jobs are assigned to shifts."
        actions={<Button onClick={() => open({ kind: 'create' })}>Add Shift</Button>}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <ShowRetiredSwitch checked={showRetired} onChange={setShowRetired} />
        {retire.status}
      </Group>
      <DataTable
        caption="Shifts"
        data={shown}
        columns={columns}
        getRowId={(shift) => shift.id}
        isLoading={shifts.isPending}
        loadingText="Loading shifts..."
        error={shifts.isError ? WORK_MESSAGES.fetchShifts : null}
        onRetry={() => void shifts.refetch()}
        emptyText={WORK_MESSAGES.noShifts}
        initialSorting={[{ id: 'day', desc: false }]}
        groupableColumns={['day']}
        minWidth={760}
        renderRowActions={(shift) => (
          <EditDeleteActions item={shift} itemName={shift.name} open={open}>
            {retire.action(shift)}
          </EditDeleteActions>
        )}
      />
      <OverlappingAssignments />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ShiftFormModal
          shift={dialog.kind === 'edit' ? dialog.item : undefined}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(toShiftInput(values))}
          onClose={close}
        />
      )}
      {retire.dialog}
      <DeleteDialog
        dialog={dialog}
        title="Delete shift"
        question={(shift) => `Delete the shift “${shift.name}”? This cannot be undone.`}
        error={deleteError}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
    </Stack>
  );
}
