import type { CustomFieldValue } from '@camp/shared/rules';
import type { CampingOption, CampingOptionField } from '@camp/shared/camping-options';
import { Checkbox, Fieldset, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { fieldsOf } from '../wizard/wizard-model';

interface StepDetailsProps {
  options: readonly CampingOption[];
  values: Readonly<Record<string, CustomFieldValue>>;
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: CustomFieldValue) => void;
}

export const detailsInputId = (fieldId: string) => `custom-field-${fieldId}`;

const textOf = (value: CustomFieldValue | undefined) =>
  value === null || value === undefined || typeof value === 'boolean' ? '' : String(value);

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: CampingOptionField;
  value: CustomFieldValue | undefined;
  error: string | undefined;
  onChange: (value: CustomFieldValue) => void;
}) {
  const common = {
    id: detailsInputId(field.id),
    label: field.displayName,
    description: field.description ?? undefined,
    required: field.required,
    error,
  };
  switch (field.dataType) {
    case 'BOOLEAN':
      return (
        <Checkbox
          {...common}
          required={false}
          label={field.required ? `${field.displayName} *` : field.displayName}
          checked={value === true || value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'MULTILINE_STRING':
      return (
        <Textarea
          {...common}
          rows={4}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'INTEGER':
    case 'NUMBER':
      return (
        <TextInput
          {...common}
          type="number"
          inputMode={field.dataType === 'INTEGER' ? 'numeric' : 'decimal'}
          step={field.dataType === 'INTEGER' ? 1 : 0.01}
          min={field.minValue ?? undefined}
          max={field.maxValue ?? undefined}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={textOf(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/** Step 3 (docs/product.md §5): the custom fields of the chosen options, one control per data type. */
export function StepDetails({ options, values, errors, onChange }: StepDetailsProps) {
  const withFields = options.filter((option) => option.fields.length > 0);
  if (withFields.length === 0) {
    return (
      <Text c="dimmed">Your camping options need no further details. Continue to choose your shifts.</Text>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Fields marked with * are required.
      </Text>
      {withFields.map((option) => (
        <Fieldset key={option.id} legend={option.name} radius="md">
          <Stack gap="md">
            {fieldsOf([option]).map((field) => (
              <FieldInput
                key={field.id}
                field={field}
                value={values[field.id]}
                error={errors[field.id]}
                onChange={(value) => onChange(field.id, value)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
