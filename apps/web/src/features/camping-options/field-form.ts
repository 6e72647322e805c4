import { hasLengthLimits, hasValueLimits, type FieldDataType } from '@camp/shared/rules';
import {
  CreateCampingOptionFieldInputSchema,
  type CampingOptionField,
  type CreateCampingOptionFieldInput,
} from '@camp/shared/camping-options';
import type { FormSchema } from '../../lib/schema-form';
import type { NumberValue } from './camping-option-form';

/** Readable names of the data types (docs/product.md §3 Camping option field). */
export const FIELD_TYPE_LABELS: Record<FieldDataType, string> = {
  STRING: 'Text (one line)',
  MULTILINE_STRING: 'Text (several lines)',
  INTEGER: 'Whole number',
  NUMBER: 'Number (decimals allowed)',
  BOOLEAN: 'Yes / No',
  DATE: 'Date',
};

export interface FieldFormValues {
  displayName: string;
  description: string;
  dataType: FieldDataType;
  required: boolean;
  minLength: NumberValue;
  maxLength: NumberValue;
  minValue: NumberValue;
  maxValue: NumberValue;
}

const asValue = (limit: number | null): NumberValue => limit ?? '';

export function fieldFormValues(field?: CampingOptionField): FieldFormValues {
  return {
    displayName: field?.displayName ?? '',
    description: field?.description ?? '',
    dataType: field?.dataType ?? 'STRING',
    required: field?.required ?? false,
    minLength: asValue(field?.minLength ?? null),
    maxLength: asValue(field?.maxLength ?? null),
    minValue: asValue(field?.minValue ?? null),
    maxValue: asValue(field?.maxValue ?? null),
  };
}

/** docs/product.md §5: changing the data type clears all limits. */
export function withDataType(values: FieldFormValues, dataType: FieldDataType): FieldFormValues {
  if (dataType === values.dataType) return values;
  return { ...values, dataType, minLength: '', maxLength: '', minValue: '', maxValue: '' };
}

function limitOf(value: NumberValue): number | null {
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The body of a create or a full update: limits that do not apply to the type are sent as null. */
export function toFieldInput(values: FieldFormValues) {
  const text = hasLengthLimits(values.dataType);
  const number = hasValueLimits(values.dataType);
  return {
    displayName: values.displayName.trim(),
    description: values.description.trim() || null,
    dataType: values.dataType,
    required: values.required,
    minLength: text ? limitOf(values.minLength) : null,
    maxLength: text ? limitOf(values.maxLength) : null,
    minValue: number ? limitOf(values.minValue) : null,
    maxValue: number ? limitOf(values.maxValue) : null,
  } satisfies CreateCampingOptionFieldInput;
}

/**
 * docs/product.md §5 Camping option field: the body checked with the schema the server checks a new field with (its
 * limits as a whole, for the data type, included).
 */
export const fieldForm: FormSchema<FieldFormValues> = {
  schema: CreateCampingOptionFieldInputSchema,
  toInput: toFieldInput,
};

/** A short summary of a field's limits for the table, e.g. 'Length 1–50' or 'Value ≥ 0'. */
export function describeLimits(field: CampingOptionField): string {
  const range = (label: string, min: number | null, max: number | null) => {
    if (min !== null && max !== null) return `${label} ${min}–${max}`;
    if (min !== null) return `${label} ≥ ${min}`;
    if (max !== null) return `${label} ≤ ${max}`;
    return '';
  };
  return range('Length', field.minLength, field.maxLength) || range('Value', field.minValue, field.maxValue);
}
