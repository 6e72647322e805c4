import { z } from 'zod';
import { flag, missingOr, optionalFields, textCharacters, type TextLines } from './schema-kit';
import { DayOfWeekSchema, RegistrationStatusSchema } from './enums.schema';
import {
  DAYS_OF_WEEK,
  DAY_OF_WEEK_MESSAGE,
  EVENT_DATES_MESSAGES,
  SHIFT_DAY_OFFSET_DEFAULT,
  SHIFT_DAY_OFFSET_MAX,
  SHIFT_DAY_OFFSET_MIN,
  JOB_CATEGORY_DESCRIPTION_MAX,
  JOB_CATEGORY_NAME_MAX,
  JOB_CATEGORY_REQUIRED_MESSAGE,
  JOB_LOCATION_MAX,
  JOB_MAX_REGISTRATIONS_DEFAULT,
  JOB_MAX_REGISTRATIONS_LIMIT,
  JOB_MAX_REGISTRATIONS_MESSAGE,
  JOB_NAME_MAX,
  JOB_REQUIRED_MESSAGE,
  SHIFT_DESCRIPTION_MAX,
  SHIFT_NAME_MAX,
  SHIFT_REQUIRED_MESSAGE,
  SHIFT_SAME_TIMES_MESSAGE,
  SHIFT_TIME_FORMAT_MESSAGE,
  parseShiftTime,
  shiftTimesValid,
} from './rules';

// Work: job categories, shifts and jobs (docs/product.md §3, §5, §7). Messages word for word.

/** Text that must be present (blank counts as missing) and at most `max` characters. */
const requiredText = (missing: string, label: string, max: number, lines: TextLines = 'single-line') =>
  z
    .string({ error: missingOr(missing, `${label} must be text`) })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textCharacters(label, lines));

/** Optional multi-line text: blank or null becomes null; absent stays absent (a PATCH leaves it alone). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textCharacters(label, 'multi-line'))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A required reference to another record: blank counts as missing. */
const requiredId = (missing: string, invalid: string) =>
  z
    .string({ error: missingOr(missing, invalid) })
    .trim()
    .min(1, missing)
    .pipe(z.uuid(invalid));

const shiftTime = z
  .string({ error: missingOr(SHIFT_REQUIRED_MESSAGE, SHIFT_TIME_FORMAT_MESSAGE) })
  .trim()
  .min(1, SHIFT_REQUIRED_MESSAGE)
  .transform((value, context) => {
    const time = parseShiftTime(value);
    if (time) return time;
    context.addIssue({ code: 'custom', message: SHIFT_TIME_FORMAT_MESSAGE });
    return z.NEVER;
  });

/** A PATCH's retire (false) or reactivate (true). */
const activeFlag = flag('Active').optional();

// A form's unselected day arrives as '': missingOr reads that as a missing day, not a wrong one.
const dayOfWeekInput = z.enum(DAYS_OF_WEEK, {
  error: missingOr(SHIFT_REQUIRED_MESSAGE, DAY_OF_WEEK_MESSAGE),
});

// ---- Job categories ------------------------------------------------------------------------------------

export const JobCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  staffOnly: z.boolean(),
  alwaysRequired: z.boolean(),
});
export type JobCategory = z.infer<typeof JobCategorySchema>;

const jobCategoryFields = {
  name: requiredText(JOB_CATEGORY_REQUIRED_MESSAGE, 'Name', JOB_CATEGORY_NAME_MAX),
  description: requiredText(
    JOB_CATEGORY_REQUIRED_MESSAGE,
    'Description',
    JOB_CATEGORY_DESCRIPTION_MAX,
    'multi-line',
  ),
  staffOnly: flag('Staff only'),
  alwaysRequired: flag('Always required'),
};

/** POST /job-categories. */
export const CreateJobCategoryInputSchema = z.strictObject({
  name: jobCategoryFields.name,
  description: jobCategoryFields.description,
  staffOnly: jobCategoryFields.staffOnly.default(false),
  alwaysRequired: jobCategoryFields.alwaysRequired.default(false),
});
export type CreateJobCategoryInput = z.input<typeof CreateJobCategoryInputSchema>;

