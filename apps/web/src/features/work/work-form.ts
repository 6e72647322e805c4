import {
  JOB_CATEGORY_REQUIRED_MESSAGE,
  JOB_MAX_REGISTRATIONS_DEFAULT,
  JOB_REQUIRED_MESSAGE,
  SHIFT_DAY_OFFSET_DEFAULT,
  SHIFT_DEFAULTS,
  SHIFT_REQUIRED_MESSAGE,
  SHIFT_TIME_FORMAT_MESSAGE,
  formatShiftTime,
  type DayOfWeek,
} from '@camp/shared/rules';
import {
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
  type CreateJobCategoryInput,
  type CreateJobInput,
  type CreateShiftInput,
  type Job,
  type JobCategory,
  type Shift,
} from '@camp/shared/work';
import type { FormSchema } from '../../lib/schema-form';

// The three work forms (docs/product.md §5): their values, the request body of those values, and the shared schema that
// checks that body (the server's own rules). docs/product.md §5's required-field messages are about the form as a
// whole: shown once above the buttons, with the fields they name only marked.

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

export function toJobCategoryInput(values: JobCategoryFormValues): CreateJobCategoryInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    staffOnly: values.staffOnly,
    alwaysRequired: values.alwaysRequired,
  };
}

export const jobCategoryForm: FormSchema<JobCategoryFormValues> = {
  schema: CreateJobCategoryInputSchema,
  toInput: toJobCategoryInput,
  formMessages: [JOB_CATEGORY_REQUIRED_MESSAGE],
};

// ---- Jobs ----------------------------------------------------------------------------------------------

export interface JobFormValues {
  name: string;
  location: string;
  categoryId: string;
  shiftId: string;
  /** As the number input holds it: a number, or '' when empty. */
  maxRegistrations: number | string;
  /** Whether people may join its line when it is full (docs/product.md §10); off for a new job. */
  waitlistEnabled: boolean;
}

export function jobFormValues(job?: Job): JobFormValues {
  return {
    name: job?.name ?? '',
    location: job?.location ?? '',
    categoryId: job?.categoryId ?? '',
    shiftId: job?.shiftId ?? '',
    maxRegistrations: job?.maxRegistrations ?? JOB_MAX_REGISTRATIONS_DEFAULT,
    waitlistEnabled: job?.waitlistEnabled ?? false,
  };
}

export function toJobInput(values: JobFormValues): CreateJobInput {
  return {
    name: values.name.trim(),
    location: values.location.trim(),
    categoryId: values.categoryId,
    shiftId: values.shiftId,
    maxRegistrations: Number(values.maxRegistrations),
    waitlistEnabled: values.waitlistEnabled,
  };
}

export const jobForm: FormSchema<JobFormValues> = {
  schema: CreateJobInputSchema,
  toInput: toJobInput,
  formMessages: [JOB_REQUIRED_MESSAGE],
};

// ---- Shifts --------------------------------------------------------------------------------------------

export interface ShiftFormValues {
  name: string;
  description: string;
  dayOfWeek: DayOfWeek | '';
  startTime: string;
  endTime: string;
  /** Days before Opening Sunday (Pre-Opening) or after Closing Sunday (Post-Event); '' when cleared. */
  dayOffset: number | string;
}

/** Whether a festival day spans several dates, so a shift on it says which (docs/product.md §11). */
export const dayHasOffset = (day: DayOfWeek | ''): day is 'PRE_OPENING' | 'POST_EVENT' =>
  day === 'PRE_OPENING' || day === 'POST_EVENT';

/** A new shift starts on the defaults of docs/product.md §9: Monday, 09:00 to 17:00. */
export function shiftFormValues(shift?: Shift): ShiftFormValues {
  return {
    name: shift?.name ?? '',
    description: shift?.description ?? '',
    dayOfWeek: shift?.dayOfWeek ?? SHIFT_DEFAULTS.dayOfWeek,
    startTime: shift ? formatShiftTime(shift.startTime) : SHIFT_DEFAULTS.startTime,
    endTime: shift ? formatShiftTime(shift.endTime) : SHIFT_DEFAULTS.endTime,
    dayOffset: shift?.dayOffset ?? SHIFT_DAY_OFFSET_DEFAULT,
  };
}

export function toShiftInput(values: ShiftFormValues): CreateShiftInput {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    dayOfWeek: values.dayOfWeek as DayOfWeek,
    startTime: values.startTime.trim(),
    endTime: values.endTime.trim(),
    // Only Pre-Opening and Post-Event span several dates; on the other days the offset means nothing.
    dayOffset: dayHasOffset(values.dayOfWeek)
      ? String(values.dayOffset).trim() === ''
        ? Number.NaN
        : Number(values.dayOffset)
      : SHIFT_DAY_OFFSET_DEFAULT,
  };
}

export const shiftForm: FormSchema<ShiftFormValues> = {
  schema: CreateShiftInputSchema,
  toInput: toShiftInput,
  // A missing field is said before a malformed time, as docs/product.md §5 Shift lists them.
  formMessages: [SHIFT_REQUIRED_MESSAGE, SHIFT_TIME_FORMAT_MESSAGE],
};
