// Camping options and their custom fields (docs/product.md §3, §5): limits, messages and rules, without zod.

import { isOptionFull } from './places';

export const FIELD_DATA_TYPES = [
  'STRING',
  'MULTILINE_STRING',
  'INTEGER',
  'NUMBER',
  'BOOLEAN',
  'DATE',
] as const;
export type FieldDataType = (typeof FIELD_DATA_TYPES)[number];

/** Legacy TEXT and SELECT types read as STRING (docs/product.md §3). */
export function normalizeFieldDataType(value: string): FieldDataType | undefined {
  const upper = value.toUpperCase();
  if (upper === 'TEXT' || upper === 'SELECT') return 'STRING';
  return (FIELD_DATA_TYPES as readonly string[]).includes(upper) ? (upper as FieldDataType) : undefined;
}

export const CAMPING_OPTION_NAME_MAX = 100;
export const CAMPING_OPTION_DESCRIPTION_MAX = 2000;
/** Dues are stored as integer cents: a bound far below the column's range and above any camp's dues. */
export const DUES_MAX_DOLLARS = 1_000_000;
export const MAX_SIGNUPS_LIMIT = 100_000;
export const WORK_SHIFTS_REQUIRED_LIMIT = 100;
export const FIELD_DISPLAY_NAME_MAX = 100;
export const FIELD_DESCRIPTION_MAX = 500;
export const FIELD_LENGTH_LIMIT = 100_000;
export const FIELD_ORDER_LIMIT = 100_000;

/**
 * AVAILABLE: can be chosen; FULL: maxSignups reached (0 means unlimited, never full); DISABLED: switched off by
 * an admin (checked first, so a disabled option that is also full reads DISABLED).
 */
export const AVAILABILITY_STATUSES = ['AVAILABLE', 'FULL', 'DISABLED'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export function availabilityStatus(option: {
  enabled: boolean;
  maxSignups: number;
  currentRegistrations: number;
}): AvailabilityStatus {
  if (!option.enabled) return 'DISABLED';
  if (isOptionFull(option)) return 'FULL';
  return 'AVAILABLE';
}

/** Whether a dollar amount is whole cents (the form's step 0.01), allowing for binary fractions (0.29*100). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

export const TEXT_FIELD_TYPES: readonly FieldDataType[] = ['STRING', 'MULTILINE_STRING'];
export const NUMBER_FIELD_TYPES: readonly FieldDataType[] = ['NUMBER', 'INTEGER'];

/** Length limits belong to text types (docs/product.md §5). */
export function hasLengthLimits(type: FieldDataType): boolean {
  return TEXT_FIELD_TYPES.includes(type);
}

/** Value limits belong to NUMBER and INTEGER (docs/product.md §5). */
export function hasValueLimits(type: FieldDataType): boolean {
  return NUMBER_FIELD_TYPES.includes(type);
}

export const FIELD_LENGTH_LIMITS_MESSAGE =
  'Length limits apply only to text fields (STRING, MULTILINE_STRING)';
export const FIELD_VALUE_LIMITS_MESSAGE = 'Value limits apply only to number fields (NUMBER, INTEGER)';
export const FIELD_INTEGER_LIMITS_MESSAGE = 'Value limits of an INTEGER field must be whole numbers';
export const FIELD_LENGTH_ORDER_MESSAGE = 'Minimum length cannot be greater than maximum length';
export const FIELD_VALUE_ORDER_MESSAGE = 'Minimum value cannot be greater than maximum value';
export const FIELD_DATA_TYPE_MESSAGE = `Data type must be one of ${FIELD_DATA_TYPES.join(', ')}`;

export interface FieldLimits {
  dataType: FieldDataType;
  maxLength: number | null;
  minLength: number | null;
  minValue: number | null;
  maxValue: number | null;
}

/**
 * What is wrong with a field's limits as a whole (docs/product.md §5), each with the limit it is about: length limits
 * belong to text types, value limits to NUMBER and INTEGER, and each minimum must not exceed its maximum.
 * Limits for the wrong type are refused rather than silently dropped, so a form that sends stale limits
 * learns of it.
 */
export function fieldLimitIssues(field: FieldLimits): { field: keyof FieldLimits; message: string }[] {
  const issues: { field: keyof FieldLimits; message: string }[] = [];
  const hasLength = field.maxLength !== null || field.minLength !== null;
  const hasValue = field.minValue !== null || field.maxValue !== null;
  if (hasLength && !hasLengthLimits(field.dataType)) {
    issues.push({
      field: field.minLength !== null ? 'minLength' : 'maxLength',
      message: FIELD_LENGTH_LIMITS_MESSAGE,
    });
  }
  if (hasValue && !hasValueLimits(field.dataType)) {
    issues.push({
      field: field.minValue !== null ? 'minValue' : 'maxValue',
      message: FIELD_VALUE_LIMITS_MESSAGE,
    });
  }
  if (field.dataType === 'INTEGER') {
    const fraction = (['minValue', 'maxValue'] as const).find(
      (key) => field[key] !== null && !Number.isInteger(field[key]),
    );
    if (fraction) issues.push({ field: fraction, message: FIELD_INTEGER_LIMITS_MESSAGE });
  }
  if (field.minLength !== null && field.maxLength !== null && field.minLength > field.maxLength) {
    issues.push({ field: 'minLength', message: FIELD_LENGTH_ORDER_MESSAGE });
  }
  if (field.minValue !== null && field.maxValue !== null && field.minValue > field.maxValue) {
    issues.push({ field: 'minValue', message: FIELD_VALUE_ORDER_MESSAGE });
  }
  return issues;
}

/** The messages of fieldLimitIssues (the server checks a change merged with the stored field). */
export function fieldLimitProblems(field: FieldLimits): string[] {
  return fieldLimitIssues(field).map((issue) => issue.message);
}
