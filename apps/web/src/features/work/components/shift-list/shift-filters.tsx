import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useEventCalendar } from '../../../config';
import { ALL, filterChoices, type Choice, type ShiftFilter, type ShiftListJob } from './shift-list-model';

type FilterKey = keyof ShiftFilter;

const FILTERS: Record<
  FilterKey,
  { label: string; all: string; choices: keyof ReturnType<typeof filterChoices> }
> = {
  day: { label: 'Day', all: 'All days', choices: 'days' },
  categoryId: { label: 'Job type', all: 'All job types', choices: 'categories' },
  location: { label: 'Location', all: 'All locations', choices: 'locations' },
};

/** The filters of a shift list (any of day, job type, location), offering the values found in `jobs`. */
export function ShiftFilters({
  jobs,
  value,
  onChange,
  show,
}: {
  jobs: readonly ShiftListJob[];
  value: ShiftFilter;
  onChange: (filter: ShiftFilter) => void;
  show: readonly FilterKey[];
}) {
  const choices = filterChoices(jobs, useEventCalendar());
  return (
    <SimpleGrid
      cols={{ base: 1, xs: show.length }}
      spacing="sm"
      verticalSpacing="xs"
      maw={show.length === 1 ? 320 : undefined}
    >
      {show.map((key) => {
        const filter = FILTERS[key];
        const offered: Choice[] = choices[filter.choices];
        return (
          <NativeSelect
            key={key}
            label={filter.label}
            value={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
            data={[{ value: ALL, label: filter.all }, ...offered]}
          />
        );
      })}
    </SimpleGrid>
  );
}
