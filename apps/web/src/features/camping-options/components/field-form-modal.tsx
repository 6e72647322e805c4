import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  FIELD_DATA_TYPES,
  FIELD_DESCRIPTION_MAX,
  FIELD_DISPLAY_NAME_MAX,
  hasLengthLimits,
  hasValueLimits,
  type FieldDataType,
} from '@camp/shared/rules';
import type { CampingOptionField } from '@camp/shared/camping-options';
import { Checkbox, NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DescriptionTextarea } from '../../../components/description-textarea';
import { useAddEditForm } from '../../../components/use-modal-form';
import { AddEditFormModal, type SaveModalProps } from '../../../components/form-modal';
import {
  FIELD_TYPE_LABELS,
  fieldForm,
  fieldFormValues,
  withDataType,
  type FieldFormValues,
} from '../field-form';

export interface FieldFormModalProps extends SaveModalProps<FieldFormValues> {
  /** The field to edit; absent to add one. */
  field?: CampingOptionField;
}

const TYPE_OPTIONS = FIELD_DATA_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));
const LIMIT_KEYS = ['minLength', 'maxLength', 'minValue', 'maxValue'] as const;

/**
 * Add or edit a custom field (docs/product.md §5 Camping option field). The limits shown follow the data type: length
 * for text, value for numbers; changing the type clears them all.
 */
export function FieldFormModal({ field, ...save }: FieldFormModalProps) {
  const { modal, values, setValues, clearErrors, textField, numberField, checkField } = useAddEditForm({
    noun: 'Field',
    item: field,
    initialValues: fieldFormValues,
    form: fieldForm,
    ...save,
  });

  const changeType = (dataType: FieldDataType) => {
    setValues((current) => withDataType(current, dataType));
    clearErrors(...LIMIT_KEYS);
  };

  const limit = { clampBehavior: 'none' } as const;

  return (
    <AddEditFormModal {...modal}>
      <TextInput
        label="Display name"
        description="The question or label campers see."
        required
        data-autofocus
        maxLength={FIELD_DISPLAY_NAME_MAX}
        {...textField('displayName')}
      />
      <DescriptionTextarea
        description="Optional help text shown with the field."
        maxLength={FIELD_DESCRIPTION_MAX}
        {...textField('description')}
      />
      <NativeSelect
        label="Data type"
        description="Changing the type clears the limits."
        value={values.dataType}
        onChange={(event) => changeType(event.currentTarget.value as FieldDataType)}
        data={TYPE_OPTIONS}
      />
      <Checkbox
        label="Required"
        description="Campers must fill it in to register with this option."
        {...checkField('required')}
      />
      {hasLengthLimits(values.dataType) && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Minimum length"
            description="Characters; leave empty for none"
            allowDecimal={false}
            min={0}
            {...limit}
            {...numberField('minLength')}
          />
          <NumberInput
            label="Maximum length"
            description="Characters; leave empty for none"
            allowDecimal={false}
            min={1}
            {...limit}
            {...numberField('maxLength')}
          />
        </SimpleGrid>
      )}
      {hasValueLimits(values.dataType) && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label="Minimum value"
            description="Leave empty for none"
            allowDecimal={values.dataType === 'NUMBER'}
            decimalScale={values.dataType === 'NUMBER' ? 2 : undefined}
            {...limit}
            {...numberField('minValue')}
          />
          <NumberInput
            label="Maximum value"
            description="Leave empty for none"
            allowDecimal={values.dataType === 'NUMBER'}
            decimalScale={values.dataType === 'NUMBER' ? 2 : undefined}
            {...limit}
            {...numberField('maxValue')}
          />
        </SimpleGrid>
      )}
      {!hasLengthLimits(values.dataType) && !hasValueLimits(values.dataType) && (
        <Text size="sm" c="dimmed">
          {FIELD_TYPE_LABELS[values.dataType]} fields have no limits.
        </Text>
      )}
    </AddEditFormModal>
  );
}
