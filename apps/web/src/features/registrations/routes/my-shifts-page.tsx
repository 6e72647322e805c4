import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  canJoinShiftWaitlist,
  currentRegistration,
  isRegistrationOpenFor,
  REGISTRATION_TEXTS,
  SHIFT_WAITLIST_TEXTS,
} from '@camp/shared/rules';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../auth';
import { usePublicConfig } from '../../config';
import { AvailableShifts, DayRows, openJobsQueryOptions, ShiftRow, type ShiftListJob } from '../../work';
import { myRegistrationsQueryOptions } from '../api/get-my-registrations';
import { useMyShiftWaits } from '../api/shift-waits';
import { ShiftLineControl, shiftWaitJob } from '../components/shift-waitlist';
import { SectionCard } from '../../../components/section-card';
import { CalendarLinks, DownloadShiftIcs } from '../components/calendar-links';

/** A section of /shifts: a card under its level-2 heading. */
const PageSection = (props: { id: string; title: string; children: ReactNode }) => (
  <SectionCard order={2} gap="md" shadow="xs" {...props} />
);

/**
 * /shifts on real data: the person's own shifts this year first, as a compact schedule by day; then the other
 * shifts, filterable by day, job type and location, by day in collapsible groups, with spots left. With a
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
  const mineIds = new Set(mine.map((job) => job.id));
  const others = (jobs.data ?? []).filter((job) => !mineIds.has(job.id));
  // The lines are read only for someone who can be in one: a registration of the year.
  const waits = useMyShiftWaits({ enabled: current !== undefined });
  const waitByJob = new Map((waits.data ?? []).map((wait) => [wait.job.id, wait]));

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
        ) : mine.length === 0 ? (
          <Text c="dimmed">{REGISTRATION_TEXTS.noShiftsAssigned}</Text>
        ) : (
          <DayRows
            jobs={mine}
            headingOrder={3}
            renderRow={(job) => (
              <ShiftRow
                key={job.id}
                job={job}
                underDay
                showCategory
                showPlaces={false}
                action={config.openingSunday ? <DownloadShiftIcs job={job} /> : undefined}
              />
            )}
          />
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
              }
            />
          </>
        )}
      </PageSection>
    </Stack>
  );
}
