import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A question asked in place, below the thing it is about ("Delete this note?", "Remove this passkey?"): the title,
 * what happens, the failure of a try if any, and Cancel (which the caller focuses through `cancelRef`) beside the
 * red confirm button.
 */
export function InPlaceConfirm({
  title,
  message,
  failure,
  cancelLabel,
  confirmLabel,
  pending,
  cancelRef,
  onCancel,
  onConfirm,
}: {
  title: string;
  message: string;
  failure: string | null;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  cancelRef: Ref<HTMLButtonElement>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Alert color="red" variant="light" role="alertdialog" aria-label={title} p="xs">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm">{message}</Text>
        {failure && (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button ref={cancelRef} variant="default" size="xs" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color="red.9" size="xs" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
