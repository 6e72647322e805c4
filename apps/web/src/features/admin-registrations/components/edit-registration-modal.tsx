import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import {
  ADMIN_EDIT_MESSAGES,
  EDIT_NOTES_MAX,
  personName,
  SHIFT_OVERLAP_MESSAGES,
  WAITLIST_TEXTS,
} from '@camp/shared/rules';
import type { UpdateRegistrationInput } from '@camp/shared/admin-registrations';
import type { Registration, RegistrationCampingOption } from '@camp/shared/registrations';
import { Alert, Checkbox, Group, List, Loader, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogForm, DialogShell } from '../../../components/form-modal';
import { useModalForm } from '../../../components/use-modal-form';
import { campingOptionsQueryOptions } from '../../camping-options';
import { useEventCalendar } from '../../config';
import { jobsQueryOptions } from '../../work';
import {
  EDITABLE_STATUSES,
  MANAGE_REGISTRATIONS_TEXTS as TEXTS,
  STATUS_LABELS,
} from '../admin-registration-texts';
import { useRegistrationCampingOptions } from '../api/get-registration-camping-options';
import { optionChoices } from '../edit-choices';
import { pickedOverlaps, pickerJobs } from '../shift-picker-model';
import { editChanges, editForm, editFormValues, hasEditChanges, toUpdateInput } from '../registration-forms';
import { ChoiceList } from './choice-list';
import { DialogFooter } from './dialog-footer';
import { RegistrationSummary } from './registration-summary';
import { PICKER_DIALOG_CLASSES, PICKER_FULL_SCREEN_QUERY, ShiftPicker, ShiftsField } from './shift-picker';

export interface EditRegistrationModalProps {
  registration: Registration;
  saving: boolean;
  onSave: (input: UpdateRegistrationInput) => void;
  onClose: () => void;
}

const STATUS_OPTIONS = EDITABLE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

