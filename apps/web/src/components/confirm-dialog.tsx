import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The dialog's accessible name, e.g. 'Delete user'. */
  title: string;
  /** What will happen; read out as the dialog's description. A string is wrapped in a paragraph. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for actions that destroy something. */
  danger?: boolean;
  /** While true the confirm button spins and the dialog cannot be dismissed (the action is under way). */
  loading?: boolean;
  onConfirm: () => void;
  /** Cancel button, close button, Escape and a click outside. */
  onCancel: () => void;
}

/**
 * An accessible confirmation modal: labelled by its title, described by its message only (the buttons sit
 * outside the described body), focus trapped inside, starting on Cancel (so Enter right after opening never
 * destroys anything) and returned to the opener on close.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dismiss = () => {
    if (!loading) onCancel();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={dismiss}
      centered
      closeOnEscape={!loading}
      closeOnClickOutside={!loading}
      returnFocus
      trapFocus
    >
      <Modal.Overlay />
      <Modal.Content aria-busy={loading || undefined}>
        {/* A <div>: Mantine's <header> here would be a second banner landmark for axe. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" disabled={loading} />
        </Modal.Header>
        <Modal.Body pb="sm">{typeof message === 'string' ? <Text>{message}</Text> : message}</Modal.Body>
        <Group justify="flex-end" gap="sm" px="md" pb="md" wrap="wrap">
          <Button variant="default" onClick={dismiss} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          {/* red.9: white on Mantine's red 6 is only 3.3:1 */}
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Modal.Content>
    </Modal.Root>
  );
}
