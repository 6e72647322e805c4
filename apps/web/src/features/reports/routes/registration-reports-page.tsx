import {
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_STATUSES,
  ROLE_LABELS,
  formatDate,
  formatDollars,
  seesOthersMoney,
  type RegistrationStatus,
} from '@camp/shared/rules';
import {
  RegistrationReportQuerySchema,
  REPORT_MESSAGES,
  type RegistrationReport,
  type RegistrationReportRow,
  type ReportField,
} from '@camp/shared/reports';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { FilterBar, yearFilter } from '../../../components/filter-bar';
import { isAdmin, useAuth } from '../../auth';
import { campingOptionsQueryOptions } from '../../camping-options';
import { useEventCalendar, usePublicConfig } from '../../config';
import type { RegistrationReportFilters } from '../api/query-keys';
import { useRegistrationReport } from '../api/get-registration-report';
import { ExportShownButton } from '../components/export-button';
import { ReportCounts } from '../components/report-counts';
import { PersonCell } from '../components/person-cell';
import { ShiftsCell } from '../components/shifts-cell';
import { ReportPageHeader } from '../components/report-page-header';
import { ReportTable } from '../components/report-table';
import classes from '../components/reports.module.css';
import type { CsvColumn } from '../csv';
import { csvDollars, isoDay, personName, registrationShifts } from '../report-format';
import { CSV_FILE_BASES, REPORT_TEXTS } from '../report-texts';
import { useShownExport } from '../search-result';

/** docs/product.md §9: registration tables show 25 rows to a page. */
const REGISTRATION_PAGE_SIZE = 25;

interface FilterValues {
  /** A year as text, '' for every year. */
  year: string;
  status: RegistrationStatus | '';
  campingOptionId: string;
}

const column = createColumnHelper<RegistrationReportRow>();

/** The event dates a registration's shifts are dated with (its year's, when it is the camp's year). */
type ShiftDates = Parameters<typeof registrationShifts>[1];

/** The columns before the money: the person, their registration and what they chose. */
const personColumns = (dates: ShiftDates) => [
  column.accessor((row) => personName(row.user), {
    id: 'name',
    header: 'Name',
    // One line, cut with an ellipsis rather than broken mid-word; the whole on hover and focus.
    meta: { truncate: '9rem' },
    cell: ({ row }) => (
      <PersonCell
        name={personName(row.original.user)}
        detail={row.original.user.playaName && `“${row.original.user.playaName}”`}
      />
    ),
  }),
  column.accessor((row) => row.user.email, {
    id: 'email',
    header: 'Email',
    // One line in the table, cut with an ellipsis when long (the whole on hover and focus); a phone shows
    // cards, where it may break.
    meta: { truncate: '10rem' },
  }),
  column.accessor((row) => row.user.phone ?? '', {
    id: 'phone',
    header: 'Phone',
    meta: { nowrap: true },
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { nowrap: true },
    cell: ({ getValue }) => <StatusBadge status={getValue()} size="sm" />,
  }),
  column.accessor((row) => row.campingOptions.map((option) => option.name).join(', '), {
    id: 'campingOptions',
    header: 'Camping options',
    meta: { label: 'Camping options' },
    cell: ({ row }) =>
      row.original.campingOptions.length === 0 ? (
        '—'
      ) : (
        <ul className={classes.list}>
          {row.original.campingOptions.map((option) => (
            <li key={option.id}>{option.name}</li>
          ))}
        </ul>
      ),
  }),
  column.accessor((row) => registrationShifts(row, dates).join('; '), {
    id: 'shifts',
    header: 'Shifts',
    enableSorting: false,
    // The count, and the list on demand: the report fits a 1280 px screen.
    cell: ({ row }) => <ShiftsCell shifts={registrationShifts(row.original, dates)} />,
  }),
];

/** Paid and outstanding: admins only (the server sends staff no money, so staff get no such columns). */
const moneyColumns = [
  column.accessor((row) => row.paidAmount ?? 0, {
    id: 'paidAmount',
    header: 'Paid',
    enableGrouping: false,
    meta: { nowrap: true, align: 'right' },
    cell: ({ getValue }) => formatDollars(getValue()),
  }),
  column.accessor((row) => row.outstandingAmount ?? 0, {
    id: 'outstandingAmount',
    header: 'Outstanding',
    enableGrouping: false,
    meta: { nowrap: true, align: 'right' },
    cell: ({ getValue }) => formatDollars(getValue()),
  }),
];

