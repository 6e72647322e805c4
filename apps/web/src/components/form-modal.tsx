import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions, type FormError } from './form-actions';

export type FormModalError = FormError;

export interface FormModalProps {
  opened: boolean;
  /** The dialog's accessible name, e.g. 'Add Job'. */
  title: string;
  submitLabel: string;
  /** While true the submit button spins and the dialog cannot be dismissed. */
  saving?: boolean;
  /** Shown above the buttons (role=alert) after a failed submit. */
  error?: FormModalError | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** What a dialog of the app is: a title, a close button, and a body that may be busy. */
export interface DialogShellProps {
  opened: boolean;
  /** The dialog's accessible name. */
  title: string;
  /** While true the dialog cannot be dismissed. */
  saving?: boolean;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** False while the dialog shows a step of its own that Escape leaves (e.g. a picker): the step handles it. */
  closeOnEscape?: boolean;
  /** The dialog fills the screen (e.g. a long picker on a phone). */
  fullScreen?: boolean;
  /** Classes for the dialog's box and body (e.g. a layout in which only a list scrolls). */
  classNames?: { content?: string; body?: string };
}

/**
 * The app's dialog: centred, focus trapped inside and returned to the opener, not dismissable while it saves.
 */
export function DialogShell({
  opened,
  title,
  saving = false,
  onClose,
  children,
  size = 'lg',
  closeOnEscape = true,
  fullScreen = false,
  classNames,
}: DialogShellProps) {
  const dismiss = () => {
    if (!saving) onClose();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={dismiss}
      size={size}
      centered
      closeOnEscape={closeOnEscape && !saving}
      closeOnClickOutside={!saving}
      returnFocus
      trapFocus
      fullScreen={fullScreen}
      classNames={classNames}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine renders a <header>; inside a dialog it is no page banner, so it gets no landmark role (axe). */}
        <Modal.Header role="presentation">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" disabled={saving} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * The form of a dialog, its fields stacked: Enter in a field submits, except while a save is under way (the
 * form is then aria-busy). The browser's own checks are off: the shared schema's messages are shown instead.
 */
export function DialogForm({
  saving,
  onSubmit,
  hidden,
  children,
}: {
  saving: boolean;
  onSubmit: () => void;
  hidden?: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={saving || undefined} hidden={hidden}>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/**
 * A modal holding one form: title, fields, a failure alert, Cancel and submit. Focus is trapped inside and
 * returns to the opener; Enter in a field submits. Put `data-autofocus` on the first field.
 */
export function FormModal({
  opened,
  title,
  submitLabel,
  saving = false,
  error,
  onSubmit,
  onClose,
  children,
  size = 'lg',
}: FormModalProps) {
  const dismiss = () => {
    if (!saving) onClose();
  };
  return (
    <DialogShell opened={opened} title={title} saving={saving} onClose={onClose} size={size}>
      <DialogForm saving={saving} onSubmit={onSubmit}>
        {children}
        <FormActions submitLabel={submitLabel} saving={saving} error={error} onCancel={dismiss} />
      </DialogForm>
    </DialogShell>
  );
}

/** What a page hands an Add/Edit modal: the save under way, its failure, and where checked values go. */
export interface SaveModalProps<V> {
  saving: boolean;
  saveError: FormModalError | null;
  onSave: (values: V) => void;
  onClose: () => void;
}

export interface AddEditFormModalProps extends Omit<
  FormModalProps,
  'opened' | 'title' | 'submitLabel' | 'error'
> {
  /** What is added or edited, e.g. 'Job Category': the title says 'Add Job Category' or 'Edit Job Category'. */
  noun: string;
  editing: boolean;
  /** The form's own message (useModalForm's formError), shown instead of the save's failure. */
  formError?: string;
  saveError: FormModalError | null;
}

/** The open Add/Edit dialog of one kind of thing: its submit says 'Add <noun>', or 'Save Changes' when editing. */
export function AddEditFormModal({ noun, editing, formError, saveError, ...props }: AddEditFormModalProps) {
  return (
    <FormModal
      opened
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      submitLabel={editing ? 'Save Changes' : `Add ${noun}`}
      error={formError ? { title: formError } : saveError}
      {...props}
    />
  );
}

/** The Name field an Add/Edit modal starts with: required, and focused when the dialog opens. */
export function NameInput(props: Omit<TextInputProps, 'label' | 'required'>) {
  return <TextInput label="Name" required data-autofocus {...props} />;
}
