import {
  DAYS_OF_WEEK,
  JOB_CATEGORY_DESCRIPTION_MAX,
  JOB_CATEGORY_NAME_MAX,
  JOB_CATEGORY_REQUIRED_MESSAGE,
  JOB_LOCATION_MAX,
  JOB_MAX_REGISTRATIONS_DEFAULT,
  JOB_MAX_REGISTRATIONS_MESSAGE,
  JOB_NAME_MAX,
  JOB_REQUIRED_MESSAGE,
  SHIFT_DEFAULTS,
  SHIFT_DESCRIPTION_MAX,
  SHIFT_NAME_MAX,
  SHIFT_REQUIRED_MESSAGE,
  SHIFT_SAME_TIMES_MESSAGE,
  SHIFT_TIME_FORMAT_MESSAGE,
  formatShiftTime,
  type DayOfWeek,
} from '@camp/shared/rules';
import type {
  CreateJobCategoryInput,
  CreateJobInput,
  CreateShiftInput,
  Job,
  JobCategory,
  Shift,
} from '@camp/shared/work';

/**
 * The checks of spec §5 for the three work forms, the same rules the server enforces. A form shows
 * `form` above its buttons (the spec's messages are about the form as a whole) and marks each field in
 * `fields`: a text is shown under the field, `true` only marks it invalid.
 */
export interface FormErrors<K extends string> {
  form?: string;
  fields: Partial<Record<K, string | true>>;
}

export function hasErrors<K extends string>(errors: FormErrors<K>): boolean {
  return errors.form !== undefined || Object.keys(errors.fields).length > 0;
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

// ---- Job categories ------------------------------------------------------------------------------------

export interface JobCategoryFormValues {
  name: string;
  description: string;
  staffOnly: boolean;
  alwaysRequired: boolean;
}

export function jobCategoryFormValues(category?: JobCategory): JobCategoryFormValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    staffOnly: category?.staffOnly ?? false,
    alwaysRequired: category?.alwaysRequired ?? false,
  };
}

export function validateJobCategory(values: JobCategoryFormValues): FormErrors<keyof JobCategoryFormValues> {
  const errors: FormErrors<keyof JobCategoryFormValues> = { fields: {} };
  if (values.name.trim() === '') errors.fields.name = true;
  if (values.description.trim() === '') errors.fields.description = true;
  if (errors.fields.name || errors.fields.description) errors.form = JOB_CATEGORY_REQUIRED_MESSAGE;
  if (values.name.trim().length > JOB_CATEGORY_NAME_MAX) {
    errors.fields.name = tooLong('Name', JOB_CATEGORY_NAME_MAX);
  }
  if (values.description.trim().length > JOB_CATEGORY_DESCRIPTION_MAX) {
    errors.fields.description = tooLong('Description', JOB_CATEGORY_DESCRIPTION_MAX);
  }
  return errors;
}

export function toJobCategoryInput(values: JobCategoryFormValues): CreateJobCategoryInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    staffOnly: values.staffOnly,
    alwaysRequired: values.alwaysRequired,
  };
}

// ---- Jobs ----------------------------------------------------------------------------------------------

export interface JobFormValues {
  name: string;
  location: string;
  categoryId: string;
  shiftId: string;
  /** As the number input holds it: a number, or '' when empty. */
  maxRegistrations: number | string;
}

export function jobFormValues(job?: Job): JobFormValues {
  return {
    name: job?.name ?? '',
    location: job?.location ?? '',
    categoryId: job?.categoryId ?? '',
    shiftId: job?.shiftId ?? '',
    maxRegistrations: job?.maxRegistrations ?? JOB_MAX_REGISTRATIONS_DEFAULT,
  };
}

