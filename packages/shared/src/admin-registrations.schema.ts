import { z } from 'zod';
import { AuditActionTypeSchema, RefundStatusSchema, RegistrationStatusSchema } from './enums.schema';
import {
  MAX_CAMPING_OPTIONS_PER_REGISTRATION,
  MAX_JOBS_PER_REGISTRATION,
  RegistrationCampingOptionSchema,
  RegistrationSchema,
} from './registrations.schema';
import {
  ADMIN_CANCEL_MESSAGES,
  ADMIN_EDIT_MESSAGES,
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  EDIT_NOTES_MAX,
  REGISTRATION_MESSAGES,
} from './rules';
import { textCharacters } from './schema-kit';

// The admin's registration desk, its reads (docs/product.md §2 Manage Registrations, §3 Audit record, §7).

/** Page sizes of the registrations table (docs/product.md §2, §9), and the default. */
export const ADMIN_REGISTRATION_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT = 25;
/** The last page one may ask for: enough for any camp, and it keeps OFFSET small. */
export const ADMIN_REGISTRATION_PAGE_MAX = 10_000;
export const ADMIN_REGISTRATION_SEARCH_MAX = 200;
/**
 * The columns the list may be sorted by (any other is refused): the person's name, e-mail, the year, the status
 * and the registered date. The default is the registered date, newest first.
 */
export const ADMIN_REGISTRATION_SORTS = ['name', 'email', 'year', 'status', 'registered'] as const;
export type AdminRegistrationSort = (typeof ADMIN_REGISTRATION_SORTS)[number];
export const ADMIN_REGISTRATION_SORT_ORDERS = ['asc', 'desc'] as const;
export type AdminRegistrationSortOrder = (typeof ADMIN_REGISTRATION_SORT_ORDERS)[number];
export const ADMIN_REGISTRATION_SORT_DEFAULT: {
  sort: AdminRegistrationSort;
  order: AdminRegistrationSortOrder;
} = { sort: 'registered', order: 'desc' };

export const ADMIN_REGISTRATION_MESSAGES = {
  year: 'Year must be a whole number between 2000 and 2100',
  status: 'Status must be one of PENDING, CONFIRMED, WAITLISTED or CANCELLED',
  page: `Page must be a whole number from 1 to ${ADMIN_REGISTRATION_PAGE_MAX}`,
  limit: `Limit must be one of ${ADMIN_REGISTRATION_PAGE_SIZES.join(', ')}`,
  email: `Email filter must be at most ${ADMIN_REGISTRATION_SEARCH_MAX} characters`,
  name: `Name filter must be at most ${ADMIN_REGISTRATION_SEARCH_MAX} characters`,
  q: `Search must be at most ${ADMIN_REGISTRATION_SEARCH_MAX} characters`,
  sort: `Sort must be one of ${ADMIN_REGISTRATION_SORTS.join(', ')}`,
  order: 'Order must be asc or desc',
  registrationId: 'Invalid registration id',
  notFound: 'Registration not found',
} as const;

