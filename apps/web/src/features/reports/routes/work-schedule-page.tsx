import '@mantine/core/styles/Badge.css';
import { ATTENDANCE_REPORT_TEXTS, isFull, jobCapacity, shiftTimeRange } from '@camp/shared/rules';
import { REPORT_MESSAGES } from '@camp/shared/reports';
import type { WorkScheduleShift } from '@camp/shared/work';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { FilterBar, yearFilter } from '../../../components/filter-bar';
import { useEventCalendar, usePublicConfig } from '../../config';
import { useWorkSchedule } from '../api/get-work-schedule';
import { ExportCsvButton } from '../components/export-button';
import { ReportPageHeader } from '../components/report-page-header';
import classes from '../components/reports.module.css';
import scheduleClasses from '../components/work-schedule.module.css';
import { csvFileName, exportCsv } from '../csv';
import { personName, reportYears } from '../report-format';
import { CSV_FILE_BASES, REPORT_TEXTS } from '../report-texts';
import { groupScheduleByDay, scheduleCsvColumnsFor, scheduleCsvRows } from '../work-schedule';

type Job = WorkScheduleShift['jobs'][number];

function JobItem({ job }: { job: Job }) {
  const taken = job.registrations.length;
  const full = isFull(jobCapacity(job.maxRegistrations), taken);
  return (
    <li className={scheduleClasses.job}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} className={classes.wrap}>
          <Text fw={600} size="sm">
            {job.name}
          </Text>
          {job.location && (
            <Text size="xs" c="dimmed">
              {job.location}
            </Text>
          )}
        </Stack>
        {/* A full job in the theme's dusk (white on #7f3f90, 7:1); Mantine's teal under white was 2.55:1. */}
        <Badge
          color={full ? 'dusk' : 'gray'}
          variant={full ? 'filled' : 'light'}
          autoContrast
          tt="none"
          style={{ flexShrink: 0, '--badge-color': full ? undefined : 'var(--mantine-color-black)' }}
          aria-label={`${taken} of ${job.maxRegistrations} places taken`}
        >
          {taken} / {job.maxRegistrations}
        </Badge>
      </Group>
      {(job.shows > 0 || job.noShows > 0) && (
        // Check-in marks of the registration year (docs/product.md §11 Check-in).
        <Text size="xs" mt={4}>
          {ATTENDANCE_REPORT_TEXTS.showed}: {job.shows} · {ATTENDANCE_REPORT_TEXTS.noShow}: {job.noShows}
        </Text>
      )}
      {taken === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          Nobody yet
        </Text>
      ) : (
        <ul className={scheduleClasses.people}>
          {job.registrations.map((registration) => (
            <li key={`${registration.id}-${registration.user.id}`}>
              <Text size="sm" span>
                {personName(registration.user)}
              </Text>
              {registration.user.playaName && (
                <Text size="sm" span c="dimmed">
                  {' '}
                  “{registration.user.playaName}”
                </Text>
              )}
              <Text size="xs" span c="dimmed">
                {' '}
                · {registration.user.email}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ShiftCard({ shift }: { shift: WorkScheduleShift }) {
  const headingId = `shift-${shift.id}`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      className={scheduleClasses.shift}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
          <Title order={4} id={headingId} className={classes.wrap}>
            {shift.name}
          </Title>
          <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {shiftTimeRange(shift)}
          </Text>
        </Group>
        {shift.jobs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No jobs on this shift.
          </Text>
        ) : (
          <ul className={scheduleClasses.jobs} aria-label={`Jobs of ${shift.name}`}>
            {shift.jobs.map((job) => (
              <JobItem key={job.id} job={job} />
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /reports/work-schedule (docs/product.md §2, §3): the year's shifts grouped by day in the festival's order, each with its
 * time, its jobs with places taken of the maximum and the people on them; Print (a print view for A4 or
 * Letter) and Export to CSV.
 */
export default function WorkSchedulePage() {
  const { config } = usePublicConfig();
  const [year, setYear] = useState(String(config.registrationYear));
  const schedule = useWorkSchedule(Number(year));
  const data = schedule.data;
  // The event's dates are the registration year's: an earlier year's schedule keeps its days only.
  const eventCalendar = useEventCalendar();
  const calendar = Number(year) === config.registrationYear ? eventCalendar : null;
  const days = data ? groupScheduleByDay(data, calendar) : [];
  const years = reportYears(config.registrationYear);
  if (!years.includes(Number(year))) years.unshift(Number(year));

  const onExport = () => {
    if (!data) return;
    exportCsv(
      csvFileName(CSV_FILE_BASES.workSchedule, [year]),
      scheduleCsvRows(data),
      scheduleCsvColumnsFor(calendar),
    );
  };

  const failed = schedule.isError && !data;
  const empty = !!data && days.length === 0;

  let body;
  if (failed) {
    body = (
      <LoadFailedAlert
        title={REPORT_MESSAGES.fetchScheduleFailed}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  } else if (!data) {
    body = <PageLoader label={REPORT_TEXTS.scheduleLoading} />;
  } else if (empty) {
    body = (
      <Paper withBorder radius="md" p="lg" ta="center">
        <Title order={3} size="h4">
          {REPORT_MESSAGES.noSchedule}
        </Title>
        <Text c="dimmed" mt={4}>
          {REPORT_TEXTS.scheduleEmptyDetail}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="xl" aria-busy={schedule.isFetching || undefined}>
        {days.map((day) => (
          <section key={day.day} aria-labelledby={`day-${day.day}`} className={scheduleClasses.day}>
            <Title order={3} id={`day-${day.day}`} mb="sm" className={scheduleClasses.dayTitle}>
              {day.label}
            </Title>
            <Stack gap="md">
              {day.shifts.map((shift) => (
                <ShiftCard key={shift.id} shift={shift} />
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ReportPageHeader
        title={REPORT_TEXTS.scheduleTitle}
        description={REPORT_TEXTS.scheduleDescription}
        actions={
          <>
            <Button variant="default" onClick={() => window.print()} disabled={!data || empty}>
              {REPORT_TEXTS.print}
            </Button>
            <ExportCsvButton onExport={onExport} disabled={!data || empty} />
          </>
        }
      />
      <div className={classes.noPrint}>
        <FilterBar fields={[yearFilter(year, years, setYear, false)]} />
      </div>
      <Text className={classes.printOnly} fw={600}>
        {REPORT_TEXTS.scheduleTitle} {year}
      </Text>
      {body}
    </Stack>
  );
}
