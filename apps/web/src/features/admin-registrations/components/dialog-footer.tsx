import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogFooterProps {
  submitLabel: string;
  /** The button that closes without saving. */
  closeLabel?: string;
  saving: boolean;
  /** Submit is disabled (e.g. nothing changed); `hint` then says why. */
  disabled?: boolean;
  hint?: ReactNode;
  danger?: boolean;
  onClose: () => void;
}

/** The end of the edit and cancel forms: an optional hint, the close button and the submit button. */
export function DialogFooter({
  submitLabel,
  closeLabel = 'Close',
  saving,
  disabled = false,
  hint,
  danger = false,
  onClose,
}: DialogFooterProps) {
  return (
    <Group justify="flex-end" align="center" gap="sm" wrap="wrap">
      {hint && (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 12rem' }} aria-live="polite">
          {hint}
        </Text>
      )}
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {closeLabel}
        </Button>
        <Button type="submit" color={danger ? 'red.9' : undefined} loading={saving} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
