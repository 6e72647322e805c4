import type { PaymentConfirmation } from '@camp/shared/payments';
import { PAYMENT_MESSAGES, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { StatusBadge } from '../../../components/status-badge';
import { isApiError } from '../../../lib/api-client';
import {
  PAYMENT_STATUS_LABEL,
  PAYMENT_TEXTS,
  PaymentFacts,
  PaymentResult,
  useVerifyPaymentSession,
  VERIFY_POLL_LIMIT_MS,
} from '../../payments';
import { registrationKeys } from '../api/query-keys';

const dashboardButton = (
  <Button component={Link} to={paths.dashboard()}>
    {REGISTRATION_TEXTS.toDashboard}
  </Button>
);

/** What a Checkout Session's confirmation says (docs/product.md §8 Payment success page). */
function Outcome({ confirmation, polling }: { confirmation: PaymentConfirmation; polling: boolean }) {
  if (confirmation.paymentStatus === 'COMPLETED') {
    return (
      <PaymentResult title={PAYMENT_TEXTS.successTitle} actions={dashboardButton}>
        <Text size="lg">
          {confirmation.registrationStatus === 'CONFIRMED'
            ? PAYMENT_TEXTS.registrationConfirmed
            : PAYMENT_TEXTS.registrationProcessing}
        </Text>
        <PaymentFacts confirmation={confirmation} />
      </PaymentResult>
    );
  }
  const status = confirmation.paymentStatus;
  return (
    <PaymentResult title={PAYMENT_TEXTS.processingTitle} actions={dashboardButton}>
      <Group gap="xs">
        <Text>{PAYMENT_STATUS_LABEL}</Text>
        <StatusBadge kind="payment" status={status} />
      </Group>
      {status === 'PENDING' && (
        <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-live="polite">
          {polling && <Loader size="sm" aria-hidden="true" />}
          <Text c="dimmed">{polling ? PAYMENT_TEXTS.stillChecking : PAYMENT_TEXTS.notYetConfirmed}</Text>
        </Group>
      )}
      {status === 'FAILED' && <Text c="dimmed">{PAYMENT_TEXTS.paymentDidNotGoThrough}</Text>}
      {status === 'REFUNDED' && <Text c="dimmed">{PAYMENT_TEXTS.paymentRefunded}</Text>}
    </PaymentResult>
  );
}

/**
 * /payment/success?session_id=… (docs/product.md §2 Payment pages, §8 Payment success page): where Stripe Checkout sends
 * the person after paying. Verifies the session with the server (which fulfils it when Stripe says paid) and
 * shows the outcome; while the payment is PENDING it asks again every 3 s for up to 60 s, as the webhook may
 * come late.
 */
export default function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const sessionId = searchParams.get('session_id');
  const [pollUntil] = useState(() => Date.now() + VERIFY_POLL_LIMIT_MS);
  const verify = useVerifyPaymentSession(sessionId, { pollUntil });
  const queryClient = useQueryClient();
  const completed = verify.data?.paymentStatus === 'COMPLETED';

  useEffect(() => {
    // The registration's status and payments changed: the dashboard asks again.
    if (completed) void queryClient.invalidateQueries({ queryKey: registrationKeys.all() });
  }, [completed, queryClient]);

  if (!sessionId) {
    return (
      <ConfirmationProblem color="yellow" actions={dashboardButton}>
        {PAYMENT_TEXTS.noSession}
      </ConfirmationProblem>
    );
  }
  if (verify.data) return <Outcome confirmation={verify.data} polling={verify.polling} />;
  if (verify.isPending) {
    return (
      <PaymentResult>
        <Stack role="status" aria-live="polite" align="center" gap="sm" py="xl" w="100%">
          <Loader aria-hidden="true" />
          <Text c="dimmed">{PAYMENT_TEXTS.confirming}</Text>
        </Stack>
      </PaymentResult>
    );
  }

  const status = isApiError(verify.error) ? verify.error.status : 0;
  if (status === 401) {
    return (
      <ConfirmationProblem
        color="yellow"
        actions={
          <Button component={Link} to={paths.login({ returnTo: `${location.pathname}${location.search}` })}>
            Login
          </Button>
        }
      >
        {PAYMENT_TEXTS.sessionExpired}
      </ConfirmationProblem>
    );
  }
  if (status === 404) {
    return (
      <ConfirmationProblem color="red" actions={dashboardButton}>
        {PAYMENT_MESSAGES.sessionNotFound}
      </ConfirmationProblem>
    );
  }
  return (
    <ConfirmationProblem
      color="red"
      actions={
        <>
          {dashboardButton}
          <Button variant="default" onClick={() => void verify.refetch()} loading={verify.isFetching}>
            Refresh
          </Button>
        </>
      }
    >
      {PAYMENT_TEXTS.confirmationFailed}
    </ConfirmationProblem>
  );
}

/** The confirmation could not be shown: why, in an alert, and what to do next. */
function ConfirmationProblem({
  color,
  actions,
  children,
}: {
  color: 'yellow' | 'red';
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <PaymentResult title={PAYMENT_TEXTS.confirmationTitle} actions={actions}>
      <Alert color={color} variant="light" role="alert" w="100%">
        {children}
      </Alert>
    </PaymentResult>
  );
}