const registeredColumn = column.accessor('createdAt', {
  header: 'Registered',
  enableGrouping: false,
  meta: { nowrap: true },
  cell: ({ getValue }) => formatDate(getValue()),
});

const reportColumns = (dates: ShiftDates, money: boolean) =>
  money
    ? [...personColumns(dates), ...moneyColumns, registeredColumn]
    : [...personColumns(dates), registeredColumn];

/**
 * The CSV's columns: the profile, the registration, choices, money (admins only: `money` false leaves the Paid
 * and Outstanding columns out), then one column per custom field.
 */
export function registrationCsvColumns(
  fields: readonly ReportField[],
  { money, dates }: { money: boolean; dates: ShiftDates },
): CsvColumn<RegistrationReportRow>[] {
  const fixed: CsvColumn<RegistrationReportRow>[] = [
    { header: 'First Name', value: (row) => row.user.firstName },
    { header: 'Last Name', value: (row) => row.user.lastName },
    { header: 'Playa Name', value: (row) => row.user.playaName },
    { header: 'Email', value: (row) => row.user.email },
    { header: 'Phone', value: (row) => row.user.phone },
    { header: 'City', value: (row) => row.user.city },
    { header: 'State/Province', value: (row) => row.user.stateProvince },
    { header: 'Country', value: (row) => row.user.country },
    { header: 'Emergency Contact', value: (row) => row.user.emergencyContact },
    { header: 'Role', value: (row) => ROLE_LABELS[row.user.role] },
    { header: 'Year', value: (row) => row.year },
    { header: 'Status', value: (row) => row.status },
    { header: 'Registered', value: (row) => isoDay(row.createdAt) },
    { header: 'Camping Options', value: (row) => row.campingOptions.map((option) => option.name).join('; ') },
    { header: 'Shifts', value: (row) => registrationShifts(row, dates).join('; ') },
  ];
  const paid: CsvColumn<RegistrationReportRow>[] = [
    { header: 'Paid', value: (row) => csvDollars(row.paidAmount ?? 0) },
    { header: 'Outstanding', value: (row) => csvDollars(row.outstandingAmount ?? 0) },
  ];
  const custom = fields.map((field): CsvColumn<RegistrationReportRow> => ({
    header: `${field.campingOptionName}: ${field.displayName}`,
    value: (row) => row.customFields[field.id] ?? null,
  }));
  return [...fixed, ...(money ? paid : []), ...custom];
}

const filterShape = RegistrationReportQuerySchema.shape;
/** 'year=all' in the address: every year (no parameter is the camp's year). */
const ALL_YEARS = 'all';

/** The filters read from the address; a value the report would refuse is dropped. */
function filtersFromParams(params: URLSearchParams, campYear: number): FilterValues {
  const raw = (key: string) => params.get(key) ?? '';
  const year = raw('year');
  const parsedYear = filterShape.year.safeParse(year);
  const status = filterShape.status.safeParse(raw('status'));
  const option = filterShape.campingOptionId.safeParse(raw('option'));
  return {
    year: year === ALL_YEARS ? '' : parsedYear.success && year !== '' ? year : String(campYear),
    status: status.success && status.data ? status.data : '',
    campingOptionId: option.success && option.data ? option.data : '',
  };
}

/** The address's parameters for the filters: only what differs from the default. */
function paramsFromFilters(values: FilterValues, campYear: number): URLSearchParams {
  const params = new URLSearchParams();
  if (values.year === '') params.set('year', ALL_YEARS);
  else if (values.year !== String(campYear)) params.set('year', values.year);
  if (values.status) params.set('status', values.status);
  if (values.campingOptionId) params.set('option', values.campingOptionId);
  return params;
}

function toQuery(values: FilterValues): RegistrationReportFilters {
  return {
    year: values.year === '' ? undefined : Number(values.year),
    status: values.status || undefined,
    campingOptionId: values.campingOptionId || undefined,
  };
}

