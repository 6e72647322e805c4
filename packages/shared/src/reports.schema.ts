import { z } from 'zod';
import { DayOfWeekSchema, FieldDataTypeSchema, RegistrationStatusSchema, RoleSchema } from './enums.schema';
import { LIST_TEXTS } from './rules';

// The reports (docs/product.md §2 Reports, §6, decision 019): registrations and users as one read each, for staff and
// admins. The payment report reads GET /payments (admin) and the work schedule GET
// /shifts/with-jobs-and-registrations (staff and admins). Amounts are decimal dollars (docs/architecture.md §5).

/** The user report's status filter values (docs/product.md §9): holding a registration of the year that is not cancelled, or not. */
export const USER_REPORT_STATUSES = ['active', 'inactive'] as const;
export type UserReportStatus = (typeof USER_REPORT_STATUSES)[number];

export const REPORT_MESSAGES = {
  year: 'Year must be a whole number between 2000 and 2100',
  status: 'Status must be one of PENDING, CONFIRMED, WAITLISTED or CANCELLED',
  userStatus: 'Status must be active or inactive',
  hasNoShows: 'Has no-shows must be true or false',
  role: 'Role must be one of ADMIN, STAFF or PARTICIPANT',
  campingOptionId: 'Invalid camping option id',
  noAccess: "You don't have access to any reports with your current role.",
  fetchRegistrationsFailed: LIST_TEXTS.fetchRegistrationsData,
  fetchPaymentsFailed: LIST_TEXTS.fetchPaymentsData,
  invalidPayments: 'Received invalid payment data format',
  fetchUsersFailed: 'Failed to fetch users data',
  fetchScheduleFailed: 'Failed to fetch work schedule data',
  noSchedule: 'No Schedule Data Available',
  noRegistrations: LIST_TEXTS.noRegistrations,
  noPayments: LIST_TEXTS.noPayments,
  noUsers: LIST_TEXTS.noUsers,
} as const;

const year = z.coerce
  .number({ error: REPORT_MESSAGES.year })
  .int(REPORT_MESSAGES.year)
  .min(2000, REPORT_MESSAGES.year)
  .max(2100, REPORT_MESSAGES.year);

/** GET /reports/registrations: every filter optional (no year: every year). */
export const RegistrationReportQuerySchema = z.strictObject({
  year: year.optional(),
  status: z.enum(RegistrationStatusSchema.options, { error: REPORT_MESSAGES.status }).optional(),
  campingOptionId: z.uuid(REPORT_MESSAGES.campingOptionId).optional(),
});
export type RegistrationReportQuery = z.input<typeof RegistrationReportQuerySchema>;
export type RegistrationReportQueryValues = z.output<typeof RegistrationReportQuerySchema>;

/** A person as the reports show them: the profile fields of docs/product.md §3 (never flags, notes or secrets). */
export const ReportPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  playaName: z.string().nullable(),
  role: RoleSchema,
  phone: z.string().nullable(),
  city: z.string().nullable(),
  stateProvince: z.string().nullable(),
  country: z.string().nullable(),
  emergencyContact: z.string().nullable(),
});
export type ReportPerson = z.infer<typeof ReportPersonSchema>;

/** A job a registration holds, flat, with its shift and category. */
export const ReportJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  category: z.string(),
  shiftName: z.string(),
  dayOfWeek: DayOfWeekSchema,
  /** Which date of a festival day spanning several (Pre-Opening, Post-Event); 1 otherwise (docs/product.md §11). */
  dayOffset: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;

/** One registration of the report: the person, what they chose, their custom field answers, their money. */
export const RegistrationReportRowSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  status: RegistrationStatusSchema,
  createdAt: z.string(),
  user: ReportPersonSchema,
  campingOptions: z.array(z.object({ id: z.string(), name: z.string() })),
  jobs: z.array(ReportJobSchema),
  /** Answers by custom field id, as stored (text; booleans 'true'/'false', dates YYYY-MM-DD). */
  customFields: z.record(z.string(), z.string().nullable()),
  /** Completed payments less what was refunded. Admins only: staff read the report without money. */
  paidAmount: z.number().optional(),
  /** What is still owed: the PENDING payments. Admins only, as paidAmount. */
  outstandingAmount: z.number().optional(),
});
export type RegistrationReportRow = z.infer<typeof RegistrationReportRowSchema>;

/** A custom field that answers may exist for: a column of the report. */
export const ReportFieldSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  dataType: FieldDataTypeSchema,
  campingOptionId: z.string(),
  campingOptionName: z.string(),
});
export type ReportField = z.infer<typeof ReportFieldSchema>;

export const RegistrationReportCountsSchema = z.object({
  total: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  waitlisted: z.number().int(),
  cancelled: z.number().int(),
});
export type RegistrationReportCounts = z.infer<typeof RegistrationReportCountsSchema>;

/**
 * GET /reports/registrations: the matching registrations, newest first, not paginated; the counts of what was
 * returned by status; the custom fields (columns); every year that has registrations, newest first (docs/product.md §9:
 * the filter's years come from the data).
 */
export const RegistrationReportSchema = z.object({
  registrations: z.array(RegistrationReportRowSchema),
  counts: RegistrationReportCountsSchema,
  fields: z.array(ReportFieldSchema),
  years: z.array(z.number().int()),
});
export type RegistrationReport = z.infer<typeof RegistrationReportSchema>;

/** GET /reports/users: the year (default the registration year), active or inactive in it, a role, no-shows. */
export const UserReportQuerySchema = z.strictObject({
  year: year.optional(),
  status: z.enum(USER_REPORT_STATUSES, { error: REPORT_MESSAGES.userStatus }).optional(),
  role: z.enum(RoleSchema.options, { error: REPORT_MESSAGES.role }).optional(),
  /** Only people with (true) or without (false) a no-show on a shift of the year (docs/product.md §11 Check-in). */
  hasNoShows: z
    .enum(['true', 'false'], { error: REPORT_MESSAGES.hasNoShows })
    .transform((value) => value === 'true')
    .optional(),
});
export type UserReportQuery = z.input<typeof UserReportQuerySchema>;
export type UserReportQueryValues = z.output<typeof UserReportQuerySchema>;

export const UserReportRowSchema = ReportPersonSchema.extend({
  isEmailVerified: z.boolean(),
  createdAt: z.string(),
  /** The status of the person's registration of the year that is not cancelled, or null. */
  registrationStatus: RegistrationStatusSchema.nullable(),
  /** Holds a registration of the year that is not cancelled. */
  active: z.boolean(),
  /** Its shifts of the year marked showed up and no-show at check-in (docs/product.md §11 Check-in). */
  shows: z.number().int(),
  noShows: z.number().int(),
});
export type UserReportRow = z.infer<typeof UserReportRowSchema>;

/** GET /reports/users: every matching person by name, not paginated, with the counts of the year. */
export const UserReportSchema = z.object({
  year: z.number().int(),
  users: z.array(UserReportRowSchema),
  counts: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
});
export type UserReport = z.infer<typeof UserReportSchema>;
