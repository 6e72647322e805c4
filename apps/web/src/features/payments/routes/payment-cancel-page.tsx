import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { PaymentResult } from '../checkout/payment-result';
import { PAYMENT_TEXTS } from '../payment-texts';

/**
 * /payment/cancel (spec §2 Payment pages): where Stripe Checkout sends the person who backs out. Nothing was
 * charged; the registration stays saved with its dues outstanding.
 */
export default function PaymentCancelPage() {
  return (
    <PaymentResult
      title={PAYMENT_TEXTS.cancelledTitle}
      actions={
        <>
          <Button component={Link} to={paths.registration()}>
            Try Payment Again
          </Button>
          <Button component={Link} to={paths.dashboard()} variant="default">
            Go to Dashboard
          </Button>
        </>
      }
    >
      <Text size="lg">{PAYMENT_TEXTS.noCharges}</Text>
      <Text c="dimmed">{PAYMENT_TEXTS.cancelledSaved}</Text>
    </PaymentResult>
  );
}
