import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { REGISTRATION_TEXTS, SHIFT_CHANGE_TEXTS } from '@camp/shared/rules';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ShiftFilters } from './shift-filters';
import { CollapsibleGroups, ShiftList, useOpenGroups } from './shift-groups';
import {
  filterShifts,
  groupByDay,
  NO_FILTER,
  placesOf,
  shiftsWord,
  type ShiftFilter,
  type ShiftListJob,
} from './shift-list-model';
import { ShiftRow } from './shift-row';
import { useEventCalendar } from '../../../config';

const withSpotsLeft = (jobs: readonly ShiftListJob[]) =>
  jobs.filter((job) => (placesOf(job)?.left ?? 0) > 0).length;

/**
 * The other shifts, filtered, by day: collapsible days (a short list starts all open), spots left shown; a row may
 * carry a control of its own (`renderAction`: the shift's waitlist on /shifts).
 */
export function AvailableShifts<T extends ShiftListJob>({
  jobs,
  renderAction,
}: {
  jobs: readonly T[];
  renderAction?: (job: T) => ReactNode;
}) {
  const [filter, setFilter] = useState<ShiftFilter>(NO_FILTER);
  // "Only with free places" (docs/product.md §11): the shifts one could take now.
  const [freeOnly, setFreeOnly] = useState(false);
  const shown = filterShifts(jobs, filter).filter((job) => !freeOnly || (placesOf(job)?.left ?? 0) > 0);
  const calendar = useEventCalendar();
  const days = groupByDay(shown, calendar);
  const [open, setOpen] = useOpenGroups(
    days,
    `${filter.day}|${filter.categoryId}|${filter.location}|${freeOnly}`,
  );
  const filtered = Object.values(filter).some(Boolean) || freeOnly;
  return (
    <>
      <ShiftFilters
        jobs={jobs}
        value={filter}
        onChange={setFilter}
        show={['day', 'categoryId', 'location']}
      />
      <Checkbox
        label={SHIFT_CHANGE_TEXTS.onlyFree}
        checked={freeOnly}
        onChange={(event) => setFreeOnly(event.currentTarget.checked)}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" role="status">
          {shown.length === 0
            ? REGISTRATION_TEXTS.noAvailableShifts
            : `${shiftsWord(shown.length)}, ${withSpotsLeft(shown)} with spots left`}
        </Text>
        {filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setFilter(NO_FILTER);
              setFreeOnly(false);
            }}
          >
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
                  <ShiftRow key={job.id} job={job} underDay showCategory action={renderAction?.(job)} />
                ))}
              </ShiftList>
            ),
          }))}
        />
      )}
    </>
  );
}
