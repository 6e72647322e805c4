import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  type Attendance,
  ATTENDANCE_LABELS,
  CHECK_IN_TEXTS,
  checkInName,
  checkInNameMatches,
  formatDateTime,
} from '@camp/shared/rules';
import type { CheckInPerson, CheckInShiftDetail } from '@camp/shared/check-in';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useMemo, useState } from 'react';
import { FigureGrid } from '../../../components/figure-grid';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { failureDetail } from '../../../lib/api-client';
import { useEventCalendar, usePublicConfig } from '../../config';
import { useCheckInShift, useCheckInShifts, useMarkAttendance } from '../api/check-in';
import { checkInDays, checkInShiftOption, defaultCheckInShift } from '../check-in-model';

// /check-in (docs/product.md §11 Check-in, decision 058): staff and admins, phone first.

// The darkest shades: 4.5:1 or more for the outline's text on white and for white on the filled button (axe),
// hovered too (Mantine's filled hover is a lighter shade: kept at the darkest).
const BUTTON_COLORS: Record<Attendance, string> = { SHOWED: 'teal', NO_SHOW: 'red' };
const darkest = (attendance: Attendance) => `var(--mantine-color-${BUTTON_COLORS[attendance]}-9)`;

/** One person on one job: their name, who marked them, and the two toggles. */
function PersonRow({
  person,
  timeZone,
  onMark,
}: {
  person: CheckInPerson;
  timeZone: string;
  onMark: (attendance: Attendance | null) => void;
}) {
  const nameId = useId();
  const name = checkInName(person);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <div>
          <Text id={nameId} fw={600}>
            {name}
          </Text>
          {person.attendance && person.attendanceBy && person.attendanceAt && (
            <Text size="xs" c="dimmed">
              {CHECK_IN_TEXTS.markedBy(person.attendanceBy, formatDateTime(person.attendanceAt, timeZone))}
            </Text>
          )}
        </div>
        <Group role="group" aria-labelledby={nameId} grow gap="xs">
          {(['SHOWED', 'NO_SHOW'] as const).map((attendance) => {
            const pressed = person.attendance === attendance;
            return (
              <Button
                key={attendance}
                size="lg"
                color={`${BUTTON_COLORS[attendance]}.9`}
                variant={pressed ? 'filled' : 'outline'}
                style={pressed ? { '--button-hover': darkest(attendance) } : undefined}
                aria-pressed={pressed}
                onClick={() => onMark(pressed ? null : attendance)}
              >
                {ATTENDANCE_LABELS[attendance]}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}

function ShiftPeople({ detail, shiftId }: { detail: CheckInShiftDetail; shiftId: string }) {
  const { config } = usePublicConfig();
  const [filter, setFilter] = useState('');
  const mark = useMarkAttendance(shiftId, (error) =>
    notifications.show({
      color: 'red',
      title: CHECK_IN_TEXTS.markFailed,
      message: failureDetail(error) ?? CHECK_IN_TEXTS.markFailed,
      closeButtonProps: { 'aria-label': 'Close notification' },
    }),
  );
  const counts = detail.shift.counts;
  const shown = detail.people.filter((person) => checkInNameMatches(person, filter));
  return (
    <Stack gap="md">
      <FigureGrid
        cols={{ base: 2, sm: 4 }}
        figures={[
          { key: 'people', label: CHECK_IN_TEXTS.people, value: counts.people },
          { key: 'shows', label: CHECK_IN_TEXTS.showedCount, value: counts.shows },
          { key: 'no-shows', label: CHECK_IN_TEXTS.noShowCount, value: counts.noShows },
          { key: 'unmarked', label: CHECK_IN_TEXTS.unmarkedCount, value: counts.unmarked },
        ]}
      />
      {detail.people.length === 0 ? (
        <Text>{CHECK_IN_TEXTS.empty}</Text>
      ) : (
        <>
          <TextInput
            label={CHECK_IN_TEXTS.filterLabel}
            placeholder={CHECK_IN_TEXTS.filterPlaceholder}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
          {shown.length === 0 && <Text>{CHECK_IN_TEXTS.noMatch}</Text>}
          {detail.jobs.map((job) => {
            const people = shown.filter((person) => person.job.id === job.id);
            if (people.length === 0) return null;
            return (
              <Stack key={job.id} gap="xs" component="section" aria-label={job.name}>
                <Title order={3} size="h4">
                  {job.name}
                  {job.location && (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {' '}
                      · {job.location}
                    </Text>
                  )}
                </Title>
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {people.map((person) => (
                    <PersonRow
                      key={person.id}
                      person={person}
                      timeZone={config.timeZone}
                      onMark={(attendance) => mark.mutate({ personId: person.id, attendance })}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </>
      )}
    </Stack>
  );
}

export default function CheckInPage() {
  const calendar = useEventCalendar();
  const shifts = useCheckInShifts();
  const [picked, setPicked] = useState<string | null>(null);
  const list = shifts.data?.shifts;
  const fallback = useMemo(() => (list ? (defaultCheckInShift(list, new Date())?.id ?? null) : null), [list]);
  const shiftId = picked ?? fallback;
  const detail = useCheckInShift(shiftId);
  const days = useMemo(() => checkInDays(list ?? [], calendar), [list, calendar]);

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <div>
        <Title order={2}>{CHECK_IN_TEXTS.title}</Title>
        <Text c="dimmed">{CHECK_IN_TEXTS.intro}</Text>
      </div>
      {shifts.isPending ? (
        <PageLoader label={CHECK_IN_TEXTS.loading} />
      ) : shifts.isError ? (
        <LoadFailedAlert title={CHECK_IN_TEXTS.loadFailed} onRetry={() => void shifts.refetch()} />
      ) : days.length === 0 ? (
        <Text>{CHECK_IN_TEXTS.noShifts}</Text>
      ) : (
        <>
          <NativeSelect
            label={CHECK_IN_TEXTS.shiftLabel}
            size="md"
            value={shiftId ?? ''}
            onChange={(event) => setPicked(event.currentTarget.value)}
            data={days.map((day) => ({
              group: day.label,
              items: day.shifts.map((shift) => ({ value: shift.id, label: checkInShiftOption(shift) })),
            }))}
          />
          {detail.isPending ? (
            <PageLoader label={CHECK_IN_TEXTS.loading} />
          ) : detail.isError ? (
            <LoadFailedAlert title={CHECK_IN_TEXTS.loadFailed} onRetry={() => void detail.refetch()} />
          ) : (
            shiftId && <ShiftPeople key={shiftId} detail={detail.data} shiftId={shiftId} />
          )}
        </>
      )}
    </Stack>
  );
}
