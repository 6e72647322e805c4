import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  PAYMENT_SEARCH_MAX,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentProvider,
  type PaymentStatus,
} from '@camp/shared/rules';
import { FilterBar, yearFilter } from '../../../components/filter-bar';

/** The filters as the controls hold them: '' is "all". */
export interface PaymentFilterValues {
  status: PaymentStatus | '';
  provider: PaymentProvider | '';
  /** A year as text, '' for all years. */
  year: string;
  /** Name or e-mail, as typed (sent after a pause). */
  search: string;
}

export const NO_PAYMENT_FILTERS: PaymentFilterValues = { status: '', provider: '', year: '', search: '' };

export const hasPaymentFilters = (values: PaymentFilterValues): boolean =>
  values.status !== '' || values.provider !== '' || values.year !== '' || values.search.trim() !== '';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
];

const PROVIDER_OPTIONS = [
  { value: '', label: 'All providers' },
  ...PAYMENT_PROVIDERS.map((provider) => ({ value: provider, label: PAYMENT_PROVIDER_LABELS[provider] })),
];

export interface PaymentFiltersProps {
  values: PaymentFilterValues;
  /** Registration years to offer, newest first. */
  years: readonly number[];
  onChange: (values: PaymentFilterValues) => void;
}

/** Status, provider, person and registration year, and Clear all. */
export function PaymentFilters({ values, years, onChange }: PaymentFiltersProps) {
  const set = (key: keyof PaymentFilterValues) => (value: string) => onChange({ ...values, [key]: value });
  return (
    <FilterBar
      onClear={() => onChange(NO_PAYMENT_FILTERS)}
      fields={[
        {
          key: 'status',
          label: 'Status',
          value: values.status,
          options: STATUS_OPTIONS,
          onChange: set('status'),
        },
        {
          key: 'provider',
          label: 'Provider',
          value: values.provider,
          options: PROVIDER_OPTIONS,
          onChange: set('provider'),
        },
        {
          kind: 'search',
          key: 'search',
          label: 'Person',
          placeholder: 'Name or e-mail',
          maxLength: PAYMENT_SEARCH_MAX,
          value: values.search,
          onChange: set('search'),
        },
        yearFilter(values.year, years, set('year')),
      ]}
    />
  );
}
