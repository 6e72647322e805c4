import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  PAYMENT_SEARCH_MAX,
  PAYMENT_STATUSES,
  type PaymentProvider,
  type PaymentStatus,
} from '@camp/shared/rules';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';

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
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: status })),
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
  const set = <K extends keyof PaymentFilterValues>(key: K, value: PaymentFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const yearOptions = [
    { value: '', label: 'All years' },
    ...years.map((year) => ({ value: String(year), label: String(year) })),
  ];

  return (
    <Group component="section" aria-label="Filters" align="flex-end" gap="sm" wrap="wrap">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs" style={{ flex: '1 1 36rem' }}>
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => set('status', event.currentTarget.value as PaymentStatus | '')}
        />
        <NativeSelect
          label="Provider"
          data={PROVIDER_OPTIONS}
          value={values.provider}
          onChange={(event) => set('provider', event.currentTarget.value as PaymentProvider | '')}
        />
        <TextInput
          type="search"
          label="Person"
          placeholder="Name or e-mail"
          maxLength={PAYMENT_SEARCH_MAX}
          value={values.search}
          onChange={(event) => set('search', event.currentTarget.value)}
        />
        <NativeSelect
          label="Year"
          data={yearOptions}
          value={values.year}
          onChange={(event) => set('year', event.currentTarget.value)}
        />
      </SimpleGrid>
      <Button
        variant="default"
        onClick={() => onChange(NO_PAYMENT_FILTERS)}
        disabled={!hasPaymentFilters(values)}
      >
        Clear all
      </Button>
    </Group>
  );
}
