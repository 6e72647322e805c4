import { z } from 'zod';
import { AdminShiftLineSchema } from './shift-waitlist.schema';
import {
  OFFER_STATES,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_REMOVE_REASON_MAX,
  WAITLIST_REMOVE_REASON_MIN,
} from './rules';

// The waitlist's API shapes (docs/product.md §10, decision 048). Times are ISO strings.

export const OfferStateSchema = z.enum(OFFER_STATES);

/** A waitlist offer as its person and the admins read it. */
export const WaitlistOfferSchema = z.object({
  id: z.string(),
  state: OfferStateSchema,
  offeredAt: z.string(),
  /** When the held places go back to the line. */
  expiresAt: z.string(),
});
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;

/** Where a waitlisted registration stands in one camping option's line: 1 is next. */
export const WaitlistPositionSchema = z.object({
  campingOptionId: z.string(),
  name: z.string(),
  position: z.number().int().min(1),
});
export type WaitlistPosition = z.infer<typeof WaitlistPositionSchema>;

/** A WAITLISTED registration's place in the lines and its open offer (null for other statuses). */
export const RegistrationWaitlistSchema = z.object({
  joinedAt: z.string(),
  positions: z.array(WaitlistPositionSchema),
  offer: WaitlistOfferSchema.nullable(),
});
export type RegistrationWaitlist = z.infer<typeof RegistrationWaitlistSchema>;

const jobIds = z
  .array(z.uuid('Invalid job id'), { error: 'Jobs must be a list of job ids' })
  .max(100, 'Too many shifts selected')
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /waitlist-offers/:id/accept. Without `jobs` the registration keeps the shifts it chose; when one of them is
 * full the answer is 409 SHIFTS_FULL and the person chooses again (the wizard's shift rules apply to `jobs`).
 */
export const AcceptOfferSchema = z.strictObject({ jobs: jobIds.optional() });
export type AcceptOfferInput = z.input<typeof AcceptOfferSchema>;

export const OfferIdParamsSchema = z.object({ id: z.uuid('Invalid offer id') });

// The admin Waitlist screen (docs/product.md §10, `/admin/waitlist`).

const adminYear = z.coerce
  .number({ error: WAITLIST_ADMIN_MESSAGES.year })
  .int(WAITLIST_ADMIN_MESSAGES.year)
  .min(2000, WAITLIST_ADMIN_MESSAGES.year)
  .max(2100, WAITLIST_ADMIN_MESSAGES.year);

/** GET /admin/waitlist?year=: the registration year when omitted. */
export const AdminWaitlistQuerySchema = z.object({ year: adminYear.optional() });
export type AdminWaitlistQuery = z.input<typeof AdminWaitlistQuerySchema>;

export const AdminWaitlistParamsSchema = z.object({
  registrationId: z.uuid(WAITLIST_ADMIN_MESSAGES.registrationId),
});

/** The last offer of a waiting registration that has ended (an expired or skipped one), if any. */
export const AdminWaitlistLastOfferSchema = z.object({
  state: OfferStateSchema,
  decidedAt: z.string(),
});

/** One person in one option's line. */
export const AdminWaitlistEntrySchema = z.object({
  registrationId: z.string(),
  name: z.string(),
  email: z.string(),
  /** When the registration joined the waitlist (waitlisted_at). */
  joinedAt: z.string(),
  /** 1 is next. */
  position: z.number().int().min(1),
  /** The open offer; null while the person waits. */
  offer: WaitlistOfferSchema.nullable(),
  lastOffer: AdminWaitlistLastOfferSchema.nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>;

/** One camping option of the year with its places and its line in order (possibly empty). */
export const AdminWaitlistOptionSchema = z.object({
  campingOptionId: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  waitlistEnabled: z.boolean(),
  /** Places held by PENDING and CONFIRMED registrations. */
  taken: z.number().int(),
  /** Places held by open offers. */
  held: z.number().int(),
  /** 0 is unlimited. */
  maxSignups: z.number().int(),
  line: z.array(AdminWaitlistEntrySchema),
});
export type AdminWaitlistOption = z.infer<typeof AdminWaitlistOptionSchema>;

/** GET /admin/waitlist and the answer of every waitlist action: every option of the year and the totals. */
export const AdminWaitlistSchema = z.object({
  year: z.number().int(),
  options: z.array(AdminWaitlistOptionSchema),
  /** Every job whose waitlist is on or that has people in line (decision 052), in festival order. */
  shifts: z.array(AdminShiftLineSchema),
  /** openOffers counts camping option offers and shift offers; shiftWaiting the people in shift lines. */
  totals: z.object({
    waitlisted: z.number().int(),
    openOffers: z.number().int(),
    shiftWaiting: z.number().int(),
  }),
});
export type AdminWaitlist = z.infer<typeof AdminWaitlistSchema>;

/** POST /admin/waitlist/:registrationId/offer and /skip: an optional reason kept in the audit record. */
export const AdminWaitlistActionSchema = z.strictObject({
  reason: z
    .string({ error: WAITLIST_ADMIN_MESSAGES.reason })
    .trim()
    .max(WAITLIST_REMOVE_REASON_MAX, WAITLIST_ADMIN_MESSAGES.reason)
    .optional(),
});
export type AdminWaitlistActionInput = z.input<typeof AdminWaitlistActionSchema>;

/** POST /admin/waitlist/:registrationId/remove: the reason is required (the person's mail states it). */
export const AdminWaitlistRemoveSchema = z.strictObject({
  reason: z
    .string({ error: WAITLIST_ADMIN_MESSAGES.reason })
    .trim()
    .min(WAITLIST_REMOVE_REASON_MIN, WAITLIST_ADMIN_MESSAGES.reason)
    .max(WAITLIST_REMOVE_REASON_MAX, WAITLIST_ADMIN_MESSAGES.reason),
});
export type AdminWaitlistRemoveInput = z.input<typeof AdminWaitlistRemoveSchema>;

/** POST /admin/waitlist/:registrationId/move: one place up or down in the line of one option. */
export const AdminWaitlistMoveSchema = z.strictObject({
  campingOptionId: z.uuid(WAITLIST_ADMIN_MESSAGES.campingOptionId),
  direction: z.enum(['up', 'down'], { error: WAITLIST_ADMIN_MESSAGES.direction }),
});
export type AdminWaitlistMoveInput = z.input<typeof AdminWaitlistMoveSchema>;
