import { ADMIN_REGISTRATION_SEARCH_MAX } from '@camp/shared/admin-registrations';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@camp/shared/rules';
import { FilterBar, yearFilter } from '../../../components/filter-bar';
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

/** The Filters panel of docs/product.md §2: year, status, email, name and Clear all. */
export function RegistrationFilters({ id, values, years, onChange }: RegistrationFiltersProps) {
  const set = (key: keyof RegistrationFilterValues) => (value: string) =>
    onChange({ ...values, [key]: value });
  return (
    <FilterBar
      id={id}
      withBorder
      onClear={() => onChange(NO_REGISTRATION_FILTERS)}
      fields={[
        yearFilter(values.year, years, set('year')),
        {
          key: 'status',
          label: 'Status',
          value: values.status,
          options: STATUS_OPTIONS,
          onChange: set('status'),
        },
        {
          kind: 'search',
          key: 'email',
          label: 'Email',
          placeholder: 'Part of the e-mail',
          maxLength: ADMIN_REGISTRATION_SEARCH_MAX,
          value: values.email,
          onChange: set('email'),
        },
        {
          kind: 'search',
          key: 'name',
          label: 'Name',
          placeholder: 'First, last or playa name',
          maxLength: ADMIN_REGISTRATION_SEARCH_MAX,
          value: values.name,
          onChange: set('name'),
        },
      ]}
    />
  );
}
