import type { ManualPaymentInput, Payment, Refund, RefundPaymentInput } from '@camp/shared/payments';
import { formatDollars, personName, REFUND_STATE_TEXTS } from '@camp/shared/rules';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin-page-header';
import type { FormError } from '../../../components/form-actions';
import { RowAction, RowActions } from '../../../components/row-actions';
import { showSuccessToast } from '../../../lib/toast';
import { usePublicConfig } from '../../config';
import { failureDetail } from '../../../lib/api-client';
import { ADMIN_PAYMENT_MESSAGES } from '../admin/admin-payment-messages';
import { ManualPaymentModal } from '../admin/manual-payment-modal';
import { OverdueSection } from '../admin/overdue-section';
import { NO_PAYMENT_FILTERS, PaymentFilters, type PaymentFilterValues } from '../admin/payment-filters';
import { canRefund, openRefunds, paymentTotals } from '../admin/payment-money';
import { PaymentTotalsSummary } from '../admin/payment-totals';
import { PaymentsTable } from '../admin/payments-table';
import { RefundPaymentModal } from '../admin/refund-payment-modal';
import type { PaymentFilters as PaymentQueryFilters } from '../api/admin-query-keys';
import { useAdminPayments } from '../api/get-payments';
import { useRecordManualPayment } from '../api/record-manual-payment';
import { useRefundPayment } from '../api/refund-payment';
import { useRetryRefund } from '../api/retry-refund';

/** docs/product.md §4/§9: filter changes apply after a 500 ms pause (the typed person search). */
const FILTER_DEBOUNCE_MS = 500;

/** Registration years offered besides those in the list: the camp's year, one ahead and five back. */
const YEARS_BACK = 5;

type Dialog = { kind: 'refund'; payment: Payment } | { kind: 'manual' } | null;

function toQuery(values: PaymentFilterValues, search: string): PaymentQueryFilters {
  return {
    status: values.status || undefined,
    provider: values.provider || undefined,
    year: values.year === '' ? undefined : Number(values.year),
    search: search.trim() || undefined,
  };
}

/**
 * /admin/payments (docs/product.md §2 Payments, the eighth admin area; decision 016): every payment with filters and totals, refunds
 * (full or partial, with a reason) and payments made by cash, check or bank transfer; and the registrations past
 * their payment deadline, whose places can be released (docs/product.md §10).
 */
