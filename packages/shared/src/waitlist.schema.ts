import { z } from 'zod';
import { OFFER_STATES } from './rules';

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
