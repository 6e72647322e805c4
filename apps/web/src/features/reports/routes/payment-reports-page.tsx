import type { Payment } from '@camp/shared/payments';
import {
  formatDate,
  formatDollars,
  MANUAL_PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentProvider,
  type PaymentStatus,
} from '@camp/shared/rules';
import { REPORT_MESSAGES } from '@camp/shared/reports';
import { Stack } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { optionalYearColumn } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { FilterBar } from '../../../components/filter-bar';
import { paymentTotals } from '../../payments';
import { InvalidPaymentDataError, usePaymentReport } from '../api/get-payment-report';
import { ExportShownButton } from '../components/export-button';
import { ReportCounts } from '../components/report-counts';
import { PersonCell } from '../components/person-cell';
import { ReportPageHeader } from '../components/report-page-header';
import { ReportTable } from '../components/report-table';
import classes from '../components/reports.module.css';
import type { CsvColumn } from '../csv';
import { csvDollars, personName } from '../report-format';
import { CSV_FILE_BASES, REPORT_TEXTS } from '../report-texts';
import { useShownExport } from '../search-result';

interface FilterValues {
  provider: PaymentProvider | '';
  status: PaymentStatus | '';
}

const providerText = (payment: Payment) =>
  payment.method
    ? `${PAYMENT_PROVIDER_LABELS[payment.provider]} · ${MANUAL_PAYMENT_METHOD_LABELS[payment.method]}`
    : PAYMENT_PROVIDER_LABELS[payment.provider];

const column = createColumnHelper<Payment>();

const columns = [
  column.accessor('createdAt', {
    id: 'date',
    header: 'Date',
    enableGrouping: false,
    meta: { nowrap: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
  column.accessor((payment) => personName(payment.user), {
    id: 'person',
    header: 'Person',
    cell: ({ row }) => <PersonCell name={personName(row.original.user)} detail={row.original.user.email} />,
  }),
  optionalYearColumn((payment: Payment) => payment.registrationYear),
  column.accessor('amount', {
    header: 'Amount',
    enableGrouping: false,
    meta: { nowrap: true, align: 'right' },
    cell: ({ getValue }) => formatDollars(getValue()),
  }),
  column.accessor('refundedAmount', {
    header: 'Refunded',
    enableGrouping: false,
    meta: { nowrap: true, align: 'right' },
    cell: ({ getValue }) => (getValue() > 0 ? formatDollars(getValue()) : '—'),
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { nowrap: true },
    cell: ({ getValue }) => <StatusBadge kind="payment" status={getValue()} size="sm" />,
  }),
  column.accessor((payment) => PAYMENT_PROVIDER_LABELS[payment.provider], {
    id: 'provider',
    header: 'Provider',
    cell: ({ row }) => providerText(row.original),
  }),
  column.accessor((payment) => payment.reference ?? payment.providerRefId ?? '', {
    id: 'reference',
    header: 'Reference',
    enableGrouping: false,
    cell: ({ getValue }) => <span className={`${classes.small} ${classes.wrap}`}>{getValue() || '—'}</span>,
  }),
];

export const paymentCsvColumns: CsvColumn<Payment>[] = [
  { header: 'Date', value: (payment) => payment.createdAt },
  { header: 'First Name', value: (payment) => payment.user.firstName },
  { header: 'Last Name', value: (payment) => payment.user.lastName },
  { header: 'Email', value: (payment) => payment.user.email },
  { header: 'Registration Year', value: (payment) => payment.registrationYear },
  { header: 'Amount', value: (payment) => csvDollars(payment.amount) },
  { header: 'Refunded', value: (payment) => csvDollars(payment.refundedAmount) },
  {
    header: 'Net',
    value: (payment) =>
      payment.status === 'COMPLETED' || payment.status === 'REFUNDED'
        ? csvDollars(payment.amount - payment.refundedAmount)
        : 0,
  },
  { header: 'Currency', value: (payment) => payment.currency },
  { header: 'Status', value: (payment) => payment.status },
  { header: 'Provider', value: (payment) => payment.provider },
  { header: 'Method', value: (payment) => payment.method },
  { header: 'Reference', value: (payment) => payment.reference },
  { header: 'Provider Reference', value: (payment) => payment.providerRefId },
  { header: 'Payment ID', value: (payment) => payment.id },
];

/**
 * /reports/payments (docs/product.md §2, Admin Only): every payment by provider and status, not paginated, the totals net
 * of refunds (gross, refunded, net), Export to CSV.
 */
export default function PaymentReportsPage() {
  const [values, setValues] = useState<FilterValues>({ provider: '', status: '' });
  const report = usePaymentReport({
    provider: values.provider || undefined,
    status: values.status || undefined,
  });
  const data = report.data;
  const totals = useMemo(() => paymentTotals(data ?? []), [data]);

  // The file holds what the table shows: the rows its search matches.
  const shown = useShownExport(
    data,
    CSV_FILE_BASES.payments,
    [values.provider, values.status],
    paymentCsvColumns,
  );

  let error: string | null = null;
  if (report.isError && !data) {
    error =
      report.error instanceof InvalidPaymentDataError
        ? REPORT_MESSAGES.invalidPayments
        : REPORT_MESSAGES.fetchPaymentsFailed;
  }
  const money = (cents: number) => (data ? formatDollars(cents / 100) : undefined);

  return (
    <Stack gap="lg">
      <ReportPageHeader
        title={REPORT_TEXTS.paymentsTitle}
        description={REPORT_TEXTS.paymentsDescription}
        adminOnly
        actions={<ExportShownButton shown={shown} />}
      />
      <FilterBar
        fields={[
          {
            key: 'provider',
            label: 'Provider',
            value: values.provider,
            options: [
              { value: '', label: REPORT_TEXTS.allProviders },
              ...PAYMENT_PROVIDERS.map((provider) => ({
                value: provider,
                label: PAYMENT_PROVIDER_LABELS[provider],
              })),
            ],
            onChange: (provider) =>
              setValues((current) => ({ ...current, provider: provider as PaymentProvider | '' })),
          },
          {
            key: 'status',
            label: 'Status',
            value: values.status,
            options: [
              { value: '', label: REPORT_TEXTS.allStatuses },
              ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
            ],
            onChange: (status) =>
              setValues((current) => ({ ...current, status: status as PaymentStatus | '' })),
          },
        ]}
      />
      {!error && (
        <ReportCounts
          label="Payment totals"
          figures={[
            { key: 'count', label: 'Payments', value: data ? totals.count : undefined },
            {
              key: 'gross',
              label: 'Gross',
              value: money(totals.completedCents),
              hint: 'Paid in, before refunds',
            },
            { key: 'refunded', label: 'Refunded', value: money(totals.refundedCents), hint: 'Given back' },
            { key: 'net', label: 'Net', value: money(totals.netCents), hint: 'Gross less refunded' },
          ]}
        />
      )}
      <ReportTable
        data={data}
        columns={columns}
        caption={REPORT_TEXTS.paymentsCaption}
        getRowId={(payment) => payment.id}
        isLoading={report.isFetching}
        loadingText={REPORT_TEXTS.paymentsLoading}
        error={error}
        onRetry={() => void report.refetch()}
        emptyText={REPORT_MESSAGES.noPayments}
        pageSize={false}
        initialSorting={[{ id: 'date', desc: true }]}
        groupableColumns={['status', 'provider', 'year']}
        minWidth={980}
        onSearchResult={shown.onSearchResult}
      />
    </Stack>
  );
}
