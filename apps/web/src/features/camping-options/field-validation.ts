import {
  FIELD_DESCRIPTION_MAX,
  FIELD_DISPLAY_NAME_MAX,
  FIELD_LENGTH_ORDER_MESSAGE,
  FIELD_VALUE_ORDER_MESSAGE,
  NUMBER_FIELD_TYPES,
  TEXT_FIELD_TYPES,
  type FieldDataType,
} from '@camp/shared/rules';
import type { CampingOptionField, CreateCampingOptionFieldInput } from '@camp/shared/camping-options';
import type { NumberValue } from './camping-option-validation';

/** Readable names of the data types (spec §3 Camping option field). */
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

export type FieldErrors = Partial<Record<keyof FieldFormValues, string>>;

/** Length limits belong to text types, value limits to NUMBER and INTEGER (spec §5). */
export function hasLengthLimits(type: FieldDataType): boolean {
  return TEXT_FIELD_TYPES.includes(type);
}

export function hasValueLimits(type: FieldDataType): boolean {
  return NUMBER_FIELD_TYPES.includes(type);
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

/** Spec §5: changing the data type clears all limits. */
export function withDataType(values: FieldFormValues, dataType: FieldDataType): FieldFormValues {
  if (dataType === values.dataType) return values;
  return { ...values, dataType, minLength: '', maxLength: '', minValue: '', maxValue: '' };
}

function limitOf(value: NumberValue): number | null {
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Spec §5 Camping option field. */
export function validateField(values: FieldFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const displayName = values.displayName.trim();
  if (displayName === '') errors.displayName = 'Display name is required';
  else if (displayName.length > FIELD_DISPLAY_NAME_MAX) {
    errors.displayName = `Display name must be at most ${FIELD_DISPLAY_NAME_MAX} characters`;
  }
  if (values.description.trim().length > FIELD_DESCRIPTION_MAX) {
    errors.description = `Description must be at most ${FIELD_DESCRIPTION_MAX} characters`;
  }

  if (hasLengthLimits(values.dataType)) {
    const minLength = limitOf(values.minLength);
    const maxLength = limitOf(values.maxLength);
    if (maxLength !== null && maxLength < 1) errors.maxLength = 'Maximum length must be at least 1';
    else if (maxLength !== null && !Number.isInteger(maxLength)) {
      errors.maxLength = 'Maximum length must be a whole number';
    }
    if (minLength !== null && minLength < 0) errors.minLength = 'Minimum length cannot be negative';
    else if (minLength !== null && !Number.isInteger(minLength)) {
      errors.minLength = 'Minimum length must be a whole number';
    } else if (minLength !== null && maxLength !== null && minLength > maxLength) {
      errors.minLength = FIELD_LENGTH_ORDER_MESSAGE;
    }
  }

  if (hasValueLimits(values.dataType)) {
    const minValue = limitOf(values.minValue);
    const maxValue = limitOf(values.maxValue);
    if (values.dataType === 'INTEGER') {
      if (minValue !== null && !Number.isInteger(minValue))
        errors.minValue = 'Minimum value must be a whole number';
      if (maxValue !== null && !Number.isInteger(maxValue))
        errors.maxValue = 'Maximum value must be a whole number';
    }
    if (!errors.minValue && minValue !== null && maxValue !== null && minValue > maxValue) {
      errors.minValue = FIELD_VALUE_ORDER_MESSAGE;
    }
  }
  return errors;
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
