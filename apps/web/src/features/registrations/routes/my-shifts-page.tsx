import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { currentRegistration, REGISTRATION_TEXTS } from '@camp/shared/rules';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { usePublicConfig } from '../../config';
import {
  CollapsibleGroups,
  jobsQueryOptions,
  DayRows,
  filterShifts,
  groupByDay,
  NO_FILTER,
  placesOf,
  ShiftFilters,
  ShiftList,
  ShiftRow,
  shiftsWord,
  useOpenGroups,
  type ShiftFilter,
  type ShiftListJob,
} from '../../work';
import { myRegistrationsQueryOptions } from '../api/get-my-registrations';

const withSpotsLeft = (jobs: readonly ShiftListJob[]) =>
  jobs.filter((job) => (placesOf(job)?.left ?? 0) > 0).length;

function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="md">
        <Title order={2} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The other shifts, filtered, by day: collapsible days (a short list starts all open), spots left shown. */
function AvailableShifts({ jobs }: { jobs: readonly ShiftListJob[] }) {
  const [filter, setFilter] = useState<ShiftFilter>(NO_FILTER);
  const shown = filterShifts(jobs, filter);
  const days = groupByDay(shown);
  const [open, setOpen] = useOpenGroups(days, `${filter.day}|${filter.categoryId}|${filter.location}`);
  const filtered = Object.values(filter).some(Boolean);
  return (
    <>
      <ShiftFilters
        jobs={jobs}
        value={filter}
        onChange={setFilter}
        show={['day', 'categoryId', 'location']}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" role="status">
          {shown.length === 0
            ? REGISTRATION_TEXTS.noAvailableShifts
            : `${shiftsWord(shown.length)}, ${withSpotsLeft(shown)} with spots left`}
        </Text>
        {filtered && (
          <Button variant="subtle" size="compact-sm" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </Button>
        )}
      </Group>
      {days.length > 0 && (
        <CollapsibleGroups
          headingOrder={3}
          open={open}
          onOpenChange={setOpen}
          groups={days.map((day) => ({
            key: day.key,
            label: day.label,
            counts: `${shiftsWord(day.items.length)} · ${withSpotsLeft(day.items)} with spots left`,
            content: (
              <ShiftList>
                {day.items.map((job) => (
                  <ShiftRow key={job.id} job={job} underDay showCategory />
                ))}
              </ShiftList>
            ),
          }))}
        />
      )}
    </>
  );
}

/**
 * /shifts on real data: the person's own shifts this year first, as a compact schedule by day; then the other
 * shifts, filterable by day, job type and location, by day in collapsible groups, with spots left.
 */
export default function MyShiftsPage() {
  const { config } = usePublicConfig();
  const registrations = useQuery(myRegistrationsQueryOptions());
  const jobs = useQuery(jobsQueryOptions());

  const current = registrations.data
    ? currentRegistration(registrations.data, config.registrationYear)
    : undefined;
  const mine: ShiftListJob[] = (current?.jobs ?? []).map(({ job }) => job);
  const mineIds = new Set(mine.map((job) => job.id));
  const others = (jobs.data ?? []).filter((job) => !mineIds.has(job.id));

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
            renderRow={(job) => <ShiftRow key={job.id} job={job} underDay showCategory showPlaces={false} />}
          />
        )}
      </PageSection>
      <PageSection id="available-shifts" title="Available Shifts">
        {jobs.isPending ? (
          <PageLoader label="Loading shifts..." />
        ) : jobs.isError ? (
          <LoadFailedAlert title={REGISTRATION_TEXTS.fetchJobsFailed} onRetry={() => void jobs.refetch()} />
        ) : (
          <AvailableShifts jobs={others} />
        )}
      </PageSection>
    </Stack>
  );
}