/** PATCH /job-categories/{id}: only the fields given change. */
export const UpdateJobCategoryInputSchema = z.strictObject(optionalFields(jobCategoryFields));
export type UpdateJobCategoryInput = z.input<typeof UpdateJobCategoryInputSchema>;

// ---- Shifts --------------------------------------------------------------------------------------------

/** A job as a shift lists it (GET /shifts, GET /shifts/{id}). */
export const ShiftJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  categoryId: z.string(),
  maxRegistrations: z.number().int(),
  currentRegistrations: z.number().int(),
  staffOnly: z.boolean(),
  /** Whether people may join its line when it is full (docs/product.md §10). */
  waitlistEnabled: z.boolean(),
  /** False once retired: it takes no new people (docs/product.md §11 "Retired jobs and shifts"). */
  active: z.boolean(),
});
export type ShiftJob = z.infer<typeof ShiftJobSchema>;

const shiftBase = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** HH:MM, 24 hours. */
  startTime: z.string(),
  endTime: z.string(),
  dayOfWeek: DayOfWeekSchema,
  /**
   * A Pre-Opening shift's days before Opening Sunday, a Post-Event one's days after Closing Sunday (1 = next to the
   * event); 1 on the other days, where it means nothing (docs/product.md §11).
   */
  dayOffset: z.number().int(),
  /**
   * False once retired: the shift and all its jobs take no new people; people already on them keep them
   * (docs/product.md §11 "Retired jobs and shifts").
   */
  active: z.boolean(),
};

/** A shift without its jobs, as a job embeds it. */
export const ShiftSummarySchema = z.object(shiftBase);
export type ShiftSummary = z.infer<typeof ShiftSummarySchema>;

/** The shift of docs/product.md §3; the API always fills jobs (those the caller may see). */
export const ShiftSchema = z.object({ ...shiftBase, jobs: z.array(ShiftJobSchema).optional() });
export type Shift = z.infer<typeof ShiftSchema>;

const shiftFields = {
  name: requiredText(SHIFT_REQUIRED_MESSAGE, 'Name', SHIFT_NAME_MAX),
  description: optionalText('Description', SHIFT_DESCRIPTION_MAX),
  startTime: shiftTime,
  endTime: shiftTime,
  dayOfWeek: dayOfWeekInput,
  dayOffset: z
    .number({ error: EVENT_DATES_MESSAGES.dayOffset })
    .int(EVENT_DATES_MESSAGES.dayOffset)
    .min(SHIFT_DAY_OFFSET_MIN, EVENT_DATES_MESSAGES.dayOffset)
    .max(SHIFT_DAY_OFFSET_MAX, EVENT_DATES_MESSAGES.dayOffset),
};

/** POST /shifts. */
export const CreateShiftInputSchema = z
  .strictObject({ ...shiftFields, dayOffset: shiftFields.dayOffset.default(SHIFT_DAY_OFFSET_DEFAULT) })
  .refine((shift) => shiftTimesValid(shift.startTime, shift.endTime), {
    message: SHIFT_SAME_TIMES_MESSAGE,
    path: ['endTime'],
  });
export type CreateShiftInput = z.input<typeof CreateShiftInputSchema>;

/** PATCH /shifts/{id}: only the fields given change. */
export const UpdateShiftInputSchema = z.strictObject({
  ...optionalFields(shiftFields, 'description'),
  /** false retires the shift, true reactivates it (docs/product.md §11 "Retired jobs and shifts"). */
  active: activeFlag,
});
export type UpdateShiftInput = z.input<typeof UpdateShiftInputSchema>;

/** GET /shifts?dayOfWeek=… */
export const ShiftsQuerySchema = z.object({
  dayOfWeek: z.enum(DAYS_OF_WEEK, { error: DAY_OF_WEEK_MESSAGE }).optional(),
});

/** The person on a registration, as staff reports show them. */
export const ScheduleUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  playaName: z.string().nullable(),
  email: z.string(),
});
export type ScheduleUser = z.infer<typeof ScheduleUserSchema>;

/** GET /shifts/{id}/registrations: one row per registration and job of the shift. */
export const ShiftRegistrationSchema = z.object({
  /** The registration's id. */
  id: z.string(),
  year: z.number().int(),
  status: RegistrationStatusSchema,
  user: ScheduleUserSchema,
  job: z.object({ id: z.string(), name: z.string() }),
});
export type ShiftRegistration = z.infer<typeof ShiftRegistrationSchema>;