/** Options to filter by: the catalog's, and any a registration holds (a disabled option a staff member cannot list). */
function optionChoices(
  catalog: readonly { id: string; name: string }[],
  report: RegistrationReport | undefined,
) {
  const byId = new Map<string, string>();
  for (const option of catalog) byId.set(option.id, option.name);
  for (const row of report?.registrations ?? []) {
    for (const option of row.campingOptions) if (!byId.has(option.id)) byId.set(option.id, option.name);
  }
  return [...byId]
    .map(([id, name]) => ({ value: id, label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * /reports/registrations (docs/product.md §2): filters by year, status and camping option, the counts by status, the
 * table (25 to a page) and Export to CSV with every profile field and custom answer.
 */
export default function RegistrationReportsPage() {
  const { config } = usePublicConfig();
  const { role } = useAuth();
  // The filters live in the address (Back, a reload and a shared link keep them); the camp's year by default.
  const [params, setParams] = useSearchParams();
  const values = filtersFromParams(params, config.registrationYear);
  const query = toQuery(values);
  const report = useRegistrationReport(query);
  const catalog = useQuery(campingOptionsQueryOptions({ includeDisabled: isAdmin(role) }));
  const data = report.data;
  const money = seesOthersMoney(role);
  const calendar = useEventCalendar();
  const registrationYear = config.registrationYear;
  const dates = useMemo(() => ({ registrationYear, calendar }), [registrationYear, calendar]);
  const columns = useMemo(() => reportColumns(dates, money), [dates, money]);

  const years = useMemo(() => {
    const found = new Set<number>(data?.years ?? []);
    found.add(config.registrationYear);
    if (values.year !== '') found.add(Number(values.year));
    return [...found].sort((a, b) => b - a);
  }, [data?.years, config.registrationYear, values.year]);
  const options = optionChoices(catalog.data ?? [], data);
  const optionName = options.find((option) => option.value === values.campingOptionId)?.label;

  const set =
    <K extends keyof FilterValues>(key: K) =>
    (value: string) =>
      setParams(paramsFromFilters({ ...values, [key]: value }, config.registrationYear), { replace: true });

  // The file holds what the table shows: the rows its search matches.
  const shown = useShownExport(
    data?.registrations,
    CSV_FILE_BASES.registrations,
    [values.year, values.status, optionName],
    data && registrationCsvColumns(data.fields, { money, dates }),
  );

  const failed = report.isError && !data;
  const counts = data?.counts;

  return (
    <Stack gap="lg">
      <ReportPageHeader
        title={REPORT_TEXTS.registrationsTitle}
        description={
          money ? REPORT_TEXTS.registrationsDescriptionAdmin : REPORT_TEXTS.registrationsDescription
        }
        actions={<ExportShownButton shown={shown} />}
      />
      <FilterBar
        fields={[
          yearFilter(values.year, years, set('year'), REPORT_TEXTS.allYears),
          {
            key: 'status',
            label: 'Status',
            value: values.status,
            options: [
              { value: '', label: REPORT_TEXTS.allStatuses },
              ...REGISTRATION_STATUSES.map((status) => ({
                value: status,
                label: REGISTRATION_STATUS_LABELS[status],
              })),
            ],
            onChange: set('status'),
          },
          {
            key: 'campingOptionId',
            label: 'Camping option',
            value: values.campingOptionId,
            options: [{ value: '', label: REPORT_TEXTS.allOptions }, ...options],
            onChange: set('campingOptionId'),
          },
        ]}
      />
      {!failed && (
        <ReportCounts
          label="Registration counts"
          figures={[
            { key: 'total', label: 'Total', value: counts?.total },
            { key: 'confirmed', label: 'Confirmed', value: counts?.confirmed },
            { key: 'pending', label: 'Pending', value: counts?.pending },
            { key: 'waitlisted', label: 'Waitlisted', value: counts?.waitlisted },
            { key: 'cancelled', label: 'Cancelled', value: counts?.cancelled },
          ]}
        />
      )}
      <ReportTable
        data={data?.registrations}
        columns={columns}
        caption={REPORT_TEXTS.registrationsCaption}
        getRowId={(row) => row.id}
        isLoading={report.isFetching}
        loadingText={REPORT_TEXTS.registrationsLoading}
        error={failed ? REPORT_MESSAGES.fetchRegistrationsFailed : null}
        onRetry={() => void report.refetch()}
        emptyText={REPORT_MESSAGES.noRegistrations}
        pageSize={REGISTRATION_PAGE_SIZE}
        initialSorting={[{ id: 'createdAt', desc: true }]}
        groupableColumns={['status', 'campingOptions']}
        minWidth={1080}
        onSearchResult={shown.onSearchResult}
      />
    </Stack>
  );
}
