import { ConfirmDialog } from './confirm-dialog';
import { ConfirmMessage } from './confirm-message';
import type { CrudDialog } from './use-crud-dialog';

export interface DeleteDialogProps<T> {
  /** Open while the dialog is a delete of a row (useCrudDialog). */
  dialog: CrudDialog<T>;
  title: string;
  /** What will be deleted, asked about the row. */
  question: (item: T) => string;
  /** Why the last attempt failed, e.g. the server's 409 text. */
  error: string | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The admin lists' delete confirmation: a danger "Delete" button, the question and the last error. */
export function DeleteDialog<T>({
  dialog,
  title,
  question,
  error,
  loading,
  onConfirm,
  onCancel,
}: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      opened={dialog?.kind === 'delete'}
      title={title}
      message={<ConfirmMessage text={dialog?.kind === 'delete' ? question(dialog.item) : ''} error={error} />}
      confirmLabel="Delete"
      danger
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