const search = (label: string, message: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(ADMIN_REGISTRATION_SEARCH_MAX, message)
    .superRefine(textCharacters(label, 'single-line'))
    .optional();

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

/**
 * GET /admin/registrations: year, status, part of the e-mail, part of the first, last or playa name, `q` (part
 * of the name or of the e-mail: the search box above the list) (each case-insensitive; blank means no
 * filter), the column to sort by and its order (registered date, newest first, by default), page (from 1) and
 * limit (a page size of docs/product.md §9).
 */
export const AdminRegistrationsQuerySchema = z.object({
  year: wholeNumber(ADMIN_REGISTRATION_MESSAGES.year)
    .min(2000, ADMIN_REGISTRATION_MESSAGES.year)
    .max(2100, ADMIN_REGISTRATION_MESSAGES.year)
    .optional(),
  status: z.enum(RegistrationStatusSchema.options, { error: ADMIN_REGISTRATION_MESSAGES.status }).optional(),
  email: search('Email filter', ADMIN_REGISTRATION_MESSAGES.email),
  name: search('Name filter', ADMIN_REGISTRATION_MESSAGES.name),
  q: search('Search', ADMIN_REGISTRATION_MESSAGES.q),
  sort: z
    .enum(ADMIN_REGISTRATION_SORTS, { error: ADMIN_REGISTRATION_MESSAGES.sort })
    .default(ADMIN_REGISTRATION_SORT_DEFAULT.sort),
  order: z
    .enum(ADMIN_REGISTRATION_SORT_ORDERS, { error: ADMIN_REGISTRATION_MESSAGES.order })
    .default(ADMIN_REGISTRATION_SORT_DEFAULT.order),
  page: wholeNumber(ADMIN_REGISTRATION_MESSAGES.page)
    .min(1, ADMIN_REGISTRATION_MESSAGES.page)
    .max(ADMIN_REGISTRATION_PAGE_MAX, ADMIN_REGISTRATION_MESSAGES.page)
    .default(1),
  limit: wholeNumber(ADMIN_REGISTRATION_MESSAGES.limit)
    .refine(
      (value) => (ADMIN_REGISTRATION_PAGE_SIZES as readonly number[]).includes(value),
      ADMIN_REGISTRATION_MESSAGES.limit,
    )
    .default(ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT),
});
export type AdminRegistrationsQuery = z.input<typeof AdminRegistrationsQuerySchema>;
export type AdminRegistrationsQueryValues = z.output<typeof AdminRegistrationsQuerySchema>;

/** The count cards: every matching registration, and each status (they add up to the total), and open offers. */
export const AdminRegistrationCountsSchema = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  waitlisted: z.number().int(),
  cancelled: z.number().int(),
  /**
   * The open waitlist offers of the matching registrations (docs/product.md §10): camping offers and shift offers
   * (decision 052); not a status.
   */
  openOffers: z.number().int(),
});
export type AdminRegistrationCounts = z.infer<typeof AdminRegistrationCountsSchema>;

/**
 * GET /admin/registrations: one page in the order asked for. `total` counts what all filters match (the pages);
 * `counts` count the same registrations by status, as the registration report's do: the cards follow every
 * filter, status included, and the four statuses add up to the total.
 */
