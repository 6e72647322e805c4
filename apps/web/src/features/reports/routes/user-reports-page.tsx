import '@mantine/core/styles/Badge.css';
import { ATTENDANCE_REPORT_TEXTS, formatDate, ROLE_LABELS, ROLES, type Role } from '@camp/shared/rules';
import {
  REPORT_MESSAGES,
  USER_REPORT_STATUSES,
  type UserReportRow,
  type UserReportStatus,
} from '@camp/shared/reports';
import { Badge, Stack } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { FilterBar, yearFilter } from '../../../components/filter-bar';
import { usePublicConfig } from '../../config';
import { useUserReport } from '../api/get-user-report';
import { ExportShownButton } from '../components/export-button';
import { ReportCounts } from '../components/report-counts';
import { PersonCell } from '../components/person-cell';
import { ReportPageHeader } from '../components/report-page-header';
import { ReportTable } from '../components/report-table';
import classes from '../components/reports.module.css';
import type { CsvColumn } from '../csv';
import { isoDay, personName, reportYears } from '../report-format';
import { CSV_FILE_BASES, REPORT_TEXTS } from '../report-texts';
import { useShownExport } from '../search-result';

const STATUS_LABELS: Record<UserReportStatus, string> = { active: 'Active', inactive: 'Inactive' };

interface FilterValues {
  year: string;
  status: UserReportStatus | '';
  role: Role | '';
  hasNoShows: 'true' | 'false' | '';
}

const location = (row: UserReportRow) =>
  [row.city, row.stateProvince, row.country].filter((part) => part && part.trim() !== '').join(', ');

const column = createColumnHelper<UserReportRow>();

