import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useEmailOutbox } from '../api/get-email-outbox';

/** The id of the Outgoing e-mail section of the Site Configuration screen (the warning's link target). */
export const OUTGOING_EMAIL_SECTION_ID = 'outgoing-email';

/** 'N e-mails could not be sent' (one: 'e-mail'). */
export function failedMailText(count: number): string {
  return `${count} ${count === 1 ? 'e-mail' : 'e-mails'} could not be sent`;
}

/**
 * The admin panel's warning while the outbox holds FAILED mail: how many, and a link to the Outgoing e-mail
 * section where each shows its error and can be retried. Nothing while loading, on a failed load, or at 0.
 * Lazy-loaded by the admin panel (app/routes/admin-panel-page.tsx), so Home never carries it.
 */
export default function FailedMailWarning() {
  const outbox = useEmailOutbox({ status: 'FAILED', limit: 10 });
  const failed = outbox.data?.counts.failed ?? 0;
  if (failed === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={failedMailText(failed)}>
      <Text size="sm">
        The mail server refused {failed === 1 ? 'it' : 'them'} or could not be reached, even after several
        attempts.{' '}
        <Anchor component={Link} to={`${paths.adminConfiguration()}#${OUTGOING_EMAIL_SECTION_ID}`} fw={600}>
          See the errors and send {failed === 1 ? 'it' : 'them'} again
        </Anchor>
      </Text>
    </Alert>
  );
}
