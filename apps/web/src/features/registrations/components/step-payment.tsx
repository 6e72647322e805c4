import { formatDollars, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

export interface PaymentStepState {
  submitting: boolean;
  /** The registration has been created (PENDING, dues outstanding). */
  saved: boolean;
  /** The Pay button was pressed and payment is not available yet. */
  paymentUnavailable: boolean;
  error: { messages: string[]; conflict: boolean } | null;
}

interface StepPaymentProps {
  total: number;
  year: number;
  /** No payment now: a total of 0, or dues deferred (configuration and person allow it). */
  noPaymentNeeded: boolean;
  state: PaymentStepState;
  onComplete: () => void;
  onPay: () => void;
}

/** Step 6 (spec §4, §9): creates the registration, then payment or completion without it. */
export function StepPayment({ total, year, noPaymentNeeded, state, onComplete, onPay }: StepPaymentProps) {
  return (
    <Stack gap="md">
      {noPaymentNeeded ? (
        <>
          <Text>
            {total === 0
              ? 'Your registration has no dues, so no payment is needed.'
              : `Your dues of ${formatDollars(total)} can be paid later: you may complete your registration now and pay from your dashboard.`}
          </Text>
          <Group>
            <Button size="md" onClick={onComplete} loading={state.submitting}>
              Complete Registration
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Group gap="xs" align="baseline">
            <Text size="lg">Amount due:</Text>
            <Text size="xl" fw={700}>
              {formatDollars(total)}
            </Text>
            <Text c="dimmed">USD</Text>
          </Group>
          {!state.saved && (
            <Text size="sm" c="dimmed">
              Your registration for {year} is saved when you press Pay.
            </Text>
          )}
          {!state.paymentUnavailable && (
            <Group>
              <Button size="md" onClick={onPay} loading={state.submitting}>
                Pay {formatDollars(total)}
              </Button>
            </Group>
          )}
        </>
      )}
      {state.error && (
        <Alert color="red" variant="light" role="alert" title={REGISTRATION_TEXTS.submitFailed}>
          <Stack gap="xs">
            {state.error.messages.length === 1 ? (
              <Text size="sm">{state.error.messages[0]}</Text>
            ) : (
              <List size="sm">
                {state.error.messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            )}
            {state.error.conflict && (
              <Text size="sm">
                The choices have been refreshed. Go back to pick another camping option or shift.
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {state.paymentUnavailable && (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          title="Payment not available"
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{REGISTRATION_TEXTS.paymentUnavailable}</Text>
            <Text size="sm">
              Your registration for {year} has been saved with status PENDING. Your dues of{' '}
              {formatDollars(total)} are still outstanding; you can pay them from your dashboard once payment
              is available.
            </Text>
            <Button component={Link} to={paths.dashboard()}>
              Go to Dashboard
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
