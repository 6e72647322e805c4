import { currentRegistration, dollarsToCents, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth';
import { usePublicConfig } from '../../config';
import {
  checkoutFailureMessage,
  PAYMENT_TEXTS,
  PaymentResult,
  type StartCheckoutState,
  useStartCheckout,
  usePaymentsAvailable,
} from '../../payments';
import { useMyRegistrations } from '../api/get-my-registrations';

/**
 * 'Try Payment Again' goes straight back to paying the dues: it starts a new Checkout for what the current
 * registration still owes (the registration wizard would only say the person is already registered). When
 * nothing is owed any more, card payments are off, or the registration cannot be read, it leads to the
 * dashboard, which shows the dues and what can be done.
 */
function TryPaymentAgain({ checkout }: { checkout: StartCheckoutState }) {
  const { user } = useAuth();
  const { config } = usePublicConfig();
  const registrations = useMyRegistrations();
  const payments = usePaymentsAvailable();
  const current = registrations.data
    ? currentRegistration(registrations.data, config.registrationYear)
    : undefined;
  const cents = current ? dollarsToCents(current.amountOwed) : 0;
  const loading = registrations.isPending || payments.isLoading;
  if (!loading && !(user && current && cents > 0 && payments.available)) {
    return (
      <Button component={Link} to={paths.dashboard()}>
        Try Payment Again
      </Button>
    );
  }
  return (
    <Button
      loading={loading || checkout.isPending}
      onClick={() => {
        if (!user || !current) return;
        checkout.start({
          user,
          registrationId: current.id,
          amountCents: cents,
          campName: config.campName,
          year: current.year,
        });
      }}
    >
      Try Payment Again
    </Button>
  );
}

/**
 * /payment/cancel (docs/product.md §2 Payment pages): where Stripe Checkout sends the person who backs out. Nothing was
 * charged; the registration stays saved with its dues outstanding.
 */
export default function PaymentCancelPage() {
  const checkout = useStartCheckout();
  return (
    <PaymentResult
      title={PAYMENT_TEXTS.cancelledTitle}
      actions={
        <>
          <TryPaymentAgain checkout={checkout} />
          <Button component={Link} to={paths.dashboard()} variant="default">
            {REGISTRATION_TEXTS.toDashboard}
          </Button>
        </>
      }
    >
      <Text size="lg">{PAYMENT_TEXTS.noCharges}</Text>
      <Text c="dimmed">{PAYMENT_TEXTS.cancelledSaved}</Text>
      {checkout.error !== null && (
        <Alert color="red" variant="light" role="alert" w="100%" title={PAYMENT_TEXTS.paymentFailed}>
          {checkoutFailureMessage(checkout.error)}
        </Alert>
      )}
    </PaymentResult>
  );
}
