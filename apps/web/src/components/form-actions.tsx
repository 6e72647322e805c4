import { Alert, Button, Group, Text } from '@mantine/core';

/** A failed save as a form shows it above its buttons. */
export interface FormError {
  /** One line naming what failed, e.g. 'Failed to create job' or a validation message. */
  title: string;
  /** More detail, e.g. the server's message. */
  detail?: string;
}

export interface FormActionsProps {
  submitLabel: string;
  /** While true the submit button spins and Cancel is disabled. */
  saving: boolean;
  /** Shown above the buttons (role=alert) after a failed submit. */
  error?: FormError | null | undefined;
  onCancel: () => void;
}

/** The end of every form: the last failure, then Cancel and the submit button. */
export function FormActions({ submitLabel, saving, error, onCancel }: FormActionsProps) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" title={error.title}>
          {error.detail && <Text size="sm">{error.detail}</Text>}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
