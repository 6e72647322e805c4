import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormModalError {
  /** One line naming what failed, e.g. 'Failed to create job' or a validation message. */
  title: string;
  /** More detail, e.g. the server's message. */
  detail?: string;
}

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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={dismiss}
      size={size}
      centered
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      returnFocus
      trapFocus
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
        <Modal.Body>
          <form noValidate onSubmit={submit} aria-busy={saving || undefined}>
            <Stack gap="md">
              {children}
              {error && (
                <Alert color="red" variant="light" role="alert" title={error.title}>
                  {error.detail && <Text size="sm">{error.detail}</Text>}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm" wrap="wrap">
                <Button variant="default" onClick={dismiss} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
