import { SHIFT_OVERLAP_TEXTS as TEXTS } from '@camp/shared/rules';
import type { ShiftOverlapJob } from '@camp/shared/shift-overlap';
import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useShiftOverlaps } from '../api/get-shift-overlaps';

const jobText = (job: ShiftOverlapJob) => TEXTS.adminJob(job.jobName, job.shiftName, job.when);

/**
 * Admin → Shifts, "Overlapping assignments" (docs/product.md §11, decision 056): who of the registration year holds
 * two shifts that overlap in time, one entry per pair (name, then both jobs with when); a short note instead without
 * event dates. A list of cards rather than a table: it reads the same at 375 px and at 1280 px.
 */
export function OverlappingAssignments() {
  const overlaps = useShiftOverlaps();
  return (
    <Stack gap="sm" component="section" aria-labelledby="overlapping-assignments">
      <Title order={3} id="overlapping-assignments">
        {TEXTS.adminHeading}
      </Title>
      {overlaps.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            Loading overlapping assignments...
          </Text>
        </Group>
      ) : overlaps.isError ? (
        <LoadFailedAlert title={TEXTS.adminLoadFailed} onRetry={() => void overlaps.refetch()} />
      ) : !overlaps.data.datesSet ? (
        <Text size="sm" c="dimmed">
          {TEXTS.adminNoDates}
        </Text>
      ) : overlaps.data.overlaps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.adminEmpty}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {TEXTS.adminIntro}
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {overlaps.data.overlaps.map((row) => (
              <Paper
                component="li"
                withBorder
                radius="md"
                p="sm"
                key={`${row.registrationId}-${row.first.jobId}-${row.second.jobId}`}
              >
                <Text fw={700}>{row.name}</Text>
                <Text size="sm">{jobText(row.first)}</Text>
                <Text size="sm">{jobText(row.second)}</Text>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
