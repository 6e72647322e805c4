import type { Shift } from '@camp/shared';
import { Button, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from '../../../components/confirm-message';
import { DataTable } from '../../../components/data-table';
import { type FormModalError } from '../../../components/form-modal';
import { RowAction, RowActions } from '../../../components/row-actions';
import { showSuccessToast } from '../../../lib/toast';
import { AdminPageHeader } from '../../admin';
import { useCreateShift } from '../api/create-shift';
import { useDeleteShift } from '../api/delete-shift';
import { useShifts } from '../api/get-shifts';
import { useUpdateShift } from '../api/update-shift';
import { ShiftFormModal } from '../components/shift-form-modal';
import { compareShifts, dayLabel, shiftTimeRange } from '../work-format';
import { WORK_MESSAGES, serverMessageOr } from '../work-messages';
import { toShiftInput, type ShiftFormValues } from '../work-validation';

type Dialog = { kind: 'create' } | { kind: 'edit'; shift: Shift } | { kind: 'delete'; shift: Shift } | null;

const column = createColumnHelper<Shift>();

const columns = [
  column.accessor('name', { header: 'Name', meta: { nowrap: true } }),
  // Day in festival order (Pre-Opening … Post-Event), then start time; not alphabetical.
  column.accessor((shift) => dayLabel(shift.dayOfWeek), {
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

/** /admin/shifts (spec §2 Shifts): the shifts in festival order, with a modal form. */
export default function ShiftsPage() {
  const shifts = useShifts();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saveError, setSaveError] = useState<FormModalError | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const open = (next: Dialog) => {
    setSaveError(null);
    setDeleteError(null);
    setDialog(next);
  };

  const save = async (values: ShiftFormValues) => {
    if (dialog?.kind !== 'create' && dialog?.kind !== 'edit') return;
    const input = toShiftInput(values);
    setSaveError(null);
    try {
      if (dialog.kind === 'create') {
        await create.mutateAsync(input);
        showSuccessToast('Shift added', `“${input.name}” was added.`);
      } else {
        await update.mutateAsync({ id: dialog.shift.id, input });
        showSuccessToast('Shift saved', `“${input.name}” was saved.`);
      }
      setDialog(null);
    } catch (error) {
      setSaveError({ title: serverMessageOr(error, WORK_MESSAGES.saveShift) });
    }
  };

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(dialog.shift.id);
      showSuccessToast('Shift deleted', `“${dialog.shift.name}” was deleted.`);
      setDialog(null);
    } catch (error) {
      setDeleteError(serverMessageOr(error, WORK_MESSAGES.deleteShift));
    }
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Shifts"
        description="When work happens: each shift has a festival day and a start and end time. Jobs are assigned to shifts."
        actions={<Button onClick={() => open({ kind: 'create' })}>Add Shift</Button>}
      />
      <DataTable
        caption="Shifts"
        data={shifts.data}
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
          <RowActions>
            <RowAction label="Edit" itemName={shift.name} onClick={() => open({ kind: 'edit', shift })} />
            <RowAction
              label="Delete"
              itemName={shift.name}
              color="red"
              onClick={() => open({ kind: 'delete', shift })}
            />
          </RowActions>
        )}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ShiftFormModal
          shift={dialog.kind === 'edit' ? dialog.shift : undefined}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(values)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete shift"
        message={
          <ConfirmMessage
            text={
              dialog?.kind === 'delete'
                ? `Delete the shift “${dialog.shift.name}”? This cannot be undone.`
                : ''
            }
            error={deleteError}
          />
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      />
    </Stack>
  );
}
