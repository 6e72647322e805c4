import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  compareShifts,
  currentRegistration,
  dayLabel,
  dayOrder,
  jobSpots,
  shiftWhenText,
  REGISTRATION_TEXTS,
} from '@camp/shared/rules';
import type { Job } from '@camp/shared/work';
import { Badge, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { usePublicConfig } from '../../config';
import { myRegistrationsQueryOptions } from '../../registrations';
import { jobsQueryOptions } from '../api/get-jobs';
import classes from './my-shifts-page.module.css';

const ALL = '';

interface ShiftRow {
  key: string;
  name: string;
  category: string;
  location: string;
  shift: Job['shift'];
  description: string | null;
  spots?: { left: number; max: number };
}

function byWhen(a: ShiftRow, b: ShiftRow) {
  return compareShifts(a.shift, b.shift) || a.name.localeCompare(b.name);
}

function ShiftCard({ row }: { row: ShiftRow }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{row.name}</Text>
        {row.spots &&
          (row.spots.left <= 0 ? (
            <Badge color="gray" variant="filled" autoContrast>
              Full
            </Badge>
          ) : (
            <Badge color="teal" variant="filled" autoContrast>
              {row.spots.left} of {row.spots.max} spots left
            </Badge>
          ))}
      </Group>
      <Text size="sm">{shiftWhenText(row.shift)}</Text>
      <Text size="sm" c="dimmed">
        {row.category} · {row.location}
      </Text>
      {row.description && <Text size="sm">{row.description}</Text>}
    </Paper>
  );
}

function rowOfJob(
  job: Pick<Job, 'id' | 'name' | 'location' | 'shift' | 'category'>,
  spots?: ShiftRow['spots'],
): ShiftRow {
  return {
    key: job.id,
    name: job.name,
    category: job.category.name,
    location: job.location,
    shift: job.shift,
    description: job.shift.description,
    spots,
  };
}

/** /shifts on real data: the person's shifts this year, and the shifts with places, filterable. */
export default function MyShiftsPage() {
  const { config } = usePublicConfig();
  const registrations = useQuery(myRegistrationsQueryOptions());
  const jobs = useQuery(jobsQueryOptions());
  const [day, setDay] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [location, setLocation] = useState(ALL);

  const current = registrations.data
    ? currentRegistration(registrations.data, config.registrationYear)
    : undefined;
  const mine = (current?.jobs ?? []).map(({ job }) => rowOfJob(job)).sort(byWhen);
  const mineIds = new Set((current?.jobs ?? []).map(({ job }) => job.id));
  const allJobs = jobs.data ?? [];
  const available = allJobs
    .filter((job) => !mineIds.has(job.id))
    .filter((job) => day === ALL || job.shift.dayOfWeek === day)
    .filter((job) => category === ALL || job.categoryId === category)
    .filter((job) => location === ALL || job.location === location)
    .map((job) => rowOfJob(job, { left: Math.max(0, jobSpots(job)), max: job.maxRegistrations }))
    .sort(byWhen);
  const days = [...new Set(allJobs.map((job) => job.shift.dayOfWeek))].sort(
    (a, b) => dayOrder(a) - dayOrder(b),
  );
  const categories = [...new Map(allJobs.map((job) => [job.categoryId, job.category.name])).entries()].sort(
    (a, b) => a[1].localeCompare(b[1]),
  );
  const locations = [...new Set(allJobs.map((job) => job.location))].sort((a, b) => a.localeCompare(b));
  const openCount = available.filter((row) => row.spots && row.spots.left > 0).length;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper
        withBorder
        radius="lg"
        shadow="xs"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="my-shifts"
      >
        <Stack gap="md">
          <Title order={2} id="my-shifts">
            My Assigned Shifts
          </Title>
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
            <Stack component="ul" gap="xs" className={classes.list}>
              {mine.map((row) => (
                <ShiftCard key={row.key} row={row} />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        shadow="xs"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="available-shifts"
      >
        <Stack gap="md">
          <Title order={2} id="available-shifts">
            Available Shifts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Day"
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
              data={[
                { value: ALL, label: 'All days' },
                ...days.map((value) => ({ value, label: dayLabel(value) })),
              ]}
            />
            <NativeSelect
              label="Job type"
              value={category}
              onChange={(event) => setCategory(event.currentTarget.value)}
              data={[
                { value: ALL, label: 'All job types' },
                ...categories.map(([value, label]) => ({ value, label })),
              ]}
            />
            <NativeSelect
              label="Location"
              value={location}
              onChange={(event) => setLocation(event.currentTarget.value)}
              data={[
                { value: ALL, label: 'All locations' },
                ...locations.map((value) => ({ value, label: value })),
              ]}
            />
          </SimpleGrid>
          {jobs.isPending ? (
            <PageLoader label="Loading shifts..." />
          ) : jobs.isError ? (
            <LoadFailedAlert title={REGISTRATION_TEXTS.fetchJobsFailed} onRetry={() => void jobs.refetch()} />
          ) : available.length === 0 ? (
            <Text c="dimmed" role="status">
              {REGISTRATION_TEXTS.noAvailableShifts}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status">
                {available.length} {available.length === 1 ? 'shift' : 'shifts'}, {openCount} with spots left
              </Text>
              <Stack component="ul" gap="xs" className={classes.list}>
                {available.map((row) => (
                  <ShiftCard key={row.key} row={row} />
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