function Loading({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/**
 * The edit of docs/product.md §5: status (Pending, Confirmed or Waitlisted), work shifts, camping options, notes and the
 * notification. It starts from the options the registration holds now (GET …/camping-options; on failure,
 * the registration's own, docs/product.md §8). Save stays disabled until the status, shifts or options change. The
 * shifts are chosen in a picker that the same dialog shows in place of the form (one dialog at a time),
 * full-screen on a phone; Escape, Cancel and the close button there go back to the form.
 */
export function EditRegistrationModal({ registration, saving, onSave, onClose }: EditRegistrationModalProps) {
  const held = useRegistrationCampingOptions(registration.id);
  const [picking, setPicking] = useState(false);
  // Each closing of the picker sends the focus back to the button that opened it.
  const [pickerClosings, setPickerClosings] = useState(0);
  const closePicker = () => {
    setPicking(false);
    setPickerClosings((count) => count + 1);
  };
  const phone = useMediaQuery(PICKER_FULL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const name = personName(registration.user);
  return (
    <DialogShell
      opened
      title={picking ? TEXTS.pickerTitle(name) : `Edit registration of ${name}`}
      saving={saving}
      onClose={picking ? closePicker : onClose}
      closeOnEscape={!picking}
      fullScreen={picking && phone}
      classNames={picking ? PICKER_DIALOG_CLASSES : undefined}
    >
      {held.isPending ? (
        <Loading text="Loading registration..." />
      ) : (
        <EditForm
          registration={registration}
          heldOptions={held.data ?? registration.campingOptions}
          saving={saving}
          onSave={onSave}
          onClose={onClose}
          picking={picking}
          pickerClosings={pickerClosings}
          onPick={() => setPicking(true)}
          onPickerClose={closePicker}
        />
      )}
    </DialogShell>
  );
}

function EditForm({
  registration,
  heldOptions,
  saving,
  onSave,
  onClose,
  picking,
  pickerClosings,
  onPick,
  onPickerClose,
}: EditRegistrationModalProps & {
  heldOptions: readonly RegistrationCampingOption[];
  picking: boolean;
  pickerClosings: number;
  onPick: () => void;
  onPickerClose: () => void;
}) {
  const [initial] = useState(() =>
    editFormValues(
      registration,
      heldOptions.map(({ campingOption }) => campingOption.id),
    ),
  );
  const jobs = useQuery(jobsQueryOptions());
  const options = useQuery(campingOptionsQueryOptions({ includeDisabled: true }));
  const { values, errors, formError, set, clearErrors, textField, checkField, submit } = useModalForm({
    initialValues: () => initial,
    form: editForm(initial),
    onSave: (checked) => onSave(toUpdateInput(checked, initial)),
  });
  const changed = hasEditChanges(values, initial);
  // Moving a registration to the waitlist gives back its places: the admin confirms it (decision 048).
  const toWaitlist = values.status === 'WAITLISTED' && initial.status !== 'WAITLISTED';
  const [waitlistConfirmed, setWaitlistConfirmed] = useState(false);
  const confirmed = !toWaitlist || waitlistConfirmed;
  const [heldJobIds] = useState(() => new Set(initial.jobIds));
  const offered = jobs.isPending ? [] : pickerJobs(jobs.data, registration);
  // No double-booking (docs/product.md §11, decision 056): changed shifts that overlap in time save only with the
  // admin's tick, as the server asks.
  const calendar = useEventCalendar();
  const overlaps = editChanges(values, initial).jobIds
    ? pickedOverlaps(offered, values.jobIds, calendar)
    : [];
  const overlapConfirmed = overlaps.length === 0 || values.acknowledgeOverlap;
  const jobsNote = jobs.isError && (
    <Alert color="yellow" variant="light" p="xs">
      {TEXTS.jobsFailed}
    </Alert>
  );

  return (
    <>
      {picking && (
        <ShiftPicker
          jobs={offered}
          heldIds={heldJobIds}
          selected={values.jobIds}
          note={jobsNote}
          onApply={(ids) => {
            set('jobIds', ids);
            clearErrors('jobIds');
            onPickerClose();
          }}
          onClose={onPickerClose}
        />
      )}
      {/* Hidden, not unmounted, while the picker shows: the form keeps its place and its values. */}
      <DialogForm
        saving={saving}
        onSubmit={() => {
          if (changed && confirmed && overlapConfirmed) submit();
        }}
        hidden={picking}
      >
        <RegistrationSummary registration={registration} />
        <NativeSelect label="Status" data-autofocus data={STATUS_OPTIONS} {...textField('status')} />
        {toWaitlist && (
          <Alert color="orange" variant="light" p="sm">
            <Stack gap="xs">
              <Text size="sm">{WAITLIST_TEXTS.editToWaitlistConfirm}</Text>
              <Checkbox
                label={WAITLIST_TEXTS.editToWaitlistCheck}
                checked={waitlistConfirmed}
                onChange={(event) => setWaitlistConfirmed(event.currentTarget.checked)}
              />
            </Stack>
          </Alert>
        )}
        {jobs.isPending ? (
          <Loading text="Loading work shifts..." />
        ) : (
          <ShiftsField
            jobs={offered}
            selected={values.jobIds}
            onChoose={onPick}
            focusKey={pickerClosings}
            error={errors.jobIds}
            note={jobsNote}
          />
        )}
        <div aria-live="polite">
          {overlaps.length > 0 && (
            <Alert color="orange" variant="light" p="sm">
              <Stack gap="xs">
                {/* In the body's colour, not as the alert's orange title: readable (axe colour contrast). */}
                <Text size="sm" fw={700}>
                  {SHIFT_OVERLAP_MESSAGES.adminWarning}
                </Text>
                <List size="sm" spacing={4}>
                  {overlaps.map((pair) => (
                    <List.Item key={pair}>{pair}</List.Item>
                  ))}
                </List>
                <Checkbox
                  label={SHIFT_OVERLAP_MESSAGES.adminAcknowledge}
                  {...checkField('acknowledgeOverlap')}
                />
              </Stack>
            </Alert>
          )}
        </div>
        {options.isPending ? (
          <Loading text="Loading camping options..." />
        ) : (
          <ChoiceList
            legend="Camping options"
            choices={optionChoices(options.data, heldOptions)}
            selected={values.campingOptionIds}
            onChange={(ids) => {
              set('campingOptionIds', ids);
              clearErrors('campingOptionIds');
            }}
            error={errors.campingOptionIds}
            emptyText="No camping options"
            note={
              options.isError && (
                <Alert color="yellow" variant="light" p="xs">
                  {TEXTS.optionsFailed}
                </Alert>
              )
            }
          />
        )}
        <Textarea
          label="Notes"
          description="Optional; kept in the audit trail as the reason for the change."
          rows={2}
          resize="vertical"
          maxLength={EDIT_NOTES_MAX}
          {...textField('notes')}
        />
        <Checkbox label={TEXTS.notify} {...checkField('sendNotification')} />
        {formError && <Alert color="red" variant="light" role="alert" title={formError} />}
        <DialogFooter
          submitLabel="Save changes"
          closeLabel="Cancel"
          saving={saving}
          disabled={!changed || !confirmed || !overlapConfirmed}
          hint={
            !changed
              ? ADMIN_EDIT_MESSAGES.noChanges
              : !confirmed
                ? WAITLIST_TEXTS.editToWaitlistHint
                : overlapConfirmed
                  ? undefined
                  : SHIFT_OVERLAP_MESSAGES.adminAcknowledgeRequired
          }
          onClose={onClose}
        />
      </DialogForm>
    </>
  );
}
