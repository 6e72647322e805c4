import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import {
  compareShifts,
  JOB_LOCATION_MAX,
  JOB_NAME_MAX,
  SHIFT_WAITLIST_TEXTS,
  shiftWhenText,
} from '@camp/shared/rules';
import type { Job, JobCategory, Shift } from '@camp/shared/work';
import { Alert, NativeSelect, NumberInput, Switch, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useAddEditForm } from '../../../components/use-modal-form';
import { AddEditFormModal, NameInput, type SaveModalProps } from '../../../components/form-modal';
import { jobForm, jobFormValues, type JobFormValues } from '../work-form';

export interface JobFormModalProps extends SaveModalProps<JobFormValues> {
  /** The job to edit; absent to add one. */
  job?: Job;
  categories: readonly JobCategory[];
  shifts: readonly Shift[];
}

/**
 * Add or edit a job (docs/product.md §5 Job): name, location, category, shift, places (5 to start with) and whether
 * people may wait in line when it is full (off to start with, docs/product.md §10).
 */
export function JobFormModal({ job, categories, shifts, ...save }: JobFormModalProps) {
  const { modal, textField, numberField, checkField } = useAddEditForm({
    noun: 'Job',
    item: job,
    initialValues: jobFormValues,
    form: jobForm,
    ...save,
  });

  const categoryOptions = useMemo(
    () => [
      { value: '', label: 'Select a category' },
      ...[...categories]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((category) => ({ value: category.id, label: category.name })),
    ],
    [categories],
  );
  const shiftOptions = useMemo(
    () => [
      { value: '', label: 'Select a shift' },
      ...[...shifts].sort(compareShifts).map((shift) => ({
        value: shift.id,
        label: `${shiftWhenText(shift)} · ${shift.name}`,
      })),
    ],
    [shifts],
  );

  const missing = [categories.length === 0 && 'a job category', shifts.length === 0 && 'a shift'].filter(
    Boolean,
  );

  return (
    <AddEditFormModal {...modal}>
      {missing.length > 0 && (
        <Alert color="yellow" variant="light">
          Every job needs a category and a shift. Create {missing.join(' and ')} first.
        </Alert>
      )}
      <NameInput maxLength={JOB_NAME_MAX} {...textField('name')} />
      <TextInput label="Location" required maxLength={JOB_LOCATION_MAX} {...textField('location')} />
      <NativeSelect label="Category" required {...textField('categoryId')} data={categoryOptions} />
      <NativeSelect label="Shift" required {...textField('shiftId')} data={shiftOptions} />
      <NumberInput
        label="Maximum registrations"
        required
        description="How many people can sign up for this job."
        min={1}
        step={1}
        allowDecimal={false}
        // Keep what was typed so a wrong value gets the message instead of being silently changed.
        clampBehavior="none"
        {...numberField('maxRegistrations')}
      />
      <Switch
        label={SHIFT_WAITLIST_TEXTS.jobSwitch}
        description={SHIFT_WAITLIST_TEXTS.jobSwitchHelp}
        {...checkField('waitlistEnabled')}
      />
    </AddEditFormModal>
  );
}