export const AdminRegistrationListSchema = z.object({
  registrations: z.array(RegistrationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: AdminRegistrationCountsSchema,
});
export type AdminRegistrationList = z.infer<typeof AdminRegistrationListSchema>;

/** GET /admin/registrations/{id}/camping-options: the registration's options, by name. */
export const AdminRegistrationCampingOptionsSchema = z.array(RegistrationCampingOptionSchema);

/** Path parameter of the admin registration routes. */
export const AdminRegistrationParamsSchema = z.object({
  id: z.uuid(ADMIN_REGISTRATION_MESSAGES.registrationId),
});

/** docs/product.md §3 Audit record. adminUser is null when the admin's account has been deleted. */
export const AuditRecordSchema = z.object({
  id: z.string(),
  transactionId: z.string().nullable(),
  actionType: AuditActionTypeSchema,
  adminUser: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  reason: z.string().nullable(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** GET /admin/registrations/{id}/audit-trail: newest first. */
export const AuditTrailSchema = z.array(AuditRecordSchema);

const uniqueSorted = (ids: string[]) => [...new Set(ids)].sort();

/**
 * PUT /admin/registrations/{id} (docs/product.md §5 Admin edit): the status (PENDING, CONFIRMED or WAITLISTED; CANCELLED
 * is refused with the pointer to the cancel), the complete lists of job and camping option ids the
 * registration is to hold (repeats ignored; an omitted list or status stays as it is), optional notes (kept
 * as the audit records' reason) and whether to mail the person (default off). At least one camping option.
 */
export const UpdateRegistrationInputSchema = z.strictObject({
  status: z
    .enum(RegistrationStatusSchema.options, { error: ADMIN_EDIT_MESSAGES.status })
    .refine((status) => status !== 'CANCELLED', ADMIN_EDIT_MESSAGES.useCancel)
    .optional(),
  jobIds: z
    .array(z.uuid('Invalid job id'), { error: 'jobIds must be a list of job ids' })
    .max(MAX_JOBS_PER_REGISTRATION, 'Too many shifts selected')
    .transform(uniqueSorted)
    .optional(),
  campingOptionIds: z
    .array(z.uuid('Invalid camping option id'), {
      error: 'campingOptionIds must be a list of camping option ids',
    })
    .min(1, REGISTRATION_MESSAGES.selectOption)
    .max(MAX_CAMPING_OPTIONS_PER_REGISTRATION, 'Too many camping options')
    .transform(uniqueSorted)
    .optional(),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(EDIT_NOTES_MAX, ADMIN_EDIT_MESSAGES.notesLong)
    .superRefine(textCharacters('Notes', 'multi-line'))
    .nullish()
    .transform((value) => (value ? value : null)),
  sendNotification: z.boolean({ error: ADMIN_EDIT_MESSAGES.sendNotification }).default(false),
  /**
   * The admin knows the jobs overlap in time and saves anyway (docs/product.md §11, decision 056): without it an
   * edit whose jobs overlap is refused (409).
   */
  acknowledgeOverlap: z.boolean({ error: ADMIN_EDIT_MESSAGES.acknowledgeOverlap }).default(false),
});
export type UpdateRegistrationInput = z.input<typeof UpdateRegistrationInputSchema>;
export type UpdateRegistrationValues = z.output<typeof UpdateRegistrationInputSchema>;

/**
 * DELETE /admin/registrations/{id} (docs/product.md §5 Admin cancel): a reason (trimmed, at least 10 characters), and
 * whether to mail the person and to refund the registration's completed payments (both off by default).
 */
export const CancelRegistrationInputSchema = z.strictObject({
  reason: z
    .string({ error: ADMIN_CANCEL_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: ADMIN_CANCEL_MESSAGES.reasonRequired, abort: true })
    .min(CANCEL_REASON_MIN, ADMIN_CANCEL_MESSAGES.reasonShort)
    .max(CANCEL_REASON_MAX, ADMIN_CANCEL_MESSAGES.reasonLong)
    .superRefine(textCharacters('Reason', 'multi-line')),
  sendNotification: z.boolean({ error: ADMIN_CANCEL_MESSAGES.sendNotification }).default(false),
  processRefund: z.boolean({ error: ADMIN_CANCEL_MESSAGES.processRefund }).default(false),
});
export type CancelRegistrationInput = z.input<typeof CancelRegistrationInputSchema>;
export type CancelRegistrationValues = z.output<typeof CancelRegistrationInputSchema>;

/**
 * One refund asked for by a cancel: SUCCEEDED; PENDING when Stripe could not be reached (outcome unknown,
 * finished by the next refund request of that payment); FAILED when Stripe refused. `message` says why.
 */
export const CancelRefundOutcomeSchema = z.object({
  paymentId: z.string(),
  /** Decimal dollars: the refund's amount (all that was left of the payment), or the payment's if it failed. */
  amount: z.number(),
  status: RefundStatusSchema,
  message: z.string().nullable(),
});
export type CancelRefundOutcome = z.infer<typeof CancelRefundOutcomeSchema>;

/** DELETE /admin/registrations/{id}: the cancelled registration and the refunds tried after the commit. */
export const CancelRegistrationResponseSchema = z.object({
  registration: z.object({ id: z.string(), status: RegistrationStatusSchema }),
  refunds: z.array(CancelRefundOutcomeSchema),
});
export type CancelRegistrationResponse = z.infer<typeof CancelRegistrationResponseSchema>;
