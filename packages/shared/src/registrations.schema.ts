import { z } from 'zod';
import { CampingOptionSummarySchema } from './camping-options.schema';
import { AttendanceSchema } from './check-in.schema';
import { CampWithSchema, SubmitDrawEntryResponseSchema } from './draw.schema';
import {
  FieldDataTypeSchema,
  PaymentProviderSchema,
  PaymentStatusSchema,
  RegistrationStatusSchema,
} from './enums.schema';
import { REGISTRATION_MESSAGES, SHIFT_CHANGE_MAX, SHIFT_CHANGE_MESSAGES } from './rules';
import { WaitJobsSchema } from './shift-waitlist.schema';
import { RegistrationWaitlistSchema } from './waitlist.schema';
import { RegistrationJobDetailSchema } from './work.schema';

// Registrations: the wizard's submission and the dashboard's reads (docs/product.md §3, §7). Amounts are decimal
// dollars in JSON (docs/architecture.md §5).

export const MAX_CAMPING_OPTIONS_PER_REGISTRATION = 20;
export const MAX_JOBS_PER_REGISTRATION = 100;
export const MAX_CUSTOM_FIELD_VALUES = 500;
export const CUSTOM_FIELD_TEXT_MAX = 100_000;

const unique = (ids: string[]) => [...new Set(ids)];

/** A custom field value as sent: text, number, true/false or null (checked against its field on the server). */
export const CustomFieldValueSchema = z.union(
  [
    z
      .string()
      .max(CUSTOM_FIELD_TEXT_MAX, `A custom field value must be at most ${CUSTOM_FIELD_TEXT_MAX} characters`),
    z.number(),
    z.boolean(),
    z.null(),
  ],
  { error: 'A custom field value must be text, a number, true or false, or null' },
);

/**
 * POST /registrations/camp: the registration submission payload of docs/product.md §3. Repeated ids are ignored. The
 * browser never sends an amount: the server computes the dues.
 */
export const RegistrationSubmissionSchema = z.strictObject({
  campingOptions: z
    .array(z.uuid('Invalid camping option id'), { error: REGISTRATION_MESSAGES.selectOption })
    .min(1, REGISTRATION_MESSAGES.selectOption)
    .max(MAX_CAMPING_OPTIONS_PER_REGISTRATION, 'Too many camping options')
    .transform(unique),
  customFields: z
    .record(z.uuid(), CustomFieldValueSchema, {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'Invalid custom field id'
          : 'Custom fields must be an object of field ids and values',
    })
    .refine((values) => Object.keys(values).length <= MAX_CUSTOM_FIELD_VALUES, 'Too many custom field values')
    .default({}),
  jobs: z
    .array(z.uuid('Invalid job id'), { error: 'Jobs must be a list of job ids' })
    .max(MAX_JOBS_PER_REGISTRATION, 'Too many shifts selected')
    .default([])
    .transform(unique),
  acceptedTerms: z.literal(true, { error: REGISTRATION_MESSAGES.acceptTerms }),
  /**
   * The person agrees to wait (docs/product.md §10): when a chosen camping option is full and has a waitlist, the
   * registration is stored as WAITLISTED holding no place, instead of the 409 "is full".
   */
  joinWaitlist: z.boolean({ error: 'joinWaitlist must be true or false' }).default(false),
  /**
   * Full jobs whose waitlist is on that the person waits for (docs/product.md §10, decision 052): they do not count
   * towards the shifts needed, and none may also be in `jobs`. Ignored while the application window is open.
   */
  waitJobs: WaitJobsSchema.default([]),
  /**
   * While the application window is open (docs/product.md §10): the people to be drawn together with. Ignored
   * outside the window.
   */
  campWith: CampWithSchema.default([]),
});
export type RegistrationSubmission = z.input<typeof RegistrationSubmissionSchema>;
export type RegistrationSubmissionValues = z.output<typeof RegistrationSubmissionSchema>;

/**
 * POST /registrations/me/shift-changes (docs/product.md §11, decision 057): the jobs the caller drops and takes, in
 * one change. Repeated ids are ignored.
 */
const shiftChangeIds = z
  .array(z.uuid('Invalid job id'), { error: 'Shifts must be a list of job ids' })
  .max(SHIFT_CHANGE_MAX, SHIFT_CHANGE_MESSAGES.tooMany)
  .default([])
  .transform(unique);
export const ShiftChangesSchema = z.strictObject({ drop: shiftChangeIds, take: shiftChangeIds });
export type ShiftChanges = z.input<typeof ShiftChangesSchema>;
export type ShiftChangesValues = z.output<typeof ShiftChangesSchema>;

// ---- Reads ---------------------------------------------------------------------------------------------

/** The person a registration belongs to (docs/product.md §3). */
export const RegistrationUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  playaName: z.string().nullable(),
  email: z.string(),
});
export type RegistrationUser = z.infer<typeof RegistrationUserSchema>;

