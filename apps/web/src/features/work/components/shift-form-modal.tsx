import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  dayLabel,
  DAYS_OF_WEEK,
  EVENT_DATES_TEXTS,
  SHIFT_DAY_OFFSET_MAX,
  SHIFT_DAY_OFFSET_MIN,
  SHIFT_DESCRIPTION_MAX,
  SHIFT_NAME_MAX,
} from '@camp/shared/rules';
import type { Shift } from '@camp/shared/work';
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { DescriptionTextarea } from '../../../components/description-textarea';
import { useAddEditForm } from '../../../components/use-modal-form';
import { AddEditFormModal, NameInput, type SaveModalProps } from '../../../components/form-modal';
import { dayHasOffset, shiftForm, shiftFormValues, type ShiftFormValues } from '../work-form';

export interface ShiftFormModalProps extends SaveModalProps<ShiftFormValues> {
  /** The shift to edit; absent to add one (Monday, 09:00–17:00 to start with). */
  shift?: Shift;
}

const TIME_FIELDS = [
  { key: 'startTime', label: 'Start time', example: '09:00' },
  { key: 'endTime', label: 'End time', example: '17:30' },
] as const;

const DAY_OPTIONS = DAYS_OF_WEEK.map((day) => ({ value: day, label: dayLabel(day) }));

/** Add or edit a shift (docs/product.md §5 Shift). Times are typed as 24-hour HH:MM, the same in every browser. */
export function ShiftFormModal({ shift, ...save }: ShiftFormModalProps) {
  const { modal, textField, numberField, values } = useAddEditForm({
    noun: 'Shift',
    item: shift,
    initialValues: shiftFormValues,
    form: shiftForm,
    ...save,
  });

  return (
    <AddEditFormModal {...modal}>
      <NameInput maxLength={SHIFT_NAME_MAX} {...textField('name')} />
      <DescriptionTextarea
        maxLength={SHIFT_DESCRIPTION_MAX}
        description={`Optional, up to ${SHIFT_DESCRIPTION_MAX} characters.`}
        {...textField('description')}
      />
      <NativeSelect label="Day" required {...textField('dayOfWeek')} data={DAY_OPTIONS} />
      {dayHasOffset(values.dayOfWeek) && (
        <NumberInput
          label={
            values.dayOfWeek === 'PRE_OPENING'
              ? EVENT_DATES_TEXTS.daysBeforeLabel
              : EVENT_DATES_TEXTS.daysAfterLabel
          }
          description={EVENT_DATES_TEXTS.dayOffsetHelp}
          required
          min={SHIFT_DAY_OFFSET_MIN}
          max={SHIFT_DAY_OFFSET_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          maw={240}
          {...numberField('dayOffset')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {TIME_FIELDS.map(({ key, label, example }) => (
          <TextInput
            key={key}
            label={label}
            required
            description={`24-hour HH:MM, e.g. ${example}`}
            placeholder="HH:MM"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            {...textField(key)}
          />
        ))}
      </SimpleGrid>
    </AddEditFormModal>
  );
}
