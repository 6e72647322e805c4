import '@mantine/core/styles/Badge.css';
import type { CreateJobCategoryInput, JobCategory } from '@camp/shared/work';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { DeleteDialog } from '../../../components/delete-dialog';
import { DataTable } from '../../../components/data-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { useCrudDialog } from '../../../components/use-crud-dialog';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useCreateJobCategory } from '../api/create-job-category';
import { useDeleteJobCategory } from '../api/delete-job-category';
import { useJobCategories } from '../api/get-job-categories';
import { useUpdateJobCategory } from '../api/update-job-category';
import { JobCategoryFormModal } from '../components/job-category-form-modal';
import { WORK_MESSAGES, serverMessage, serverMessageOr } from '../work-messages';
import { toJobCategoryInput } from '../work-form';

const column = createColumnHelper<JobCategory>();

function YesNo({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <Badge variant="light" color="dusk">
      {label}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      No
    </Text>
  );
}

const columns = [
  column.accessor('name', { header: 'Name', meta: { nowrap: true } }),
  column.accessor('description', {
    header: 'Description',
    cell: (info) => <Text size="sm">{info.getValue()}</Text>,
  }),
  column.accessor((category) => (category.staffOnly ? 'Staff only' : 'No'), {
    id: 'staffOnly',
    header: 'Staff only',
    cell: (info) => <YesNo value={info.row.original.staffOnly} label="Staff only" />,
  }),
  column.accessor((category) => (category.alwaysRequired ? 'Always required' : 'No'), {
    id: 'alwaysRequired',
    header: 'Always required',
    cell: (info) => <YesNo value={info.row.original.alwaysRequired} label="Always required" />,
  }),
];

/** /admin/job-categories (docs/product.md §2 Job Category Management). */
export default function JobCategoriesPage() {
  const categories = useJobCategories();
  const create = useCreateJobCategory();
  const update = useUpdateJobCategory();
  const remove = useDeleteJobCategory();
  const { dialog, open, close, save, confirmDelete, saveError, deleteError } = useCrudDialog<
    JobCategory,
    CreateJobCategoryInput
  >({
    noun: 'Job category',
    inputName: (input) => input.name,
    itemName: (category) => category.name,
    create: (input) => create.mutateAsync(input),
    update: (category, input) => update.mutateAsync({ id: category.id, input }),
    remove: (category) => remove.mutateAsync(category.id),
    saveError: (error, kind) => ({
      title: kind === 'create' ? WORK_MESSAGES.createJobCategory : WORK_MESSAGES.updateJobCategory,
      detail: serverMessage(error),
    }),
    deleteError: (error) => serverMessageOr(error, WORK_MESSAGES.deleteJobCategory),
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Job Category Management"
        description="Group jobs into categories. Staff-only categories are hidden from participants; always-required ones need a shift in every registration."
        actions={<Button onClick={() => open({ kind: 'create' })}>Add Job Category</Button>}
      />
      <DataTable
        caption="Job categories"
        data={categories.data}
        columns={columns}
        getRowId={(category) => category.id}
        isLoading={categories.isPending}
        loadingText="Loading job categories..."
        error={categories.isError ? WORK_MESSAGES.fetchJobCategories : null}
        onRetry={() => void categories.refetch()}
        emptyText={WORK_MESSAGES.noJobCategories}
        initialSorting={[{ id: 'name', desc: false }]}
        minWidth={720}
        renderRowActions={(category) => (
          <EditDeleteActions item={category} itemName={category.name} open={open} />
        )}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <JobCategoryFormModal
          category={dialog.kind === 'edit' ? dialog.item : undefined}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(toJobCategoryInput(values))}
          onClose={close}
        />
      )}
      <DeleteDialog
        dialog={dialog}
        title="Delete job category"
        question={(category) => `Delete the job category “${category.name}”? This cannot be undone.`}
        error={deleteError}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
    </Stack>
  );
}
