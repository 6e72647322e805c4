import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import type { Payment, RefundPaymentInput } from '@camp/shared/payments';
import { formatDollars, personName, REFUND_REASON_MAX, REFUND_REASON_MIN } from '@camp/shared/rules';
import { Group, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormModal, type FormModalError } from '../../../components/form-modal';
import { useModalForm } from '../../../components/use-modal-form';
import { formatCents, refundableCents } from './payment-money';
import { refundForm, refundFormValues, toRefundInput } from './payment-forms';

export interface RefundPaymentModalProps {
  payment: Payment;
  saving: boolean;
  saveError: FormModalError | null;
  onSave: (input: RefundPaymentInput) => void;
  onClose: () => void;
}

/**
 * Refund part or all of what is left of a completed payment, with a reason. Mounted only while open: each
 * opening makes one idempotency key, so a double submit or a retry after a lost answer refunds once.
 */
export function RefundPaymentModal({ payment, saving, saveError, onSave, onClose }: RefundPaymentModalProps) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = refundableCents(payment);
  const { formError, textField, numberField, submit } = useModalForm({
    initialValues: () => refundFormValues(payment),
    form: refundForm(payment, idempotencyKey),
    onSave: (checked) => onSave(toRefundInput(checked, idempotencyKey)),
  });

  return (
    <FormModal
      opened
      title="Refund payment"
      submitLabel="Refund"
      saving={saving}
      error={formError ? { title: formError } : saveError}
      onSubmit={submit}
      onClose={onClose}
      size="md"
    >
      <Paper withBorder p="sm" radius="md" bg="gray.0">
        <Stack gap={4}>
          <Text fw={600}>
            {personName(payment.user)}{' '}
            <Text span size="sm" c="dimmed">
              ({payment.user.email})
            </Text>
          </Text>
          <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
            <Text size="sm">Paid {formatDollars(payment.amount)}</Text>
            {payment.refundedAmount > 0 && (
              <Text size="sm">Refunded {formatDollars(payment.refundedAmount)}</Text>
            )}
            <Text size="sm" fw={600}>
              Left to refund {formatCents(left)}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <NumberInput
        label="Refund amount"
        description={`In US dollars, at most ${formatCents(left)}`}
        required
        data-autofocus
        prefix="$"
        decimalScale={2}
        fixedDecimalScale
        step={0.01}
        min={0}
        max={left / 100}
        // Keep what was typed so a wrong amount gets its message instead of silently changing.
        clampBehavior="none"
        {...numberField('amount')}
      />
      <Textarea
        label="Reason"
        description={`At least ${REFUND_REASON_MIN} characters; kept in the payment's history.`}
        required
        rows={3}
        resize="vertical"
        maxLength={REFUND_REASON_MAX}
        {...textField('reason')}
      />
    </FormModal>
  );
}
