// Enumerations of docs/product.md §3/§4 with their labels and colours: plain values, no zod (the schemas are in ../enums).

export const ROLES = ['ADMIN', 'STAFF', 'PARTICIPANT'] as const;
export type Role = (typeof ROLES)[number];

/** Staff and admins pay the staff rate and see staff-only work (docs/product.md §6). */
export const isStaffRole = (role: Role): boolean => role === 'STAFF' || role === 'ADMIN';

/** docs/product.md §3 User: roles shown lower-cased, with PARTICIPANT as "user". */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'admin', STAFF: 'staff', PARTICIPANT: 'user' };

export const REGISTRATION_STATUSES = ['PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Badge colours of docs/product.md §4 (CANCELLED only appears in history). */
export const REGISTRATION_STATUS_COLORS: Record<RegistrationStatus, string> = {
  PENDING: 'yellow',
  CONFIRMED: 'green',
  WAITLISTED: 'orange',
  CANCELLED: 'gray',
};

/**
 * A status in words, for mails and every filter and select (one map, so no list says 'PENDING' where another
 * says 'Pending'). Badges show the status as the API spells it, in capitals.
 */
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  WAITLISTED: 'Waitlisted',
  CANCELLED: 'Cancelled',
};

/**
 * A waitlist offer's state (docs/product.md §10): OPEN holds the places until it is accepted, declined, runs out
 * (EXPIRED), is passed over by an admin (SKIPPED) or ends because the registration left the line (WITHDRAWN).
 */
export const OFFER_STATES = ['OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'SKIPPED', 'WITHDRAWN'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  OPEN: 'Offered',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  EXPIRED: 'Expired',
  SKIPPED: 'Skipped',
  WITHDRAWN: 'Withdrawn',
};

/**
 * Work that happens later (docs/architecture.md §9), kept as rows with a due time. WAITLIST_FILL offers the free
 * places of a year to the people in line.
 */
export const TIMED_TASK_KINDS = ['WAITLIST_FILL'] as const;
export type TimedTaskKind = (typeof TIMED_TASK_KINDS)[number];
export const TIMED_TASK_STATES = ['PENDING', 'DONE', 'FAILED'] as const;
export type TimedTaskState = (typeof TIMED_TASK_STATES)[number];

export const PAYMENT_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Badge colours of payment statuses (docs/product.md §4 names none; these read like the registration ones). */
/** A payment status in words, for every filter and select (badges show the status as the API spells it). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  COMPLETED: 'green',
  PENDING: 'yellow',
  FAILED: 'red',
  REFUNDED: 'gray',
};

/** STRIPE and PAYPAL (docs/product.md §9); MANUAL: cash, check or bank transfer recorded by an admin (decision 016). */
export const PAYMENT_PROVIDERS = ['STRIPE', 'PAYPAL', 'MANUAL'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  STRIPE: 'Stripe',
  PAYPAL: 'PayPal',
  MANUAL: 'Manual',
};

/** How a manual payment was made. */
export const MANUAL_PAYMENT_METHODS = ['CASH', 'CHECK', 'BANK_TRANSFER'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  CASH: 'Cash',
  CHECK: 'Check',
  BANK_TRANSFER: 'Bank transfer',
};

/** A refund's state: PENDING while the provider is asked, then SUCCEEDED or FAILED. */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Festival days in schedule order (docs/product.md §2 work schedule, §3 Shift). */
export const DAYS_OF_WEEK = [
  'PRE_OPENING',
  'OPENING_SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'CLOSING_SUNDAY',
  'POST_EVENT',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const DAY_LABELS: Record<DayOfWeek, string> = {
  PRE_OPENING: 'Pre-Opening',
  OPENING_SUNDAY: 'Opening Sunday',
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  CLOSING_SUNDAY: 'Closing Sunday',
  POST_EVENT: 'Post-Event',
};

/** Sort key of a day in festival order; unknown days sort last. */
export function dayOrder(day: string): number {
  const index = (DAYS_OF_WEEK as readonly string[]).indexOf(day);
  return index === -1 ? DAYS_OF_WEEK.length : index;
}

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

export const AUDIT_ACTION_TYPES = [
  'REGISTRATION_EDIT',
  'REGISTRATION_CANCEL',
  'PAYMENT_REFUND',
  'WORK_SHIFT_ADD',
  'WORK_SHIFT_REMOVE',
  'WORK_SHIFT_MODIFY',
  'CAMPING_OPTION_ADD',
  'CAMPING_OPTION_REMOVE',
  'CAMPING_OPTION_MODIFY',
  'PAYMENT_MANUAL',
  // The waitlist (docs/product.md §10); adminUserId is null where the person or the app acted.
  'WAITLIST_JOIN',
  'WAITLIST_LEAVE',
  'WAITLIST_OFFER',
  'WAITLIST_ACCEPT',
  'WAITLIST_DECLINE',
  'WAITLIST_EXPIRE',
  'WAITLIST_SKIP',
  'WAITLIST_REMOVE',
  'WAITLIST_MOVE',
] as const;
export type AuditActionType = (typeof AUDIT_ACTION_TYPES)[number];

export const TEST_EMAIL_STATUSES = ['SENT', 'FAILED', 'PENDING'] as const;
export type TestEmailStatus = (typeof TEST_EMAIL_STATUSES)[number];

export const PAYPAL_MODES = ['sandbox', 'live'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];

/** Time-zone choices of docs/product.md §9, value and label. */
export const TIME_ZONE_OPTIONS = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/New_York', label: 'Eastern' },
] as const;
export const TIME_ZONES = TIME_ZONE_OPTIONS.map((option) => option.value);
