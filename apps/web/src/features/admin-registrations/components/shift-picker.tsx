import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DayRows, ShiftList, ShiftRow } from '../../work';
import { MANAGE_REGISTRATIONS_TEXTS as TEXTS } from '../admin-registration-texts';
import { chosenJobs, isPickable, pickerSections, type PickerJob } from '../shift-picker-model';
import classes from './shift-picker.module.css';

/** Below this width the picker fills the screen (the app's phone breakpoint). */
export const PICKER_FULL_SCREEN_QUERY = '(max-width: 47.99em)';

interface PickerListProps {
  jobs: readonly PickerJob[];
  heldIds: ReadonlySet<string>;
  selected: readonly string[];
}

export interface ShiftPickerProps extends PickerListProps {
  /** Above the list, e.g. why it is short. */
  note?: ReactNode;
  /** Done: the ticked jobs. */
  onApply: (jobIds: string[]) => void;
  /** Cancel or Escape: nothing changes. */
  onClose: () => void;
}

/** The edit dialog's classes while it shows the picker: as tall as the window allows, only the list scrolls. */
export const PICKER_DIALOG_CLASSES = { content: classes.content, body: classes.body };

/**
 * The admin's shift picker, shown in the edit dialog in place of the form (one dialog at a time; full-screen
 * on a phone): a filter box, the registration's shifts first and every other shift under its day, each with
 * its places; a full shift can be ticked only when the registration already holds it. The ticks are a draft:
 * Done hands them to the form, Cancel and Escape drop them. Keyboard: the filter box has the focus first; Tab
 * walks the checkboxes, Space ticks.
 */
export function ShiftPicker({ jobs, heldIds, selected, note, onApply, onClose }: ShiftPickerProps) {
  const [draft, setDraft] = useState<string[]>(() => [...selected]);
  const filterRef = useRef<HTMLInputElement>(null);
  // The form this replaces held the focus: it moves to the filter box.
  useEffect(() => filterRef.current?.focus(), []);
  const escape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const [query, setQuery] = useState('');
  const sections = pickerSections(jobs, heldIds, query);
  const filtering = query.trim() !== '';
  const countId = useId();
  const toggle = (id: string, checked: boolean) =>
    setDraft((current) => (checked ? [...current, id] : current.filter((item) => item !== id)));
  const row = (job: PickerJob, underDay: boolean) => (
    <ShiftRow
      key={job.id}
      job={job}
      underDay={underDay}
      showCategory
      selection={{
        checked: draft.includes(job.id),
        disabled: !isPickable(job, heldIds),
        onChange: (checked) => toggle(job.id, checked),
      }}
    />
  );

  return (
    <div className={classes.panel} onKeyDown={escape}>
      <Stack gap={4} className={classes.top}>
        <TextInput
          ref={filterRef}
          type="search"
          label={TEXTS.filterLabel}
          description={TEXTS.filterDescription}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {note}
      </Stack>
      <div className={classes.scroll} role="region" aria-label="Shifts">
        {sections.matching === 0 ? (
          <Text c="dimmed" py="md" role="status">
            {filtering ? TEXTS.noMatch(query) : TEXTS.noJobs}
          </Text>
        ) : (
          <Stack gap="sm">
            {sections.assigned.length > 0 && (
              <section aria-labelledby={`${countId}-assigned`}>
                <h3 id={`${countId}-assigned`} className={classes.heading}>
                  {TEXTS.assignedHeading}
                </h3>
                <ShiftList>{sections.assigned.map((job) => row(job, false))}</ShiftList>
              </section>
            )}
            {sections.days.length > 0 && (
              <section aria-labelledby={`${countId}-other`}>
                <h3 id={`${countId}-other`} className={classes.heading}>
                  {heldIds.size > 0 ? TEXTS.otherHeading : TEXTS.allHeading}
                </h3>
                <DayRows
                  jobs={sections.days.flatMap((day) => day.items)}
                  headingOrder={4}
                  renderRow={(job) => row(job, true)}
                />
              </section>
            )}
          </Stack>
        )}
      </div>
      <div className={classes.footer}>
        <div id={countId} aria-live="polite" className={classes.counts}>
          <Text fw={700} size="sm">
            {TEXTS.selectedCount(draft.length)}
          </Text>
          {filtering && (
            <Text size="sm" c="dimmed">
              {TEXTS.shown(sections.matching, jobs.length)}
            </Text>
          )}
        </div>
        <Group gap="sm" justify="flex-end" className={classes.actions}>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onApply(draft)}>{TEXTS.pickerDone}</Button>
        </Group>
      </div>
    </div>
  );
}

export interface ShiftsFieldProps {
  jobs: readonly PickerJob[];
  selected: readonly string[];
  /** Opens the picker. */
  onChoose: () => void;
  /** Each time this grows (the picker closed), the focus goes back to the button that opened it. */
  focusKey?: number;
  /** A message under the list; `true` only marks it invalid. */
  error?: string | true;
  note?: ReactNode;
}

/**
 * The edit form's work shifts: the chosen ones as a short list with their count, and a button that opens the
 * picker to change them.
 */
export function ShiftsField({ jobs, selected, onChoose, focusKey = 0, error, note }: ShiftsFieldProps) {
  const headingId = useId();
  const errorId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const chosen = chosenJobs(jobs, selected);
  const message = typeof error === 'string' ? error : undefined;
  useEffect(() => {
    if (focusKey > 0) button.current?.focus();
  }, [focusKey]);
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={message ? errorId : undefined}
      className={classes.field}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={headingId} fw={500} size="sm" component="h3" className={classes.fieldHeading}>
          {TEXTS.shiftsLegend} ({TEXTS.selectedCount(selected.length)})
        </Text>
        <Button ref={button} variant="default" size="xs" onClick={onChoose}>
          {TEXTS.chooseShifts}
        </Button>
      </Group>
      {note}
      {chosen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.noShifts}
        </Text>
      ) : (
        <ShiftList>
          {chosen.map((job) => (
            <ShiftRow key={job.id} job={job} showCategory showPlaces={false} />
          ))}
        </ShiftList>
      )}
      {message && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </section>
  );
}
