import type { SmtpConnectionResult } from '@camp/shared/notifications';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { testSmtpConnection } from '../api/test-smtp-connection';
import { smtpTestIssue, toSmtpTestInput, type ConfigFormValues } from '../config-form';
import { TEST_EMAIL_UI_MESSAGES } from '../config-messages';

type Outcome =
  | { kind: 'result'; result: SmtpConnectionResult }
  | { kind: 'invalid'; message: string }
  | { kind: 'request-failed'; detail: string | null };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** 'Test SMTP Connection': tries the e-mail settings as they stand in the form (saved or not). */
export function SmtpConnectionTest({ values }: { values: ConfigFormValues }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const test = useMutation({
    mutationFn: testSmtpConnection,
    onSuccess: (result) => setOutcome({ kind: 'result', result }),
    onError: (error) =>
      setOutcome({
        kind: 'request-failed',
        detail: isApiError(error) && error.serverMessages.length > 0 ? error.serverMessages.join(' ') : null,
      }),
  });

  const run = () => {
    const issue = smtpTestIssue(values);
    if (issue) {
      setOutcome({ kind: 'invalid', message: issue });
      return;
    }
    setOutcome(null);
    test.mutate(toSmtpTestInput(values));
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button type="button" variant="light" onClick={run} loading={test.isPending}>
          Test SMTP Connection
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: '1 1 14rem' }}>
          Tries the settings above as they are now, before you save them. A blank password uses the saved one.
        </Text>
      </Group>
      <div aria-live="polite">
        {outcome?.kind === 'invalid' && (
          <Alert color="red" variant="light" title={TEST_EMAIL_UI_MESSAGES.smtpFailure}>
            {outcome.message}
          </Alert>
        )}
        {outcome?.kind === 'request-failed' && (
          <Alert color="red" variant="light" title={TEST_EMAIL_UI_MESSAGES.smtpRequestFailed}>
            {outcome.detail ?? 'The server did not answer. Please try again.'}
          </Alert>
        )}
        {outcome?.kind === 'result' && <SmtpResult result={outcome.result} />}
      </div>
    </Stack>
  );
}

function SmtpResult({ result }: { result: SmtpConnectionResult }) {
  const { details, errorDetails } = result;
  const errorParts = errorDetails
    ? [
        errorDetails.code && `code ${errorDetails.code}`,
        errorDetails.response && `response "${errorDetails.response}"`,
        errorDetails.address && `address ${errorDetails.address}`,
        errorDetails.port !== null && `port ${errorDetails.port}`,
      ].filter(Boolean)
    : [];
  return (
    <Alert
      color={result.success ? 'teal' : 'red'}
      variant="light"
      title={result.success ? TEST_EMAIL_UI_MESSAGES.smtpSuccess : TEST_EMAIL_UI_MESSAGES.smtpFailure}
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {/* The title already says Successful / Failed; the server's text repeats it first. */}
          {result.message.replace(/^Connection (Successful|Failed):\s*/, '')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Host: {details.host}</List.Item>
          <List.Item>Port: {details.port}</List.Item>
          <List.Item>Secure: {yesNo(details.secure)}</List.Item>
          <List.Item>Authenticated: {yesNo(details.authenticated)}</List.Item>
          <List.Item>Connection time: {Math.round(details.connectionTime)} ms</List.Item>
          {errorParts.length > 0 && (
            <List.Item style={{ overflowWrap: 'anywhere' }}>Error details: {errorParts.join(', ')}</List.Item>
          )}
        </List>
      </Stack>
    </Alert>
  );
}
