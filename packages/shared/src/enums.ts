import { z } from 'zod';

export const ROLES = ['ADMIN', 'STAFF', 'PARTICIPANT'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The spec shows roles lower-cased, with PARTICIPANT as "user". */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'admin', STAFF: 'staff', PARTICIPANT: 'user' };

export const REGISTRATION_STATUSES = ['PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED'] as const;
export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

/** Badge colours of spec §4 (CANCELLED only appears in history). */
export const REGISTRATION_STATUS_COLORS: Record<RegistrationStatus, string> = {
  PENDING: 'yellow',
  CONFIRMED: 'green',
  WAITLISTED: 'orange',
  CANCELLED: 'gray',
};

export const PAYMENT_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PAYMENT_PROVIDERS = ['STRIPE', 'PAYPAL'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** Festival days in schedule order (spec §2 work schedule, §3 Shift). */
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
export const DayOfWeekSchema = z.enum(DAYS_OF_WEEK);
export type DayOfWeek = z.infer<typeof DayOfWeekSchema>;

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
export const FieldDataTypeSchema = z.enum(FIELD_DATA_TYPES);
export type FieldDataType = z.infer<typeof FieldDataTypeSchema>;

/** Legacy TEXT and SELECT types read as STRING (spec §3). */
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
] as const;
export const AuditActionTypeSchema = z.enum(AUDIT_ACTION_TYPES);
export type AuditActionType = z.infer<typeof AuditActionTypeSchema>;

export const TEST_EMAIL_STATUSES = ['SENT', 'FAILED', 'PENDING'] as const;
export type TestEmailStatus = (typeof TEST_EMAIL_STATUSES)[number];

export const PAYPAL_MODES = ['sandbox', 'live'] as const;
export const PaypalModeSchema = z.enum(PAYPAL_MODES);
export type PaypalMode = z.infer<typeof PaypalModeSchema>;

/** Time-zone choices of spec §9, value and label. */
export const TIME_ZONE_OPTIONS = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/New_York', label: 'Eastern' },
] as const;
export const TIME_ZONES = TIME_ZONE_OPTIONS.map((option) => option.value);
