import type { Registration } from '@camp/shared/registrations';
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogShell } from '../../../components/form-modal';
import { RegistrationSummary } from './registration-summary';

/**
 * A dialog that shows something about one registration without a form to send (its audit trail, its person's
 * notes): the registration's summary, then the content, then Close.
 */
export function RegistrationReadDialog({
  registration,
  title,
  onClose,
  children,
}: {
  registration: Registration;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogShell opened title={title} onClose={onClose}>
      <Stack gap="md">
        <RegistrationSummary registration={registration} />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </DialogShell>
  );
}
