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
