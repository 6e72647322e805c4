import { z } from 'zod';
import { FieldDataTypeSchema } from './enums.schema';
import { missingOr, optionalFields, textCharacters } from './schema-kit';
import {
  AVAILABILITY_STATUSES,
  CAMPING_OPTION_DESCRIPTION_MAX,
  CAMPING_OPTION_NAME_MAX,
  DUES_MAX_DOLLARS,
  FIELD_DATA_TYPE_MESSAGE,
  FIELD_DESCRIPTION_MAX,
  FIELD_DISPLAY_NAME_MAX,
  FIELD_LENGTH_LIMIT,
  FIELD_ORDER_LIMIT,
  MAX_SIGNUPS_LIMIT,
  WORK_SHIFTS_REQUIRED_LIMIT,
  fieldLimitIssues,
  isWholeCents,
  normalizeFieldDataType,
} from './rules';

// Camping options and their custom fields (docs/product.md §3, §5, §7). Messages word for word.

const dues = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(DUES_MAX_DOLLARS, `${label} must be at most ${DUES_MAX_DOLLARS}`)
    .refine(isWholeCents, `${label} must be in whole cents (at most 2 decimal places)`);

const wholeCount = (label: string, negative: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, negative)
    .max(max, `${label} must be at most ${max}`);

// ---- Fields --------------------------------------------------------------------------------------------

export const AvailabilityStatusSchema = z.enum(AVAILABILITY_STATUSES);

export const CampingOptionFieldSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  dataType: FieldDataTypeSchema,
  required: z.boolean(),
  maxLength: z.number().int().nullable(),
  minLength: z.number().int().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  order: z.number().int(),
  campingOptionId: z.string(),
});
export type CampingOptionField = z.infer<typeof CampingOptionFieldSchema>;

/** A data type as sent: any case, legacy TEXT and SELECT read as STRING (docs/product.md §3). */
const dataTypeInput = z.string({ error: FIELD_DATA_TYPE_MESSAGE }).transform((value, context) => {
  const type = normalizeFieldDataType(value.trim());
  if (type) return type;
  context.addIssue({ code: 'custom', message: FIELD_DATA_TYPE_MESSAGE });
  return z.NEVER;
});

const fieldFields = {
  displayName: z
    .string({ error: missingOr('Display name is required', 'Display name must be text') })
    .trim()
    .min(1, 'Display name is required')
    .max(FIELD_DISPLAY_NAME_MAX, `Display name must be at most ${FIELD_DISPLAY_NAME_MAX} characters`)
    .superRefine(textCharacters('Display name', 'single-line')),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(FIELD_DESCRIPTION_MAX, `Description must be at most ${FIELD_DESCRIPTION_MAX} characters`)
    .superRefine(textCharacters('Description', 'multi-line'))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  dataType: dataTypeInput,
  required: z.boolean({ error: 'Required must be true or false' }),
  maxLength: z
    .number({ error: 'Maximum length must be a number' })
    .int('Maximum length must be a whole number')
    .min(1, 'Maximum length must be at least 1')
    .max(FIELD_LENGTH_LIMIT, `Maximum length must be at most ${FIELD_LENGTH_LIMIT}`)
    .nullable(),
  minLength: z
    .number({ error: 'Minimum length must be a number' })
    .int('Minimum length must be a whole number')
    .min(0, 'Minimum length cannot be negative')
    .max(FIELD_LENGTH_LIMIT, `Minimum length must be at most ${FIELD_LENGTH_LIMIT}`)
    .nullable(),
  minValue: z.number({ error: 'Minimum value must be a number' }).nullable(),
  maxValue: z.number({ error: 'Maximum value must be a number' }).nullable(),
};

/** A field's place in its option's list. */
const fieldOrder = z
  .number({ error: 'Order must be a number' })
  .int('Order must be a whole number')
  .min(0, 'Order cannot be negative')
  .max(FIELD_ORDER_LIMIT, `Order must be at most ${FIELD_ORDER_LIMIT}`);

/** POST /camping-options/{id}/fields. The new field goes last unless `order` says where. */
export const CreateCampingOptionFieldInputSchema = z
  .strictObject({
    displayName: fieldFields.displayName,
    description: fieldFields.description,
    dataType: fieldFields.dataType.default('STRING'),
    required: fieldFields.required.default(false),
    maxLength: fieldFields.maxLength.default(null),
    minLength: fieldFields.minLength.default(null),
    minValue: fieldFields.minValue.default(null),
    maxValue: fieldFields.maxValue.default(null),
    // docs/product.md §3 lists `order` on a field; without it the new field goes last.
    order: fieldOrder.optional(),
  })
  .superRefine((field, context) => {
    for (const issue of fieldLimitIssues(field)) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    }
  });
export type CreateCampingOptionFieldInput = z.input<typeof CreateCampingOptionFieldInputSchema>;

