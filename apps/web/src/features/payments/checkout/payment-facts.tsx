import type { PaymentConfirmation } from '@camp/shared/payments';
import { formatDateTime, formatDollars } from '@camp/shared/rules';
import { Stack, Text } from '@mantine/core';
import { PAYMENT_TEXTS } from '../payment-texts';
import classes from './payment-result.module.css';

/**
 * What was paid, when, and the reference to quote to the camp (the one the receipt e-mail gives), as a
 * description list.
 */
export function PaymentFacts({ confirmation }: { confirmation: PaymentConfirmation }) {
  const facts: Array<[string, string]> = [
    [PAYMENT_TEXTS.amountPaidLabel, `${formatDollars(confirmation.amount)} ${confirmation.currency}`],
    [PAYMENT_TEXTS.paidOnLabel, formatDateTime(confirmation.paidAt)],
    [PAYMENT_TEXTS.referenceLabel, confirmation.reference ?? confirmation.paymentId],
  ];
  return (
    <Stack gap="xs" w="100%">
      <Stack component="dl" gap="xs" m={0}>
        {facts.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <Text component="dt" fw={600} size="sm">
              {label}
            </Text>
            <Text component="dd" m={0} className={classes.value}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        {PAYMENT_TEXTS.quoteReference}
      </Text>
    </Stack>
  );
}
