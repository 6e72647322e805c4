import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { ADMIN_REGISTRATION_SEARCH_MAX } from '@camp/shared/admin-registrations';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@camp/shared/rules';
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { STATUS_LABELS } from '../admin-registration-texts';

/** The filters as the controls hold them: '' is "all". */
export interface RegistrationFilterValues {
  /** A year as text, '' for all years. */
  year: string;
  status: RegistrationStatus | '';
  email: string;
  name: string;
}

export const NO_REGISTRATION_FILTERS: RegistrationFilterValues = {
  year: '',
  status: '',
  email: '',
  name: '',
};

/** How many filters are set. */
export const activeFilterCount = (values: RegistrationFilterValues): number =>
  [values.year, values.status, values.email.trim(), values.name.trim()].filter((value) => value !== '')
    .length;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...REGISTRATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export interface RegistrationFiltersProps {
  id: string;
  values: RegistrationFilterValues;
  /** Registration years to offer, newest first. */
  years: readonly number[];
  onChange: (values: RegistrationFilterValues) => void;
}

/** The Filters panel of spec §2: year, status, email, name and Clear all. */
export function RegistrationFilters({ id, values, years, onChange }: RegistrationFiltersProps) {
  const set = <K extends keyof RegistrationFilterValues>(key: K, value: RegistrationFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const yearOptions = [
    { value: '', label: 'All years' },
    ...years.map((year) => ({ value: String(year), label: String(year) })),
  ];

  return (
    <Paper id={id} component="section" aria-label="Filters" withBorder radius="md" p="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 4 }}
          spacing="sm"
          verticalSpacing="xs"
          style={{ flex: '1 1 36rem' }}
        >
          <NativeSelect
            label="Year"
            data={yearOptions}
            value={values.year}
            onChange={(event) => set('year', event.currentTarget.value)}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={values.status}
            onChange={(event) => set('status', event.currentTarget.value as RegistrationStatus | '')}
          />
          <TextInput
            type="search"
            label="Email"
            placeholder="Part of the e-mail"
            maxLength={ADMIN_REGISTRATION_SEARCH_MAX}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
          />
          <TextInput
            type="search"
            label="Name"
            placeholder="First, last or playa name"
            maxLength={ADMIN_REGISTRATION_SEARCH_MAX}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Button
          variant="default"
          onClick={() => onChange(NO_REGISTRATION_FILTERS)}
          disabled={activeFilterCount(values) === 0}
        >
          Clear all
        </Button>
      </Group>
    </Paper>
  );
}
