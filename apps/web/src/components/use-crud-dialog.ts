import { useState } from 'react';
import { showSuccessToast } from '../lib/toast';
import type { FormModalError } from './form-modal';

/** The modal an admin list shows: the add form, a row's edit form, or a row's delete confirmation. */
export type CrudDialog<T> =
  { kind: 'create' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T } | null;

export interface CrudDialogActions<T, Input> {
  /** Toast titles: '{noun} added', '{noun} saved', '{noun} deleted'. */
  noun: string;
  /** The name a toast quotes: of the input just saved, and of the row just deleted. */
  inputName: (input: Input) => string;
  itemName: (item: T) => string;
  create: (input: Input) => Promise<unknown>;
  update: (item: T, input: Input) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** What the form shows when a save fails. */
  saveError: (error: unknown, kind: 'create' | 'edit') => FormModalError;
  /** What the confirmation shows when a delete fails. */
  deleteError: (error: unknown) => string;
}

/**
 * The add / edit / delete flow shared by the admin list screens: which modal is open, its error, a success toast
 * (docs/product.md §9) and closing on success. A failed save or delete keeps the modal open with the error.
 */
export function useCrudDialog<T, Input>(actions: CrudDialogActions<T, Input>) {
  const [dialog, setDialog] = useState<CrudDialog<T>>(null);
  const [saveError, setSaveError] = useState<FormModalError | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const open = (next: NonNullable<CrudDialog<T>>) => {
    setSaveError(null);
    setDeleteError(null);
    setDialog(next);
  };

  const close = () => setDialog(null);

  const save = async (input: Input) => {
    if (dialog?.kind !== 'create' && dialog?.kind !== 'edit') return;
    setSaveError(null);
    try {
      const name = actions.inputName(input);
      if (dialog.kind === 'create') {
        await actions.create(input);
        showSuccessToast(`${actions.noun} added`, `“${name}” was added.`);
      } else {
        await actions.update(dialog.item, input);
        showSuccessToast(`${actions.noun} saved`, `“${name}” was saved.`);
      }
      setDialog(null);
    } catch (error) {
      setSaveError(actions.saveError(error, dialog.kind));
    }
  };

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setDeleteError(null);
    try {
      await actions.remove(dialog.item);
      showSuccessToast(`${actions.noun} deleted`, `“${actions.itemName(dialog.item)}” was deleted.`);
      setDialog(null);
    } catch (error) {
      setDeleteError(actions.deleteError(error));
    }
  };

  return { dialog, open, close, save, confirmDelete, saveError, deleteError };
}