/** One job of a registration; id is the link's id. */
export const RegistrationJobSchema = z.object({
  id: z.string(),
  job: RegistrationJobDetailSchema,
  /** Its check-in mark, null until staff mark it (docs/product.md §11 Check-in). */
  attendance: AttendanceSchema.nullable(),
});
export type RegistrationJob = z.infer<typeof RegistrationJobSchema>;

/** One camping option of a registration; id is the link's id. */
export const RegistrationCampingOptionSchema = z.object({
  id: z.string(),
  campingOption: CampingOptionSummarySchema,
});
export type RegistrationCampingOption = z.infer<typeof RegistrationCampingOptionSchema>;

/** A payment of a registration. amount is decimal dollars. */
export const RegistrationPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: PaymentStatusSchema,
  createdAt: z.string(),
  provider: PaymentProviderSchema,
  providerRefId: z.string().nullable(),
  registrationId: z.string().nullable(),
  /**
   * A refund of this payment that has not given the money back: PENDING (being made, or Stripe did not
   * answer) or FAILED (refused, waiting for an admin's retry); null when there is none.
   */
  refundStatus: z.enum(['PENDING', 'FAILED']).nullable(),
});
export type RegistrationPayment = z.infer<typeof RegistrationPaymentSchema>;

/** The registration of docs/product.md §3. Jobs in festival order, options by name, payments oldest first. */
export const RegistrationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  year: z.number().int(),
  status: RegistrationStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  user: RegistrationUserSchema,
  jobs: z.array(RegistrationJobSchema),
  campingOptions: z.array(RegistrationCampingOptionSchema),
  payments: z.array(RegistrationPaymentSchema),
  /** What is still owed, in dollars, as the server counts it (docs/product.md §2; decision 040). */
  amountOwed: z.number(),
  /**
   * When its dues must be paid (ISO time), when the camp has a payment deadline and dues are owed after an
   * accepted offer or a won place (docs/product.md §10); else null.
   */
  payBy: z.string().nullable(),
  /** Its place in the waitlist's lines and its open offer, when WAITLISTED (docs/product.md §10); else null. */
  waitlist: RegistrationWaitlistSchema.nullable(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/**
 * GET /registrations (staff and admins): everyone's registrations; the payments and amountOwed only for admins (staff read
 * no one's money; everyone reads their own on GET /registrations/me).
 */
export const RegistrationListItemSchema = RegistrationSchema.extend({
  payments: RegistrationSchema.shape.payments.optional(),
  amountOwed: RegistrationSchema.shape.amountOwed.optional(),
  payBy: RegistrationSchema.shape.payBy.optional(),
});
export type RegistrationListItem = z.infer<typeof RegistrationListItemSchema>;

/** POST /registrations/camp answers 201 with this. */
export const SubmitRegistrationResponseSchema = z.object({
  jobRegistration: z.object({ id: z.string(), status: RegistrationStatusSchema, year: z.number().int() }),
  registration: RegistrationSchema,
});
export type SubmitRegistrationResponse = z.infer<typeof SubmitRegistrationResponseSchema>;

/** POST /registrations/camp answers a registration, or a draw entry while the application window is open. */
export const SubmitCampResponseSchema = z.union([
  SubmitRegistrationResponseSchema,
  SubmitDrawEntryResponseSchema,
]);
export type SubmitCampResponse = z.infer<typeof SubmitCampResponseSchema>;

/** A custom field answer of the camp registration, typed by its field (BOOLEAN → true/false, numbers). */
export const CustomFieldAnswerSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  value: CustomFieldValueSchema,
  field: z.object({
    id: z.string(),
    displayName: z.string(),
    dataType: FieldDataTypeSchema,
    campingOptionId: z.string(),
    order: z.number().int(),
  }),
});
export type CustomFieldAnswer = z.infer<typeof CustomFieldAnswerSchema>;

/**
 * GET /registrations/camp/me: the camp registration of docs/product.md §3, a view of the current registration (the
 * first active one of the configured year). With none, registrationId is null and the lists are empty.
 */
export const CampRegistrationSchema = z.object({
  registrationId: z.string().nullable(),
  year: z.number().int(),
  status: RegistrationStatusSchema.nullable(),
  campingOptions: z.array(RegistrationCampingOptionSchema),
  customFieldValues: z.array(CustomFieldAnswerSchema),
});
export type CampRegistration = z.infer<typeof CampRegistrationSchema>;

const yearQuery = z.coerce
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(2000, 'Year must be between 2000 and 2100')
  .max(2100, 'Year must be between 2000 and 2100');

/** GET /registrations/me?year= (all years when absent). */
export const MyRegistrationsQuerySchema = z.object({ year: yearQuery.optional() });

/** GET /registrations?userId=&jobId=&year= (staff and admins). */
export const RegistrationsQuerySchema = z.object({
  userId: z.uuid('Invalid user id').optional(),
  jobId: z.uuid('Invalid job id').optional(),
  year: yearQuery.optional(),
});