/** GET /shifts/with-jobs-and-registrations: the work schedule of docs/product.md §3. */
export const WorkScheduleShiftSchema = z.object({
  ...shiftBase,
  jobs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      location: z.string(),
      maxRegistrations: z.number().int(),
      registrations: z.array(z.object({ id: z.string(), user: ScheduleUserSchema })),
      /** Its people marked showed up and no-show at check-in, in the registration year only (docs/product.md §11 Check-in). */
      shows: z.number().int(),
      noShows: z.number().int(),
    }),
  ),
});
export type WorkScheduleShift = z.infer<typeof WorkScheduleShiftSchema>;

/** Optional ?year= of the staff views of registrations on shifts. */
export const ScheduleQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(2000, 'Year must be between 2000 and 2100')
    .max(2100, 'Year must be between 2000 and 2100')
    .optional(),
});

// ---- Jobs ----------------------------------------------------------------------------------------------

/** The job of docs/product.md §3; staffOnly and alwaysRequired come from its category. */
export const JobSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  categoryId: z.string(),
  category: JobCategorySchema,
  shiftId: z.string(),
  shift: ShiftSummarySchema,
  maxRegistrations: z.number().int(),
  currentRegistrations: z.number().int(),
  staffOnly: z.boolean(),
  alwaysRequired: z.boolean(),
  /** Whether people may join its line when it is full (docs/product.md §10); off unless the admin turns it on. */
  waitlistEnabled: z.boolean(),
  /**
   * False once the admin retired the job itself; whether it takes new people is jobIsActive (its shift's `active`
   * too; docs/product.md §11 "Retired jobs and shifts").
   */
  active: z.boolean(),
});
export type Job = z.infer<typeof JobSchema>;

/** A job as a registration holds it: with its shift and category. */
export const RegistrationJobDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  categoryId: z.string(),
  shiftId: z.string(),
  shift: ShiftSummarySchema,
  category: JobCategorySchema,
  /** False once retired; the person keeps it (docs/product.md §11 "Retired jobs and shifts"). */
  active: z.boolean(),
});
export type RegistrationJobDetail = z.infer<typeof RegistrationJobDetailSchema>;

const maxRegistrations = z
  .number({ error: JOB_MAX_REGISTRATIONS_MESSAGE })
  .int('Maximum registrations must be a whole number.')
  .min(1, JOB_MAX_REGISTRATIONS_MESSAGE)
  .max(JOB_MAX_REGISTRATIONS_LIMIT, `Maximum registrations must be at most ${JOB_MAX_REGISTRATIONS_LIMIT}.`);

const jobFields = {
  name: requiredText(JOB_REQUIRED_MESSAGE, 'Name', JOB_NAME_MAX),
  location: requiredText(JOB_REQUIRED_MESSAGE, 'Location', JOB_LOCATION_MAX),
  categoryId: requiredId(JOB_REQUIRED_MESSAGE, 'Invalid job category id'),
  shiftId: requiredId(JOB_REQUIRED_MESSAGE, 'Invalid shift id'),
  waitlistEnabled: z.boolean({ error: 'Waitlist when full must be true or false' }),
};

/** POST /jobs. */
export const CreateJobInputSchema = z.strictObject({
  ...jobFields,
  waitlistEnabled: jobFields.waitlistEnabled.default(false),
  maxRegistrations: maxRegistrations.default(JOB_MAX_REGISTRATIONS_DEFAULT),
});
export type CreateJobInput = z.input<typeof CreateJobInputSchema>;

/** PATCH /jobs/{id}: only the fields given change. */
export const UpdateJobInputSchema = z.strictObject({
  ...optionalFields({ ...jobFields, maxRegistrations }),
  /** false retires the job, true reactivates it (docs/product.md §11 "Retired jobs and shifts"). */
  active: activeFlag,
});
export type UpdateJobInput = z.input<typeof UpdateJobInputSchema>;

/** GET /jobs?categoryId=…&shiftId=… */
export const JobsQuerySchema = z.object({
  categoryId: z.uuid('Invalid job category id').optional(),
  shiftId: z.uuid('Invalid shift id').optional(),
});
