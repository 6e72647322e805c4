import { z } from 'zod';
import { RegistrationJobDetailSchema } from './work.schema';
import {
  SHIFT_WAIT_LAST_OFFER_STATES,
  SHIFT_WAIT_STATES,
  SHIFT_WAITLIST_MESSAGES,
  WAITLIST_ADMIN_MESSAGES,
} from './rules';

// The shift waitlist's API shapes (docs/product.md §10, decision 052). Times are ISO strings.

export const ShiftWaitStateSchema = z.enum(SHIFT_WAIT_STATES);

/** The place held for the person on the job, while the entry is OFFERED. */
export const ShiftWaitOfferSchema = z.object({ offeredAt: z.string(), expiresAt: z.string() });
export type ShiftWaitOffer = z.infer<typeof ShiftWaitOfferSchema>;

/**
 * One person's place in one job's line, as they read it (GET /shift-waits/me and every participant action's
 * answer).
 */
export const ShiftWaitSchema = z.object({
  id: z.string(),
  registrationId: z.string(),
  state: ShiftWaitStateSchema,
  joinedAt: z.string(),
  /** 1 is next; null unless WAITING. */
  position: z.number().int().min(1).nullable(),
  /**
   * False while the registration holds no place in camp (WAITLISTED): the line keeps the person's position, but
   * offers start only once the registration holds a place.
   */
  active: z.boolean(),
  job: RegistrationJobDetailSchema,
  offer: ShiftWaitOfferSchema.nullable(),
});
export type ShiftWait = z.infer<typeof ShiftWaitSchema>;

/** GET /shift-waits/me: the caller's open entries (WAITING or OFFERED) of the registration year, offers first. */
export const MyShiftWaitsSchema = z.object({ shiftWaits: z.array(ShiftWaitSchema) });
export type MyShiftWaits = z.infer<typeof MyShiftWaitsSchema>;

/** POST /shift-waits: join the line of a full job (the caller's registration of the registration year). */
export const JoinShiftWaitSchema = z.strictObject({ jobId: z.uuid(SHIFT_WAITLIST_MESSAGES.jobId) });
export type JoinShiftWaitInput = z.input<typeof JoinShiftWaitSchema>;

/** POST /shift-waits (201) and /shift-waits/:id/accept|decline|leave (200). */
export const ShiftWaitResponseSchema = z.object({ shiftWait: ShiftWaitSchema });
export type ShiftWaitResponse = z.infer<typeof ShiftWaitResponseSchema>;

export const ShiftWaitParamsSchema = z.object({ id: z.uuid(SHIFT_WAITLIST_MESSAGES.shiftWaitId) });

/** The `waitJobs` of a submission (POST /registrations/camp): full jobs to wait for; repeated ids are ignored. */
export const WaitJobsSchema = z
  .array(z.uuid('Invalid job id'), { error: SHIFT_WAITLIST_MESSAGES.waitJobs })
  .max(100, SHIFT_WAITLIST_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)]);

// The admin Waitlist screen's shift lines (`/admin/waitlist`).

export const AdminShiftWaitParamsSchema = z.object({
  shiftWaitId: z.uuid(SHIFT_WAITLIST_MESSAGES.shiftWaitId),
});

/** One person in one job's line. */
export const AdminShiftWaitEntrySchema = z.object({
  shiftWaitId: z.string(),
  registrationId: z.string(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  /** 1 is next (counted over WAITING and OFFERED entries in line order). */
  position: z.number().int().min(1),
  /** See ShiftWaitSchema.active. */
  active: z.boolean(),
  offer: ShiftWaitOfferSchema.nullable(),
  lastOffer: z.object({ state: z.enum(SHIFT_WAIT_LAST_OFFER_STATES), endedAt: z.string() }).nullable(),
});
export type AdminShiftWaitEntry = z.infer<typeof AdminShiftWaitEntrySchema>;

/** One job whose waitlist is on or that has people in line, with its places and its line in order. */
export const AdminShiftLineSchema = z.object({
  jobId: z.string(),
  /** "Bar", its location, and its shift for the heading. */
  name: z.string(),
  location: z.string(),
  shift: RegistrationJobDetailSchema.shape.shift,
  waitlistEnabled: z.boolean(),
  /** Places held by PENDING and CONFIRMED registrations. */
  taken: z.number().int(),
  /** Places held by open shift offers. */
  held: z.number().int(),
  maxRegistrations: z.number().int(),
  line: z.array(AdminShiftWaitEntrySchema),
});
export type AdminShiftLine = z.infer<typeof AdminShiftLineSchema>;

/**
 * POST /admin/waitlist/shift-waits/:shiftWaitId/offer and /skip take the camping option actions' body
 * (AdminWaitlistActionSchema: an optional reason), /remove takes AdminWaitlistRemoveSchema (a required reason).
 * /move: one place up or down in the job's line.
 */
export const AdminShiftWaitMoveSchema = z.strictObject({
  direction: z.enum(['up', 'down'], { error: WAITLIST_ADMIN_MESSAGES.direction }),
});
export type AdminShiftWaitMoveInput = z.input<typeof AdminShiftWaitMoveSchema>;
