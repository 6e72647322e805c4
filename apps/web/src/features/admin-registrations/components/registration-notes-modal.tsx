import type { Registration } from '@camp/shared/registrations';
import { personName, USER_NOTE_TEXTS } from '@camp/shared/rules';
import { UserNotes } from '../../users';
import { RegistrationReadDialog } from './registration-read-dialog';

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
    <RegistrationReadDialog
      registration={registration}
      title={USER_NOTE_TEXTS.registrationTitle(personName(registration.user))}
      onClose={onClose}
    >
      <UserNotes userId={registration.userId} withHeading={false} />
    </RegistrationReadDialog>
  );
}
