import type { CampingOptionField } from '@camp/shared/camping-options';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { DeleteDialog } from '../../../components/delete-dialog';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { useCrudDialog } from '../../../components/use-crud-dialog';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useCreateCampingOptionField } from '../api/create-camping-option-field';
import { useDeleteCampingOptionField } from '../api/delete-camping-option-field';
import { useCampingOption } from '../api/get-camping-option';
import { useCampingOptionFields } from '../api/get-camping-option-fields';
import { useReorderCampingOptionFields } from '../api/reorder-camping-option-fields';
import { useUpdateCampingOptionField } from '../api/update-camping-option-field';
import { CAMPING_OPTION_MESSAGES, fieldErrorMessage, serverMessage } from '../camping-option-messages';
import { FieldFormModal } from '../components/field-form-modal';
import { SortableFieldsTable } from '../components/sortable-fields-table';
import { toFieldInput } from '../field-form';

/** /admin/camping-options/{optionId}/fields (docs/product.md §2 Camping option fields). */
export default function CampingOptionFieldsPage() {
  const { optionId = '' } = useParams();
  const option = useCampingOption(optionId);
  const fields = useCampingOptionFields(optionId);
  const create = useCreateCampingOptionField(optionId);
  const update = useUpdateCampingOptionField(optionId);
  const remove = useDeleteCampingOptionField(optionId);
  const reorder = useReorderCampingOptionFields(optionId);
  const { dialog, open, close, save, confirmDelete, saveError, deleteError } = useCrudDialog<
    CampingOptionField,
    ReturnType<typeof toFieldInput>
  >({
    noun: 'Field',
    inputName: (input) => input.displayName,
    itemName: (field) => field.displayName,
    create: (input) => create.mutateAsync(input),
    update: (field, input) => update.mutateAsync({ fieldId: field.id, input }),
    remove: (field) => remove.mutateAsync(field.id),
    saveError: (error) => ({ title: fieldErrorMessage(error) }),
    deleteError: fieldErrorMessage,
  });
  const [reorderError, setReorderError] = useState<string | null>(null);
  // The order just dropped, shown until the reloaded list arrives.
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);

  const saveOrder = async (orderedIds: string[]) => {
    setReorderError(null);
    setPendingOrder(orderedIds);
    try {
      // Resolves once the list has reloaded (the hook invalidates and waits).
      await reorder.mutateAsync(orderedIds);
    } catch {
      setReorderError(CAMPING_OPTION_MESSAGES.reorderFields);
    } finally {
      setPendingOrder(null);
    }
  };

  const shownFields = (() => {
    const list = fields.data ?? [];
    if (!pendingOrder) return list;
    return [...list].sort((a, b) => pendingOrder.indexOf(a.id) - pendingOrder.indexOf(b.id));
  })();

  const optionName = option.data?.name;

  let content;
  if (option.isError || fields.isError) {
    const failure = option.error ?? fields.error;
    content = (
      <LoadFailedAlert
        title={option.isError ? CAMPING_OPTION_MESSAGES.loadOption : CAMPING_OPTION_MESSAGES.loadFields}
        onRetry={() => {
          void option.refetch();
          void fields.refetch();
        }}
      >
        {serverMessage(failure) && <Text size="sm">{serverMessage(failure)}</Text>}
      </LoadFailedAlert>
    );
  } else if (fields.isPending) {
    content = <PageLoader label="Loading fields..." />;
  } else {
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Campers see the fields in this order. Drag a row by its handle to move it; with a keyboard, focus
          the handle, press Space, move with the arrow keys and press Space again.
        </Text>
        {reorderError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setReorderError(null)}
          >
            {reorderError}
          </Alert>
        )}
        <Text role="status" size="sm" c="dimmed" aria-live="polite">
          {reorder.isPending ? 'Saving the new order...' : ''}
        </Text>
        <SortableFieldsTable
          fields={shownFields}
          disabled={reorder.isPending}
          emptyText={CAMPING_OPTION_MESSAGES.noFields}
          onReorder={(ids) => void saveOrder(ids)}
          onEdit={(field) => open({ kind: 'edit', item: field })}
          onDelete={(field) => open({ kind: 'delete', item: field })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Camping Option Fields"
        description={
          optionName
            ? `Extra details campers give when they choose “${optionName}”.`
            : 'Extra details campers give when they choose this camping option.'
        }
        actions={
          <>
            <Button component={Link} to={paths.adminCampingOptions()} variant="default">
              All Camping Options
            </Button>
            <Button onClick={() => open({ kind: 'create' })} disabled={!fields.isSuccess}>
              Add Field
            </Button>
          </>
        }
      />
      {content}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <FieldFormModal
          field={dialog.kind === 'edit' ? dialog.item : undefined}
          saving={create.isPending || update.isPending}
          saveError={saveError}
          onSave={(values) => void save(toFieldInput(values))}
          onClose={close}
        />
      )}
      <DeleteDialog
        dialog={dialog}
        title="Delete field"
        question={(field) => `Delete the field “${field.displayName}”? This cannot be undone.`}
        error={deleteError}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      />
    </Stack>
  );
}