/**
 * PATCH /camping-options/{id}/fields/{fieldId}: only the fields given change. Changing the data type clears
 * every stored limit not given in the same request (docs/product.md §5); the limits are then checked as a whole.
 */
export const UpdateCampingOptionFieldInputSchema = z.strictObject(optionalFields(fieldFields, 'description'));
export type UpdateCampingOptionFieldInput = z.input<typeof UpdateCampingOptionFieldInputSchema>;

/** PATCH /camping-option-fields/reorder/{optionId}. */
export const ReorderCampingOptionFieldsInputSchema = z.strictObject({
  fieldOrders: z
    .array(
      z.strictObject({
        id: z.uuid('Invalid field id'),
        order: fieldOrder,
      }),
      { error: 'fieldOrders must be a list of {id, order}' },
    )
    .max(1000, 'Too many fields to reorder at once')
    .refine((orders) => new Set(orders.map((entry) => entry.id)).size === orders.length, {
      message: 'Each field may appear only once',
    }),
});
export type ReorderCampingOptionFieldsInput = z.input<typeof ReorderCampingOptionFieldsInputSchema>;

// ---- Camping options -----------------------------------------------------------------------------------

/**
 * A camping option's own columns, as a registration holds it (no live counts or fields: see GET
 * /camping-options). Dues are decimal dollars (docs/architecture.md §5).
 */
export const CampingOptionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  workShiftsRequired: z.number().int(),
  participantDues: z.number(),
  staffDues: z.number(),
  /** 0 means unlimited. */
  maxSignups: z.number().int(),
});
export type CampingOptionSummary = z.infer<typeof CampingOptionSummarySchema>;

/** The camping option of docs/product.md §3: its columns, categories, live count and fields. */
export const CampingOptionSchema = CampingOptionSummarySchema.extend({
  /** Whether a full option may be chosen as "Join the waitlist" (docs/product.md §10). */
  waitlistEnabled: z.boolean(),
  jobCategoryIds: z.array(z.string()),
  /** Registrations holding a place: those not cancelled. */
  currentRegistrations: z.number().int(),
  availabilityStatus: AvailabilityStatusSchema,
  /** Sorted by order. */
  fields: z.array(CampingOptionFieldSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampingOption = z.infer<typeof CampingOptionSchema>;

const optionFields = {
  name: z
    .string({ error: missingOr('Name is required', 'Name must be text') })
    .trim()
    .min(1, 'Name is required')
    .max(CAMPING_OPTION_NAME_MAX, `Name must be at most ${CAMPING_OPTION_NAME_MAX} characters`)
    .superRefine(textCharacters('Name', 'single-line')),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(
      CAMPING_OPTION_DESCRIPTION_MAX,
      `Description must be at most ${CAMPING_OPTION_DESCRIPTION_MAX} characters`,
    )
    .superRefine(textCharacters('Description', 'multi-line'))
    .nullish()
    .transform((value) => (value === undefined ? undefined : (value ?? ''))),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  /** A full option may be chosen as "Join the waitlist" (docs/product.md §10). */
  waitlistEnabled: z.boolean({ error: 'Waitlist when full must be true or false' }),
  workShiftsRequired: wholeCount(
    'Work shifts required',
    'Work shifts required cannot be negative',
    WORK_SHIFTS_REQUIRED_LIMIT,
  ),
  participantDues: dues('Participant dues'),
  staffDues: dues('Staff dues'),
  maxSignups: wholeCount('Max signups', 'Max signups cannot be negative', MAX_SIGNUPS_LIMIT),
  jobCategoryIds: z
    .array(z.uuid('Invalid job category id'), { error: 'Job categories must be a list of ids' })
    .max(100, 'Too many job categories')
    .transform((ids) => [...new Set(ids)]),
};

/** POST /camping-options. Fields are added afterwards through their own endpoints. */
export const CreateCampingOptionInputSchema = z.strictObject({
  name: optionFields.name,
  description: optionFields.description,
  enabled: optionFields.enabled.default(true),
  waitlistEnabled: optionFields.waitlistEnabled.default(true),
  workShiftsRequired: optionFields.workShiftsRequired.default(0),
  participantDues: optionFields.participantDues.default(0),
  staffDues: optionFields.staffDues.default(0),
  maxSignups: optionFields.maxSignups.default(0),
  jobCategoryIds: optionFields.jobCategoryIds.default([]),
});
export type CreateCampingOptionInput = z.input<typeof CreateCampingOptionInputSchema>;

/** PATCH /camping-options/{id}: only the fields given change; jobCategoryIds, when given, replaces the list. */
export const UpdateCampingOptionInputSchema = z.strictObject(optionalFields(optionFields, 'description'));
export type UpdateCampingOptionInput = z.input<typeof UpdateCampingOptionInputSchema>;

/** GET /camping-options?includeDisabled=true (honoured for admins only). */
export const CampingOptionsQuerySchema = z.object({
  includeDisabled: z
    .enum(['true', 'false'], { error: 'includeDisabled must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
