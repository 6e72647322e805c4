import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import classes from './filter-bar.module.css';

interface FilterFieldBase {
  /** Tells the fields apart (React key). */
  key: string;
  label: string;
  /** '' is "all" (nothing typed or chosen). */
  value: string;
  onChange: (value: string) => void;
}

/** A list to choose from; its first option is usually the "all" one with the value ''. */
export interface FilterSelect extends FilterFieldBase {
  kind?: 'select';
  options: readonly { value: string; label: string }[];
}

/** A typed search (a name, an e-mail); the screen debounces it. */
export interface FilterSearch extends FilterFieldBase {
  kind: 'search';
  placeholder?: string;
  maxLength?: number;
}

export type FilterField = FilterSelect | FilterSearch;

/**
 * The Year filter: `years` newest first as given, after an "all" option ('') named `allLabel`, or none when
 * it is false (a screen that shows one year at a time).
 */
export function yearFilter(
  value: string,
  years: readonly number[],
  onChange: (value: string) => void,
  allLabel: string | false = 'All years',
): FilterSelect {
  const options = years.map((year) => ({ value: String(year), label: String(year) }));
  return {
    key: 'year',
    label: 'Year',
    value,
    options: allLabel === false ? options : [{ value: '', label: allLabel }, ...options],
    onChange,
  };
}

export interface FilterBarProps {
  fields: readonly FilterField[];
  /** Adds a Clear all button, disabled while no field is set. */
  onClear?: () => void;
  /** For a Filters button's aria-controls. */
  id?: string;
  /** A bordered panel (one a Filters button opens and closes) rather than a bare row. */
  withBorder?: boolean;
}

function Field({ field }: { field: FilterField }) {
  if (field.kind === 'search') {
    return (
      <TextInput
        className={classes.wide}
        type="search"
        label={field.label}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        value={field.value}
        onChange={(event) => field.onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <NativeSelect
      label={field.label}
      data={field.options.map((option) => ({ ...option }))}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

/**
 * The filters above a list or report (one component for the reports, Manage Registrations and payments): a
 * region named Filters with labelled selects and search boxes, up to four to a row on a wide screen; on a
 * phone two selects to a row (an odd last one takes the row) and a search box to a row of its own; and Clear all.
 */
export function FilterBar({ fields, onClear, id, withBorder = false }: FilterBarProps) {
  const single = fields.length === 1;
  const active = fields.some((field) => field.value.trim() !== '');
  return (
    <Paper
      id={id}
      component="section"
      aria-label="Filters"
      withBorder={withBorder}
      radius="md"
      p={withBorder ? 'md' : 0}
      bg={withBorder ? undefined : 'transparent'}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid
          cols={{
            base: single ? 1 : 2,
            xs: Math.min(fields.length, 2),
            md: Math.min(fields.length, 4),
          }}
          spacing="sm"
          verticalSpacing="xs"
          className={classes.fields}
          maw={single && !onClear ? 280 : undefined}
        >
          {fields.map((field) => (
            <Field key={field.key} field={field} />
          ))}
        </SimpleGrid>
        {onClear && (
          <Button variant="default" onClick={onClear} disabled={!active}>
            Clear all
          </Button>
        )}
      </Group>
    </Paper>
  );
}
