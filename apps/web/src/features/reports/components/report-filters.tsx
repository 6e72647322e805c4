import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import classes from './reports.module.css';

export interface FilterSelect {
  key: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A report's filters: labelled native selects ('' is "all"), two to a row on a phone. */
export function ReportFilters({ selects }: { selects: readonly FilterSelect[] }) {
  return (
    <section aria-label="Filters">
      <SimpleGrid
        cols={{ base: 2, sm: Math.min(selects.length, 4) }}
        spacing="sm"
        verticalSpacing="xs"
        className={classes.filters}
        maw={selects.length === 1 ? 280 : undefined}
      >
        {selects.map((select) => (
          <NativeSelect
            key={select.key}
            label={select.label}
            data={select.options.map((option) => ({ ...option }))}
            value={select.value}
            onChange={(event) => select.onChange(event.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}
