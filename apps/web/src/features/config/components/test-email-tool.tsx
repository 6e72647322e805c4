import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { formatDateTime, TEST_EMAIL_MESSAGES, testEmailSentMessage } from '@camp/shared/rules';
import { TestEmailRecipientsSchema, type TestEmailRecord } from '@camp/shared/notifications';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useTestEmailHistory } from '../api/get-test-email-history';
import { fieldErrors } from '../../../lib/schema-form';
import { useSendTestEmail } from '../api/send-test-email';
import { sendTestEmailErrorText, TEST_EMAIL_UI_MESSAGES } from '../config-messages';

/** The recipients' problem (docs/product.md §5 Test email), or null with the addresses when they are fine. */
export function checkTestEmailRecipients(
  value: string,
): { error: string; emails?: undefined } | { error: null; emails: string[] } {
  const check = fieldErrors(TestEmailRecipientsSchema, value);
  if (check.ok) return { error: null, emails: check.data };
  return { error: check.formErrors[0] ?? TEST_EMAIL_MESSAGES.noRecipients };
}

type SendOutcome = { ok: true; message: string } | { ok: false; message: string };

/** The test e-mail tool (docs/product.md §2 Site Configuration): send to a few addresses, then the last 10 sent. */
export function TestEmailTool() {
  const [recipients, setRecipients] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const send = useSendTestEmail({
    onSuccess: (result, emails) => {
      const sent: SendOutcome = result.success
        ? { ok: true, message: testEmailSentMessage(result.deliveries.length || emails.length) }
        : { ok: false, message: result.message.trim() || TEST_EMAIL_UI_MESSAGES.sendFailed };
      setOutcome(sent);
      notifications.show({ color: sent.ok ? 'teal' : 'red', message: sent.message });
    },
    onError: (failure) => {
      const message = sendTestEmailErrorText(failure);
      setOutcome({ ok: false, message });
      notifications.show({ color: 'red', message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const checked = checkTestEmailRecipients(recipients);
    if (checked.error !== null) {
      setError(checked.error);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    send.mutate(checked.emails);
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-label="Send a test email">
        <Stack gap="sm">
          <TextInput
            ref={inputRef}
            label="Recipient email addresses"
            description="Separate several addresses with commas. The message uses the saved e-mail settings."
            placeholder="you@example.org, friend@example.org"
            value={recipients}
            error={error}
            onChange={(event) => {
              setRecipients(event.currentTarget.value);
              if (error) setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
          />
          <Group>
            <Button type="submit" loading={send.isPending}>
              Send Test Email
            </Button>
          </Group>
          <div aria-live="polite">
            {outcome && (
              <Alert color={outcome.ok ? 'teal' : 'red'} variant="light">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {outcome.message}
                </Text>
              </Alert>
            )}
          </div>
        </Stack>
      </form>
      <TestEmailHistory />
    </Stack>
  );
}

/** Light badges keep the page's text colour: Mantine's tinted text is below 4.5:1 on the tint (axe). */
const BADGE_TEXT = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

function StatusBadge({ status }: { status: TestEmailRecord['status'] }) {
  // Light badges with dark text: white on Mantine's filled teal or yellow is below 4.5:1.
  if (status === 'SENT')
    return (
      <Badge color="teal" variant="light" style={BADGE_TEXT}>
        Sent
      </Badge>
    );
  if (status === 'FAILED')
    return (
      <Badge color="red" variant="light" style={BADGE_TEXT}>
        Failed
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light" style={BADGE_TEXT}>
      Pending
    </Badge>
  );
}

function TestEmailHistory() {
  const history = useTestEmailHistory();
  const headingId = useId();

  let body;
  if (history.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading test email history...
        </Text>
      </Group>
    );
  } else if (history.isError) {
    body = (
      <LoadFailedAlert
        title={TEST_EMAIL_UI_MESSAGES.historyFailed}
        onRetry={() => void history.refetch()}
        retrySize="xs"
      />
    );
  } else if (history.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No test emails sent yet.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped verticalSpacing="xs" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Recipient</Table.Th>
              <Table.Th scope="col">Subject</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Sent at</Table.Th>
              <Table.Th scope="col">Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.recipientEmail}</Table.Td>
                <Table.Td>{record.subject}</Table.Td>
                <Table.Td>
                  <StatusBadge status={record.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.sentAt)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.errorMessage ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Title order={4} id={headingId}>
          Recent test emails
        </Title>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void history.refetch()}
          loading={history.isFetching && !history.isPending}
        >
          Refresh
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