export default function AdminPaymentsPage() {
  const { config } = usePublicConfig();
  const [filters, setFilters] = useState<PaymentFilterValues>(NO_PAYMENT_FILTERS);
  const [search] = useDebouncedValue(filters.search, FILTER_DEBOUNCE_MS);
  const query = toQuery(filters, search);
  const payments = useAdminPayments(query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saveError, setSaveError] = useState<FormError | null>(null);
  const refund = useRefundPayment();
  const record = useRecordManualPayment();
  const retry = useRetryRefund();
  const [retryError, setRetryError] = useState<FormError | null>(null);

  const totals = useMemo(() => paymentTotals(payments.data ?? []), [payments.data]);

  // The camp's year, one ahead, five back, any year in the list, and the one chosen; newest first.
  const years = useMemo(() => {
    const found = new Set<number>();
    for (let year = config.registrationYear + 1; year >= config.registrationYear - YEARS_BACK; year -= 1) {
      found.add(year);
    }
    for (const payment of payments.data ?? []) {
      if (payment.registrationYear !== null) found.add(payment.registrationYear);
    }
    if (filters.year !== '') found.add(Number(filters.year));
    return [...found].sort((a, b) => b - a);
  }, [config.registrationYear, payments.data, filters.year]);

  const open = (next: NonNullable<Dialog>) => {
    setSaveError(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const sendRefund = (payment: Payment, input: RefundPaymentInput) => {
    setSaveError(null);
    refund.mutate(
      { paymentId: payment.id, input },
      {
        onSuccess: ({ refund: made }) => {
          showSuccessToast(
            ADMIN_PAYMENT_MESSAGES.refundDone,
            `${formatDollars(made.amount)} refunded to ${personName(payment.user)}.`,
          );
          setDialog(null);
        },
        onError: (error) =>
          setSaveError({ title: ADMIN_PAYMENT_MESSAGES.refundFailed, detail: failureDetail(error) }),
      },
    );
  };

  const sendManual = (input: ManualPaymentInput) => {
    setSaveError(null);
    record.mutate(input, {
      onSuccess: (payment) => {
        showSuccessToast(
          ADMIN_PAYMENT_MESSAGES.manualDone,
          `${formatDollars(payment.amount)} from ${personName(payment.user)} was recorded.`,
        );
        setDialog(null);
      },
      onError: (error) =>
        setSaveError({ title: ADMIN_PAYMENT_MESSAGES.manualFailed, detail: failureDetail(error) }),
    });
  };

  const sendRetry = (payment: Payment, refund: Refund) => {
    setRetryError(null);
    retry.mutate(
      { paymentId: payment.id, refundId: refund.id },
      {
        onSuccess: ({ refund: made }) =>
          showSuccessToast(
            ADMIN_PAYMENT_MESSAGES.retryDone,
            `${formatDollars(made.amount)} refunded to ${personName(payment.user)}.`,
          ),
        onError: (error) =>
          setRetryError({ title: ADMIN_PAYMENT_MESSAGES.retryFailed, detail: failureDetail(error) }),
      },
    );
  };

  // A completed payment with something left can be refunded; a refund that failed or is pending can be
  // retried (the server makes it once however often it is pressed); other rows have no action.
  const renderRowActions = (payment: Payment) => {
    const waiting = openRefunds(payment);
    if (!canRefund(payment) && waiting.length === 0) return null;
    return (
      <RowActions>
        {waiting.map((refund) => (
          <RowAction
            key={refund.id}
            label={REFUND_STATE_TEXTS.retry}
            itemName={`of ${formatDollars(refund.amount)} to ${personName(payment.user)}`}
            disabledReason={retry.isPending ? 'A refund is being retried…' : undefined}
            onClick={() => sendRetry(payment, refund)}
          />
        ))}
        {/* While a refund waits for Retry, a second one would only compete with it for what is left. */}
        {canRefund(payment) && waiting.length === 0 && (
          <RowAction
            label="Refund"
            itemName={`payment of ${personName(payment.user)}`}
            onClick={() => open({ kind: 'refund', payment })}
          />
        )}
      </RowActions>
    );
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Payments"
        description="Every payment, with totals; refund a payment or record one made by cash, check or transfer."
        actions={<Button onClick={() => open({ kind: 'manual' })}>Record manual payment</Button>}
      />
      <PaymentFilters values={filters} years={years} onChange={setFilters} />
      {payments.data && <PaymentTotalsSummary totals={totals} />}
      {retryError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={retryError.title}
          withCloseButton
          closeButtonLabel="Close message"
          onClose={() => setRetryError(null)}
        >
          {retryError.detail && <Text size="sm">{retryError.detail}</Text>}
        </Alert>
      )}
      <PaymentsTable
        payments={payments.data}
        isLoading={payments.isFetching}
        error={payments.isError && !payments.data ? ADMIN_PAYMENT_MESSAGES.fetchPayments : null}
        onRetry={() => void payments.refetch()}
        emptyText={ADMIN_PAYMENT_MESSAGES.noPayments}
        renderRowActions={renderRowActions}
      />
      <OverdueSection timeZone={config.timeZone} />

      {dialog?.kind === 'refund' && (
        <RefundPaymentModal
          payment={dialog.payment}
          saving={refund.isPending}
          saveError={saveError}
          onSave={(input) => sendRefund(dialog.payment, input)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'manual' && (
        <ManualPaymentModal
          saving={record.isPending}
          saveError={saveError}
          onSave={sendManual}
          onClose={close}
        />
      )}
    </Stack>
  );
}
