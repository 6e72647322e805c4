import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Badge.css';
import { Checkbox, Fieldset, Paper, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { ChoiceLabel } from '../../../components/choice-label';
import classes from './choice-list.module.css';

/** One thing that can be chosen: a job or a camping option, with its free places. */
export interface Choice {
  id: string;
  label: string;
  /** E.g. 'Gate · Monday 09:00–12:00 · 3 of 10 places left'. */
  detail: string;
  /** A badge after the label, e.g. 'Full'. */
  badge?: string;
  /** Cannot be ticked (full or disabled, and not held by this registration). */
  disabled: boolean;
}

export interface ChoiceListProps {
  legend: string;
  choices: readonly Choice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** A message under the list; `true` only marks it invalid. */
  error?: string | true;
  /** A note above the list (e.g. why the list is short). */
  note?: ReactNode;
  emptyText: string;
}

/**
 * A multi-select as a list of checkboxes under a legend: each item with its free places, full ones marked and
 * disabled unless already chosen. Keyboard: Tab to an item, Space to tick it.
 */
export function ChoiceList({ legend, choices, selected, onChange, error, note, emptyText }: ChoiceListProps) {
  const errorId = useId();
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((item) => item !== id));
  return (
    <Fieldset
      legend={`${legend} (${selected.length} selected)`}
      variant="unstyled"
      aria-describedby={typeof error === 'string' ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <Stack gap="xs">
        {note}
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Stack gap={6} className={classes.list}>
            {choices.map((choice) => (
              <Paper
                key={choice.id}
                withBorder
                radius="sm"
                className={classes.item}
                data-disabled={choice.disabled || undefined}
              >
                <Checkbox
                  checked={selected.includes(choice.id)}
                  disabled={choice.disabled}
                  onChange={(event) => toggle(choice.id, event.currentTarget.checked)}
                  label={<ChoiceLabel name={choice.label} badge={choice.badge} badgeSize="sm" />}
                  description={choice.detail}
                />
              </Paper>
            ))}
          </Stack>
        )}
        {typeof error === 'string' && (
          <Text id={errorId} size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
