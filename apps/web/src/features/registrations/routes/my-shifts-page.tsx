import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  canJoinShiftWaitlist,
  currentRegistration,
  formatEventDate,
  holdsPlaces,
  isRegistrationOpenFor,
  jobSpots,
  REGISTRATION_TEXTS,
  SHIFT_CHANGE_MESSAGES,
  SHIFT_CHANGE_TEXTS,
  SHIFT_WAITLIST_TEXTS,
  shiftChangesOpen,
  shiftIsPast,
} from '@camp/shared/rules';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../auth';
import { useEventCalendar, usePublicConfig } from '../../config';
import { AvailableShifts, DayRows, openJobsQueryOptions, ShiftRow, type ShiftListJob } from '../../work';
import { myRegistrationsQueryOptions } from '../api/get-my-registrations';
import { useMyShiftWaits } from '../api/shift-waits';
import { ShiftLineControl, shiftWaitJob } from '../components/shift-waitlist';
import { SectionCard } from '../../../components/section-card';
import { CalendarLinks, DownloadShiftIcs } from '../components/calendar-links';
import {
  MyShiftChangeActions,
  ShiftChangeProblem,
  TakeShiftButton,
  useShiftChanger,
} from '../components/shift-changes';
import { AttendanceBadge } from '../components/attendance-badge';

/** A section of /shifts: a card under its level-2 heading. */
const PageSection = (props: { id: string; title: string; children: ReactNode }) => (
  <SectionCard order={2} gap="md" shadow="xs" {...props} />
);

/** Whether a job has a free place by its counters. */
const hasFreePlace = (job: ShiftListJob) =>
  job.maxRegistrations !== undefined &&
  job.currentRegistrations !== undefined &&
  jobSpots({ maxRegistrations: job.maxRegistrations, currentRegistrations: job.currentRegistrations }) > 0;

/**
 * /shifts on real data, the person's home during the event: their own shifts this year first, upcoming by day and
 * then "Past shifts"; then the other shifts, filterable by day, job type, location and free places, by day in
 * collapsible groups, with spots left. While shift changes are open (docs/product.md §11 "Changing my shifts") a
 * shift of their own that has not started can be dropped or swapped, and a shift with free places taken. With a
 * registration of the year, a full shift whose waitlist is on can be waited for from its row (docs/product.md §10).
 */
export default function MyShiftsPage() {
  const { config } = usePublicConfig();
  const { user } = useAuth();
  // Joining a line follows the registration window, as the server's rule does (its own registration aside).
  const joinOpen = isRegistrationOpenFor(config, user, []);
  const registrations = useQuery(myRegistrationsQueryOptions());
  const jobs = useQuery(openJobsQueryOptions());

  const current = registrations.data
    ? currentRegistration(registrations.data, config.registrationYear)
    : undefined;
  const mine: ShiftListJob[] = (current?.jobs ?? []).map(({ job }) => job);
  const attendanceOf = new Map((current?.jobs ?? []).map(({ job, attendance }) => [job.id, attendance]));
  const mineIds = new Set(mine.map((job) => job.id));
  const others = (jobs.data ?? []).filter((job) => !mineIds.has(job.id));
  // The lines are read only for someone who can be in one: a registration of the year.
  const waits = useMyShiftWaits({ enabled: current !== undefined });
  const waitByJob = new Map((waits.data ?? []).map((wait) => [wait.job.id, wait]));

  const calendar = useEventCalendar();
  const now = new Date();
  const holding = current !== undefined && holdsPlaces(current.status);
  const changesOpen = shiftChangesOpen(config, user, now);
  const canChange = holding && changesOpen;
  const changer = useShiftChanger();
  const upcoming = mine.filter((job) => !shiftIsPast(job.shift, calendar, config.timeZone, now, 'end'));
  const past = mine.filter((job) => shiftIsPast(job.shift, calendar, config.timeZone, now, 'end'));
  const swapChoices = others.filter(hasFreePlace);
  const myRow = (job: ShiftListJob) => {
    const droppable = canChange && !shiftIsPast(job.shift, calendar, config.timeZone, now);
    const download = config.openingSunday ? <DownloadShiftIcs job={job} /> : null;
    return (
      <ShiftRow
        key={job.id}
        job={job}
        underDay
        showCategory
        showPlaces={false}
        badge={<AttendanceBadge attendance={attendanceOf.get(job.id)} />}
        action={
          droppable ? (
            <Group gap="xs" justify="flex-end" wrap="wrap">
              {download}
              <MyShiftChangeActions
                job={job}
                swapChoices={swapChoices}
                changer={changer}
                calendar={calendar}
              />
            </Group>
          ) : (
            (download ?? undefined)
          )
        }
      />
    );
  };
  // Until when: the "Shift changes close" date while it is ahead, else as long as registration is open.
  const untilDate =
    config.shiftChangesClose &&
    shiftChangesOpen({ ...config, registrationOpen: false, earlyRegistrationOpen: false }, user, now)
      ? config.shiftChangesClose
      : null;
  const windowText = !holding
    ? null
    : !changesOpen
      ? SHIFT_CHANGE_MESSAGES.closed(config.registrationYear)
      : untilDate
        ? SHIFT_CHANGE_TEXTS.openUntil(formatEventDate(untilDate))
        : SHIFT_CHANGE_TEXTS.openWhileRegistration;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <PageSection id="my-shifts" title="My Assigned Shifts">
        {registrations.isPending ? (
          <PageLoader label="Loading your shifts..." />
        ) : registrations.isError ? (
          <LoadFailedAlert
            title={REGISTRATION_TEXTS.fetchRegistrationsFailed}
            onRetry={() => void registrations.refetch()}
          />
        ) : (
          <>
            {windowText && <Text size="sm">{windowText}</Text>}
            <ShiftChangeProblem changer={changer} />
            {mine.length === 0 ? (
              <Text c="dimmed">{REGISTRATION_TEXTS.noShiftsAssigned}</Text>
            ) : (
              <>
                <DayRows jobs={upcoming} headingOrder={3} renderRow={myRow} />
                {past.length > 0 && (
                  <Stack gap="xs">
                    <Title order={3}>{SHIFT_CHANGE_TEXTS.pastShifts}</Title>
                    <DayRows jobs={past} headingOrder={4} renderRow={myRow} />
                  </Stack>
                )}
              </>
            )}
          </>
        )}
      </PageSection>
      <CalendarLinks />
      <PageSection id="available-shifts" title="Available Shifts">
        {jobs.isPending ? (
          <PageLoader label="Loading shifts..." />
        ) : jobs.isError ? (
          <LoadFailedAlert title={REGISTRATION_TEXTS.fetchJobsFailed} onRetry={() => void jobs.refetch()} />
        ) : (
          <>
            {waits.isError && (
              <LoadFailedAlert
                title={SHIFT_WAITLIST_TEXTS.fetchFailed}
                onRetry={() => void waits.refetch()}
              />
            )}
            <AvailableShifts
              jobs={others}
              renderAction={(job) =>
                canChange && hasFreePlace(job) ? (
                  <TakeShiftButton job={job} changer={changer} />
                ) : (
                  // Until the lines are read, no Join: the person may already be in this one.
                  waits.isSuccess && (
                    <ShiftLineControl
                      wait={waitByJob.get(job.id)}
                      canJoin={joinOpen && canJoinShiftWaitlist(job)}
                      jobId={job.id}
                      job={shiftWaitJob(job)}
                      timeZone={config.timeZone}
                    />
                  )
                )
              }
            />
          </>
        )}
      </PageSection>
    </Stack>
  );
}
