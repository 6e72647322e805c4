import { adminPasskeyRequired, dateInZone, formatPasskeyDay, PASSKEY_TEXTS } from '@camp/shared/rules';
import { Alert } from '@mantine/core';
import { useAuth } from '../../auth';
import { usePublicConfig } from '../../config';
import { usePasskeys } from '../api/passkeys';

/**
 * The requirement on the profile's Passkeys card, for an admin without a passkey while a day is set: before it,
 * "Add a passkey before {date}: …"; from it on, that the admin area needs one now.
 */
export function AdminPasskeyNotice() {
  const { role } = useAuth();
  const { config } = usePublicConfig();
  const requiredFrom = config.adminPasskeysRequiredFrom;
  const applies = role === 'ADMIN' && requiredFrom !== null;
  const passkeys = usePasskeys();
  if (!applies || passkeys.data?.length !== 0) return null;
  const required = adminPasskeyRequired(requiredFrom, dateInZone(new Date(), config.timeZone));
  return (
    <Alert color={required ? 'red' : 'yellow'} variant="light" role="status">
      {required ? PASSKEY_TEXTS.adminRequired : PASSKEY_TEXTS.adminNotice(formatPasskeyDay(requiredFrom))}
    </Alert>
  );
}
