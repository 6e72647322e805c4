import '@mantine/core/styles/SimpleGrid.css';
import {
  dayLabel,
  DAYS_OF_WEEK,
  SHIFT_DESCRIPTION_MAX,
  SHIFT_NAME_MAX,
  type DayOfWeek,
} from '@camp/shared/rules';
import type { Shift } from '@camp/shared/work';
import { NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useModalForm } from '../../../components/use-modal-form';
import { FormModal, type FormModalError } from '../../../components/form-modal';
import { shiftForm, shiftFormValues, type ShiftFormValues } from '../work-form';

export interface ShiftFormModalProps {
  /** The shift to edit; absent to add one (Monday, 09:00–17:00 to start with). */
  shift?: Shift;
  saving: boolean;
  saveError: FormModalError | null;
  onSave: (values: ShiftFormValues) => void;
  onClose: () => void;
}

const DAY_OPTIONS = DAYS_OF_WEEK.map((day) => ({ value: day, label: dayLabel(day) }));

/** Add or edit a shift (docs/product.md §5 Shift). Times are typed as 24-hour HH:MM, the same in every browser. */
export function ShiftFormModal({ shift, saving, saveError, onSave, onClose }: ShiftFormModalProps) {
  const { values, errors, formError, set, submit } = useModalForm({
    initialValues: () => shiftFormValues(shift),
    form: shiftForm,
    onSave,
  });

  return (
    <FormModal
      opened
      title={shift ? 'Edit Shift' : 'Add Shift'}
      submitLabel={shift ? 'Save Changes' : 'Add Shift'}
      saving={saving}
      error={formError ? { title: formError } : saveError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={SHIFT_NAME_MAX}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label="Description"
        rows={2}
        resize="vertical"
        maxLength={SHIFT_DESCRIPTION_MAX}
        description={`Optional, up to ${SHIFT_DESCRIPTION_MAX} characters.`}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      <NativeSelect
        label="Day"
        required
        value={values.dayOfWeek}
        onChange={(event) => set('dayOfWeek', event.currentTarget.value as DayOfWeek | '')}
        data={DAY_OPTIONS}
        error={errors.dayOfWeek}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Start time"
          required
          description="24-hour HH:MM, e.g. 09:00"
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          value={values.startTime}
          onChange={(event) => set('startTime', event.currentTarget.value)}
          error={errors.startTime}
        />
        <TextInput
          label="End time"
          required
          description="24-hour HH:MM, e.g. 17:30"
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          value={values.endTime}
          onChange={(event) => set('endTime', event.currentTarget.value)}
          error={errors.endTime}
        />
      </SimpleGrid>
    </FormModal>
  );
}
