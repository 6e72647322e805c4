import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
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
  opened: boolean;
  /** The dialog's name, e.g. 'Work shifts of Dusty Rhodes'. */
  title: string;
  /** Above the list, e.g. why it is short. */
  note?: ReactNode;
  /** Done: the ticked jobs. */
  onApply: (jobIds: string[]) => void;
  /** Cancel, Escape or the close button: nothing changes. */
  onClose: () => void;
}

/**
 * The admin's shift picker: a dialog (full-screen on a phone) with a filter box, the registration's shifts
 * first and every other shift under its day, each with its places; a full shift can be ticked only when the
 * registration already holds it. The ticks are a draft: Done hands them to the edit form, Cancel drops them.
 * Keyboard: the filter box has the focus first; Tab walks the checkboxes, Space ticks, Escape cancels.
 */
export function ShiftPicker({ opened, title, note, onApply, onClose, ...list }: ShiftPickerProps) {
  const fullScreen = useMediaQuery(PICKER_FULL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={fullScreen}
      centered
      returnFocus
      trapFocus
      classNames={{ content: classes.content, body: classes.body }}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="presentation">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {/* Mounted on each opening (the modal unmounts its body when closed): the draft starts afresh. */}
          <PickerBody {...list} note={note} onApply={onApply} onClose={onClose} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function PickerBody({
  jobs,
  heldIds,
  selected,
  note,
  onApply,
  onClose,
}: PickerListProps & Pick<ShiftPickerProps, 'note' | 'onApply' | 'onClose'>) {
  const [draft, setDraft] = useState<string[]>(() => [...selected]);
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
    <>
      <Stack gap={4} className={classes.top}>
        <TextInput
          type="search"
          label={TEXTS.filterLabel}
          description={TEXTS.filterDescription}
          data-autofocus
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {note}
      </Stack>
      <div className={classes.scroll} role="region" aria-label="Shifts">
        {sections.matching === 0 ? (
          <Text c="dimmed" py="md" role="status">
            {filtering ? TEXTS.noMatch(query) : TEXTS.noShifts}
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
    </>
  );
}

export interface ShiftsFieldProps extends PickerListProps {
  /** The picker's title. */
  pickerTitle: string;
  onChange: (jobIds: string[]) => void;
  /** Called when the picker opens or closes (the edit dialog must not close on the picker's Escape). */
  onPickingChange: (picking: boolean) => void;
  picking: boolean;
  /** A message under the list; `true` only marks it invalid. */
  error?: string | true;
  note?: ReactNode;
}

/**
 * The edit form's work shifts: the chosen ones as a short list with their count, and a button that opens the
 * picker to change them.
 */
export function ShiftsField({
  jobs,
  heldIds,
  selected,
  pickerTitle,
  onChange,
  onPickingChange,
  picking,
  error,
  note,
}: ShiftsFieldProps) {
  const headingId = useId();
  const errorId = useId();
  const chosen = chosenJobs(jobs, selected);
  const message = typeof error === 'string' ? error : undefined;
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
        <Button variant="default" size="xs" aria-haspopup="dialog" onClick={() => onPickingChange(true)}>
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
      <ShiftPicker
        opened={picking}
        title={pickerTitle}
        jobs={jobs}
        heldIds={heldIds}
        selected={selected}
        note={note}
        onApply={(ids) => {
          onChange(ids);
          onPickingChange(false);
        }}
        onClose={() => onPickingChange(false)}
      />
    </section>
  );
}
