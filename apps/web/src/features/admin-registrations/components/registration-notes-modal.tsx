import type { Registration } from '@camp/shared/registrations';
import { personName, USER_NOTE_TEXTS } from '@camp/shared/rules';
import { Button, Group, Stack } from '@mantine/core';
import { DialogShell } from '../../../components/form-modal';
import { UserNotes } from '../../users';
import { RegistrationSummary } from './registration-summary';

export interface RegistrationNotesModalProps {
  registration: Registration;
  onClose: () => void;
}

/**
 * The internal notes on the person of a registration, beside it (docs/product.md §12 Internal notes): the same Notes
 * part as Admin → Users' drawer, to read and add notes without leaving Manage Registrations.
 */
export function RegistrationNotesModal({ registration, onClose }: RegistrationNotesModalProps) {
  return (
    <DialogShell
      opened
      title={USER_NOTE_TEXTS.registrationTitle(personName(registration.user))}
      onClose={onClose}
    >
      <Stack gap="md">
        <RegistrationSummary registration={registration} />
        <UserNotes userId={registration.userId} withHeading={false} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </DialogShell>
  );
}