export function validateJob(values: JobFormValues): FormErrors<keyof JobFormValues> {
  const errors: FormErrors<keyof JobFormValues> = { fields: {} };
  for (const key of ['name', 'location', 'categoryId', 'shiftId'] as const) {
    if (values[key].trim() === '') errors.fields[key] = true;
  }
  if (Object.keys(errors.fields).length > 0) errors.form = JOB_REQUIRED_MESSAGE;
  if (values.name.trim().length > JOB_NAME_MAX) errors.fields.name = tooLong('Name', JOB_NAME_MAX);
  if (values.location.trim().length > JOB_LOCATION_MAX) {
    errors.fields.location = tooLong('Location', JOB_LOCATION_MAX);
  }
  const max = Number(values.maxRegistrations);
  if (values.maxRegistrations === '' || !Number.isFinite(max) || max < 1) {
    errors.fields.maxRegistrations = JOB_MAX_REGISTRATIONS_MESSAGE;
  } else if (!Number.isInteger(max)) {
    errors.fields.maxRegistrations = 'Maximum registrations must be a whole number.';
  }
  return errors;
}

export function toJobInput(values: JobFormValues): CreateJobInput {
  return {
    name: values.name.trim(),
    location: values.location.trim(),
    categoryId: values.categoryId,
    shiftId: values.shiftId,
    maxRegistrations: Number(values.maxRegistrations),
  };
}

// ---- Shifts --------------------------------------------------------------------------------------------

export interface ShiftFormValues {
  name: string;
  description: string;
  dayOfWeek: DayOfWeek | '';
  startTime: string;
  endTime: string;
}

/** A new shift starts on the defaults of spec §9: Monday, 09:00 to 17:00. */
export function shiftFormValues(shift?: Shift): ShiftFormValues {
  return {
    name: shift?.name ?? '',
    description: shift?.description ?? '',
    dayOfWeek: shift?.dayOfWeek ?? SHIFT_DEFAULTS.dayOfWeek,
    startTime: shift ? formatShiftTime(shift.startTime) : SHIFT_DEFAULTS.startTime,
    endTime: shift ? formatShiftTime(shift.endTime) : SHIFT_DEFAULTS.endTime,
  };
}

/** 24-hour HH:MM, e.g. 09:00 or 17:30. */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isShiftTime(value: string): boolean {
  return HH_MM.test(value.trim());
}

export function validateShift(values: ShiftFormValues): FormErrors<keyof ShiftFormValues> {
  const errors: FormErrors<keyof ShiftFormValues> = { fields: {} };
  for (const key of ['name', 'dayOfWeek', 'startTime', 'endTime'] as const) {
    if (values[key].trim() === '') errors.fields[key] = true;
  }
  if (values.dayOfWeek !== '' && !(DAYS_OF_WEEK as readonly string[]).includes(values.dayOfWeek)) {
    errors.fields.dayOfWeek = true;
  }
  if (Object.keys(errors.fields).length > 0) {
    errors.form = SHIFT_REQUIRED_MESSAGE;
  } else if (!isShiftTime(values.startTime) || !isShiftTime(values.endTime)) {
    errors.form = SHIFT_TIME_FORMAT_MESSAGE;
    if (!isShiftTime(values.startTime)) errors.fields.startTime = true;
    if (!isShiftTime(values.endTime)) errors.fields.endTime = true;
  } else if (values.startTime.trim() === values.endTime.trim()) {
    errors.fields.endTime = SHIFT_SAME_TIMES_MESSAGE;
  }
  if (values.name.trim().length > SHIFT_NAME_MAX) errors.fields.name = tooLong('Name', SHIFT_NAME_MAX);
  if (values.description.trim().length > SHIFT_DESCRIPTION_MAX) {
    errors.fields.description = tooLong('Description', SHIFT_DESCRIPTION_MAX);
  }
  return errors;
}

export function toShiftInput(values: ShiftFormValues): CreateShiftInput {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    dayOfWeek: values.dayOfWeek as DayOfWeek,
    startTime: values.startTime.trim(),
    endTime: values.endTime.trim(),
  };
}
