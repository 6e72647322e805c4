import { DRAW_TEXTS, formatDollars, REGISTRATION_TEXTS, WAITLIST_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { PAYMENT_TEXTS } from '../../payments';

/** The button of step 6 that is at work. */
export type PaymentStepAction = 'pay' | 'complete' | 'save';

export interface PaymentStepState {
  /** The button at work: the registration is being sent, or Checkout started and the browser is leaving. */
  busy: PaymentStepAction | null;
  /** The registration has been created (PENDING, dues outstanding). */
  saved: boolean;
  /** The submission failed (the registration is not saved). */
  error: { messages: string[]; conflict: boolean } | null;
  /** Starting Checkout failed: its text (the registration is saved). */
  checkoutError: string | null;
}

/** How step 6 ends (docs/product.md §4, §5 Payment, §6 deferred dues, §9). */
export interface PaymentStepOptions {
  /** Payments can be taken online now (Stripe enabled with a public key). */
  paymentsAvailable: boolean;
  /** Dues may be paid later (configuration and person allow it, docs/product.md §6). */
  canDefer: boolean;
}

interface StepPaymentProps extends PaymentStepOptions {
  /** What is owed, in dollars: the wizard's total, then the server's own number once the registration is saved. */
  total: number;
  year: number;
  /** A chosen option is full: the submission joins the waitlist and nothing is paid now (docs/product.md §10). */
  joinsWaitlist?: boolean;
  /** While the application window is open: the submission is a draw entry (docs/product.md §10). */
  drawEntry?: DrawEntryStep | null;
  state: PaymentStepState;
  onPay: () => void;
  onComplete: () => void;
  onSave: () => void;
}

/** Step 6 as a draw entry: when the window closes, and the "camp with" list as typed. */
export interface DrawEntryStep {
  closesAt: string;
  campWith: string;
  campWithError: string | null;
  setCampWith: (value: string) => void;
}

const unavailableAlertStyles = { title: { color: 'var(--mantine-color-dark-7)' } };

/** Step 6: creates the registration, then pays through Stripe Checkout or completes without paying now. */
export function StepPayment({
  total,
  year,
  paymentsAvailable,
  canDefer,
  joinsWaitlist = false,
  drawEntry = null,
  state,
  onPay,
  onComplete,
  onSave,
}: StepPaymentProps) {
  const busy = state.busy !== null;
  if (drawEntry) {
    return (
      <Stack gap="md">
        <Alert color="blue" variant="light" role="note">
          {DRAW_TEXTS.entryModeNotice(drawEntry.closesAt)}
        </Alert>
        <Textarea
          label={DRAW_TEXTS.campWithLabel}
          description={DRAW_TEXTS.campWithHelp}
          placeholder="friend@example.org"
          rows={3}
          value={drawEntry.campWith}
          error={drawEntry.campWithError}
          onChange={(event) => drawEntry.setCampWith(event.currentTarget.value)}
        />
        <Group>
          <Button size="md" onClick={onComplete} loading={state.busy === 'complete'}>
            {DRAW_TEXTS.submitEntry}
          </Button>
        </Group>
        <SubmissionFailed error={state.error} />
      </Stack>
    );
  }
  const completeButton = (
    <Button
      size="md"
      variant={total > 0 && paymentsAvailable ? 'default' : 'filled'}
      onClick={onComplete}
      loading={state.busy === 'complete'}
      disabled={busy && state.busy !== 'complete'}
    >
      Complete Registration
    </Button>
  );

  if (joinsWaitlist && !state.saved) {
    return (
      <Stack gap="md">
        <Alert color="orange" variant="light" role="note">
          {WAITLIST_TEXTS.willJoinWaitlist}
        </Alert>
        <Group>
          <Button size="md" onClick={onComplete} loading={state.busy === 'complete'}>
            {WAITLIST_TEXTS.joinWaitlist}
          </Button>
        </Group>
        <SubmissionFailed error={state.error} />
      </Stack>
    );
  }

  if (total === 0) {
    return (
      <Stack gap="md">
        <Text>Your registration has no dues, so no payment is needed.</Text>
        <Group>{completeButton}</Group>
        <SubmissionFailed error={state.error} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="xs" align="baseline">
        <Text size="lg">Amount due:</Text>
        <Text size="xl" fw={700} data-testid="amount-due">
          {formatDollars(total)}
        </Text>
        <Text c="dimmed">USD</Text>
      </Group>
      {paymentsAvailable ? (
        <>
          {!state.saved && (
            <Text size="sm" c="dimmed">
              Your registration for {year} is saved when you press Pay; you then pay on Stripe&apos;s secure
              checkout page.
            </Text>
          )}
          {canDefer && (
            <Text size="sm">
              You may also pay later: complete your registration now and pay your dues from your dashboard.
            </Text>
          )}
          <Group gap="sm">
            <Button
              size="md"
              onClick={onPay}
              loading={state.busy === 'pay'}
              disabled={busy && state.busy !== 'pay'}
            >
              Pay {formatDollars(total)}
            </Button>
            {canDefer && completeButton}
          </Group>
        </>
      ) : (
        <>
          <Alert color="yellow" variant="light" title="Payment not available" styles={unavailableAlertStyles}>
            <Stack gap="xs">
              <Text size="sm">{REGISTRATION_TEXTS.paymentUnavailable}</Text>
              <Text size="sm">
                {canDefer
                  ? `You can complete your registration now: it is saved with status PENDING, and your dues of ${formatDollars(total)} can be paid from your dashboard later.`
                  : `You can still save your registration: it is kept with status PENDING, with your dues of ${formatDollars(total)} outstanding until they are paid.`}
              </Text>
            </Stack>
          </Alert>
          <Group>
            {canDefer ? (
              completeButton
            ) : (
              <Button size="md" onClick={onSave} loading={state.busy === 'save'}>
                Save Registration
              </Button>
            )}
          </Group>
        </>
      )}
      <SubmissionFailed error={state.error} />
      {state.checkoutError && (
        <Alert color="red" variant="light" role="alert" title={PAYMENT_TEXTS.paymentFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.checkoutError}</Text>
            <Text size="sm">
              Your registration for {year} has been saved with status PENDING. You can try to pay again, or
              pay your dues of {formatDollars(total)} later from your dashboard.
            </Text>
            <Button component={Link} to={paths.dashboard()} variant="default">
              {REGISTRATION_TEXTS.toDashboard}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The registration could not be submitted: the server's message(s), or the docs/product.md §8 text. */
function SubmissionFailed({ error }: { error: PaymentStepState['error'] }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={REGISTRATION_TEXTS.submitFailed}>
      <Stack gap="xs">
        {error.messages.length === 1 ? (
          <Text size="sm">{error.messages[0]}</Text>
        ) : (
          <List size="sm">
            {error.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        )}
        {error.conflict && (
          <Text size="sm">
            The choices have been refreshed. Go back to pick another camping option or shift.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
