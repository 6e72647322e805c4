import '@mantine/core/styles/Badge.css';
import { formatDollars, optionCapacity } from '@camp/shared/rules';
import type { CampingOption, CreateCampingOptionInput } from '@camp/shared/camping-options';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { paths } from '../../../lib/paths';
import { DeleteDialog } from '../../../components/delete-dialog';
import { DataTable } from '../../../components/data-table';
import { EditDeleteActions, RowAction } from '../../../components/row-actions';
import { useCrudDialog } from '../../../components/use-crud-dialog';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useJobCategories } from '../../work';
import { useCreateCampingOption } from '../api/create-camping-option';
import { useDeleteCampingOption } from '../api/delete-camping-option';
import { useAdminCampingOptions } from '../api/get-camping-options';
import { useUpdateCampingOption } from '../api/update-camping-option';
import { formatMaxSignups } from '../camping-option-format';
import { CAMPING_OPTION_MESSAGES, serverMessage } from '../camping-option-messages';
import { toCampingOptionInput } from '../camping-option-form';
import { CampingOptionFormModal } from '../components/camping-option-form-modal';

const DUES_RATES = [
  { key: 'participantDues', who: 'participant' },
  { key: 'staffDues', who: 'staff' },
] as const;

const column = createColumnHelper<CampingOption>();

const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('description', {
    header: 'Description',
    cell: (info) => (
      <Text size="sm" lineClamp={3} miw={160}>
        {info.getValue()}
      </Text>
    ),
  }),
  column.accessor((option) => (option.enabled ? 'Enabled' : 'Disabled'), {
    id: 'status',
    header: 'Status',
    meta: { nowrap: true },
    cell: (info) => (
      // The dot variant keeps dark text (light green text on pale green fails contrast).
      <Badge variant="dot" color={info.row.original.enabled ? 'green' : 'gray'}>
        {info.getValue()}
      </Badge>
    ),
  }),
  // Sorted by the participant rate; both rates are searchable as shown.
  column.accessor((option) => `${formatDollars(option.participantDues)} ${formatDollars(option.staffDues)}`, {
    id: 'dues',
    header: 'Dues',
    meta: { nowrap: true },
    sortingFn: (a, b) => a.original.participantDues - b.original.participantDues,
    cell: (info) => (
      <Stack gap={0}>
        {DUES_RATES.map(({ key, who }) => (
          <Text key={key} size="sm">
            {formatDollars(info.row.original[key])}{' '}
            <Text span size="xs" c="dimmed">
              {who}
            </Text>
          </Text>
        ))}
      </Stack>
    ),
  }),
  column.accessor('maxSignups', {
    header: 'Max signups',
    meta: { align: 'right' },
    // Unlimited (0) sorts as the largest.
    sortingFn: (a, b) =>
      (optionCapacity(a.original.maxSignups) ?? Number.MAX_SAFE_INTEGER) -
      (optionCapacity(b.original.maxSignups) ?? Number.MAX_SAFE_INTEGER),
    cell: (info) => formatMaxSignups(info.getValue()),
  }),
  column.accessor('workShiftsRequired', {
    header: 'Shifts required',
    meta: { align: 'right', label: 'Work shifts required' },
  }),
  column.accessor('currentRegistrations', {
    header: 'Registered',
    meta: { align: 'right', label: 'Current registrations' },
  }),
];

function deleteBlockedReason(option: CampingOption): string | undefined {
  const count = option.currentRegistrations;
  if (count <= 0) return undefined;
  return `Cannot be deleted while ${count} ${count === 1 ? 'registration holds' : 'registrations hold'} a place. Disable it instead.`;
}

/** /admin/camping-options (docs/product.md §2 Camping Options): table, add/edit modal, delete confirmation. */
export default function CampingOptionsPage() {
  const options = useAdminCampingOptions();
  const categories = useJobCategories();
  const create = useCreateCampingOption();
  const update = useUpdateCampingOption();
  const remove = useDeleteCampingOption();
  const { dialog, open, close, save, confirmDelete, saveError, deleteError } = useCrudDialog<
    CampingOption,
    CreateCampingOptionInput
  >({
    noun: 'Camping option',
    inputName: (input) => input.name,
    itemName: (option) => option.name,
    create: (input) => create.mutateAsync(input),
    update: (option, input) => update.mutateAsync({ id: option.id, input }),
    remove: (option) => remove.mutateAsync(option.id),
    saveError: (error, kind) => ({
      title: kind === 'create' ? CAMPING_OPTION_MESSAGES.createOption : CAMPING_OPTION_MESSAGES.updateOption,
      detail: serverMessage(error),
    }),
    deleteError: (error) => {
      const detail = serverMessage(error);
      return detail
        ? `${CAMPING_OPTION_MESSAGES.deleteOption}: ${detail}`
        : CAMPING_OPTION_MESSAGES.deleteOption;
    },
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Camping Options"
        description="What campers choose when they register: dues, capacity, required work shifts and the extra details each option asks for."
        actions={<Button onClick={() => open({ kind: 'create' })}>Add Camping Option</Button>}
      />
      <DataTable
        caption="Camping options"
        data={options.data}
        columns={columns}
        getRowId={(option) => option.id}
        isLoading={options.isPending}
        loadingText="Loading camping options..."
        error={options.isError ? CAMPING_OPTION_MESSAGES.loadOptions : null}
        onRetry={() => void options.refetch()}
        emptyText={CAMPING_OPTION_MESSAGES.noOptions}
        initialSorting={[{ id: 'name', desc: false }]}
        groupableColumns={['status']}
        minWidth={980}
        renderRowActions={(option) => (
          <EditDeleteActions
            item={option}
            itemName={option.name}
            open={open}
            deleteDisabledReason={deleteBlockedReason(option)}
          >
            <RowAction
              label={`Fields (${option.fields.length})`}
              itemName={`of ${option.name}`}
              to={paths.adminCampingOptionFields(option.id)}
            />
          </EditDeleteActions>
        )}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <CampingOptionFormModal
          option={dialog.kind === 'edit' ? dialog.item : undefined}
          jobCategories={categories.data}
          jobCategoriesError={categories.isError ? 'Failed to fetch job categories' : null}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(toCampingOptionInput(values))}
          onClose={close}
        />
      )}
      <DeleteDialog
        dialog={dialog}
        title="Delete camping option"
        question={(option) =>
          `Delete the camping option “${option.name}” and its custom fields? This cannot be undone.`
        }
        error={deleteError}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
    </Stack>
  );
}