const columns = [
  column.accessor((row) => personName(row), {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <PersonCell
        name={personName(row.original)}
        detail={row.original.playaName && `“${row.original.playaName}”`}
      />
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    // Whole on one line in the table; a phone shows cards, where it may break.
    meta: { nowrap: true },
  }),
  column.accessor((row) => ROLE_LABELS[row.role], {
    id: 'role',
    header: 'Role',
    meta: { nowrap: true },
  }),
  column.accessor((row) => row.phone ?? '', {
    id: 'phone',
    header: 'Phone',
    meta: { nowrap: true },
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor(location, {
    id: 'location',
    header: 'Location',
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor((row) => (row.active ? 'Active' : 'Inactive'), {
    id: 'active',
    header: 'Status',
    meta: { nowrap: true },
    cell: ({ row }) => (
      <Badge color={row.original.active ? 'teal' : 'gray'} variant="filled" autoContrast tt="none">
        {row.original.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  }),
  column.accessor((row) => row.registrationStatus ?? '', {
    id: 'registration',
    header: 'Registration',
    meta: { nowrap: true },
    cell: ({ row }) =>
      row.original.registrationStatus ? (
        <StatusBadge status={row.original.registrationStatus} size="sm" />
      ) : (
        <span className={classes.dimmed}>{REPORT_TEXTS.notRegistered}</span>
      ),
  }),
  // Check-in marks of the year (docs/product.md §11 Check-in): one column, so a phone's card grows by one line only;
  // it sorts by no-shows, the figure a camp looks for. The CSV keeps the two numbers apart.
  column.accessor('noShows', {
    id: 'attendance',
    header: ATTENDANCE_REPORT_TEXTS.showsAndNoShows,
    enableGrouping: false,
    meta: { nowrap: true },
    cell: ({ row }) => `${row.original.shows} / ${row.original.noShows}`,
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    enableGrouping: false,
    meta: { nowrap: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
];

export const userCsvColumns = (year: number): CsvColumn<UserReportRow>[] => [
  { header: 'First Name', value: (row) => row.firstName },
  { header: 'Last Name', value: (row) => row.lastName },
  { header: 'Playa Name', value: (row) => row.playaName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Role', value: (row) => ROLE_LABELS[row.role] },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'City', value: (row) => row.city },
  { header: 'State/Province', value: (row) => row.stateProvince },
  { header: 'Country', value: (row) => row.country },
  { header: 'Emergency Contact', value: (row) => row.emergencyContact },
  { header: 'Email Verified', value: (row) => (row.isEmailVerified ? 'Yes' : 'No') },
  { header: 'Joined', value: (row) => isoDay(row.createdAt) },
  { header: `Status ${year}`, value: (row) => (row.active ? 'Active' : 'Inactive') },
  { header: `Registration ${year}`, value: (row) => row.registrationStatus },
  { header: ATTENDANCE_REPORT_TEXTS.shows, value: (row) => row.shows },
  { header: ATTENDANCE_REPORT_TEXTS.noShows, value: (row) => row.noShows },
];

/**
 * /reports/users (docs/product.md §2): everyone, active (registered for the year, not cancelled) or not, by year
 * (registration year − 5 … + 1), status, role and no-shows (docs/product.md §11 Check-in); not paginated; Export to CSV.
 */
export default function UserReportsPage() {
  const { config } = usePublicConfig();
  const [values, setValues] = useState<FilterValues>({
    year: String(config.registrationYear),
    status: '',
    role: '',
    hasNoShows: '',
  });
  const report = useUserReport({
    year: Number(values.year),
    status: values.status || undefined,
    role: values.role || undefined,
    hasNoShows: values.hasNoShows || undefined,
  });
  const data = report.data;
  const years = reportYears(config.registrationYear);
  if (!years.includes(Number(values.year))) years.unshift(Number(values.year));

  const set =
    <K extends keyof FilterValues>(key: K) =>
    (value: string) =>
      setValues((current) => ({ ...current, [key]: value }));

  // The file holds what the table shows: the rows its search matches.
  const shown = useShownExport(
    data?.users,
    CSV_FILE_BASES.users,
    [values.year, values.status, values.role, values.hasNoShows && `noshows-${values.hasNoShows}`],
    data && userCsvColumns(data.year),
  );

  const failed = report.isError && !data;

  return (
    <Stack gap="lg">
      <ReportPageHeader
        title={REPORT_TEXTS.usersTitle}
        description={REPORT_TEXTS.usersDescription}
        actions={<ExportShownButton shown={shown} />}
      />
      <FilterBar
        fields={[
          yearFilter(values.year, years, set('year'), false),
          {
            key: 'status',
            label: 'Status',
            value: values.status,
            options: [
              { value: '', label: REPORT_TEXTS.allStatuses },
              ...USER_REPORT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
            ],
            onChange: set('status'),
          },
          {
            key: 'role',
            label: 'Role',
            value: values.role,
            options: [
              { value: '', label: REPORT_TEXTS.allRoles },
              ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
            ],
            onChange: set('role'),
          },
          {
            key: 'hasNoShows',
            label: ATTENDANCE_REPORT_TEXTS.hasNoShows,
            value: values.hasNoShows,
            options: [
              { value: '', label: ATTENDANCE_REPORT_TEXTS.any },
              { value: 'true', label: ATTENDANCE_REPORT_TEXTS.yes },
              { value: 'false', label: ATTENDANCE_REPORT_TEXTS.no },
            ],
            onChange: set('hasNoShows'),
          },
        ]}
      />
      {!failed && (
        <ReportCounts
          label="User counts"
          figures={[
            { key: 'total', label: 'Total', value: data?.counts.total },
            {
              key: 'active',
              label: 'Active',
              value: data?.counts.active,
              hint: `Registered for ${values.year}`,
            },
            { key: 'inactive', label: 'Inactive', value: data?.counts.inactive, hint: 'Not registered' },
          ]}
        />
      )}
      <ReportTable
        data={data?.users}
        columns={columns}
        caption={REPORT_TEXTS.usersCaption}
        getRowId={(row) => row.id}
        isLoading={report.isFetching}
        loadingText={REPORT_TEXTS.usersLoading}
        error={failed ? REPORT_MESSAGES.fetchUsersFailed : null}
        onRetry={() => void report.refetch()}
        emptyText={REPORT_MESSAGES.noUsers}
        pageSize={false}
        groupableColumns={['role', 'active', 'registration']}
        minWidth={1120}
        onSearchResult={shown.onSearchResult}
      />
    </Stack>
  );
}
