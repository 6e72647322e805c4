import { z } from 'zod';

// The security events (decision 022) as admins read them: sign-in and session events, and admin changes outside
// registrations and payments (those are audit records).

/** Every kind of security event the API records. */
export const SECURITY_EVENT_TYPES = [
  // Sign-in and sessions
  'sign_in.success',
  'sign_in.wrong_code',
  'sign_in.paused',
  'sign_in.rate_limited',
  // The one-click sign-in link (decision 062): a sign-in by link, and a link refused (invalid or other browser)
  'sign_in.link',
  'sign_in.link_refused',
  'session.refresh_reuse',
  'session.logout',
  'session.logout_all',
  'session.ended_by_admin',
  // Passkeys (decision 061): a person's own, and signing in with one
  'passkey.added',
  'passkey.removed',
  'passkey.renamed',
  'sign_in.passkey',
  'sign_in.passkey_failed',
  // A person's calendar feed link reset (decision 054): the old link stops working
  'calendar.link_reset',
  // Admin changes
  'config.created',
  'config.updated',
  'user.created',
  'user.updated',
  'user.deleted',
  // An account erased by its person or an admin (docs/product.md §12 My data): no personal data in it
  'user.erased',
  // The daily retention purge (decision 063): what it removed, as counts
  'retention.purged',
  'camping_option.created',
  'camping_option.updated',
  'camping_option.deleted',
  'camping_option_field.created',
  'camping_option_field.updated',
  'camping_option_field.deleted',
  'camping_option_field.reordered',
  'job_category.created',
  'job_category.updated',
  'job_category.deleted',
  'job.created',
  'job.updated',
  'job.deleted',
  'shift.created',
  'shift.updated',
  'shift.deleted',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The last page one may ask for, and the largest page. */
export const SECURITY_EVENTS_PAGE_MAX = 10_000;
export const SECURITY_EVENTS_LIMIT_MAX = 100;
export const SECURITY_EVENTS_LIMIT_DEFAULT = 50;

export const SECURITY_EVENTS_MESSAGES = {
  type: `Type must be one of ${SECURITY_EVENT_TYPES.join(', ')}`,
  email: 'E-mail must be at most 254 characters',
  page: `Page must be a whole number from 1 to ${SECURITY_EVENTS_PAGE_MAX}`,
  limit: `Limit must be a whole number from 1 to ${SECURITY_EVENTS_LIMIT_MAX}`,
} as const;

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

/** GET /admin/security-events: filters (type, exact e-mail) and the page. */
export const SecurityEventsQuerySchema = z.strictObject({
  type: z.enum(SECURITY_EVENT_TYPES, { error: SECURITY_EVENTS_MESSAGES.type }).optional(),
  /** The exact address (sign-in events carry it as typed, lower-cased). */
  email: z
    .string({ error: SECURITY_EVENTS_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, SECURITY_EVENTS_MESSAGES.email)
    .optional(),
  page: wholeNumber(SECURITY_EVENTS_MESSAGES.page, SECURITY_EVENTS_PAGE_MAX).default(1),
  limit: wholeNumber(SECURITY_EVENTS_MESSAGES.limit, SECURITY_EVENTS_LIMIT_MAX).default(
    SECURITY_EVENTS_LIMIT_DEFAULT,
  ),
});
export type SecurityEventsQuery = z.input<typeof SecurityEventsQuerySchema>;
export type SecurityEventsQueryValues = z.output<typeof SecurityEventsQuerySchema>;

/** One event; `details` holds the reason or the changed fields (old and new, secrets redacted). ISO dates. */
export const SecurityEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  actorUserId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type SecurityEventDto = z.infer<typeof SecurityEventSchema>;

/** A page of events, newest first; `total` counts the events matching the filters. */
export const SecurityEventListSchema = z.object({
  events: z.array(SecurityEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SecurityEventList = z.infer<typeof SecurityEventListSchema>;
