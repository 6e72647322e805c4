import { z } from 'zod';

// Admin → Shifts, "Overlapping assignments" (docs/product.md §11, decision 056): GET /admin/shift-overlaps.

/** One of the two jobs of an overlapping pair, with when its shift is (dated: docs/product.md §11). */
export const ShiftOverlapJobSchema = z.object({
  jobId: z.string(),
  jobName: z.string(),
  shiftName: z.string(),
  /** 'Monday, Aug 30, 09:00–12:00'. */
  when: z.string(),
});
export type ShiftOverlapJob = z.infer<typeof ShiftOverlapJobSchema>;

/** A person of the registration year holding two shifts that overlap in time (one row per pair). */
export const ShiftOverlapRowSchema = z.object({
  registrationId: z.string(),
  userId: z.string(),
  /** As the admin screens name people: first and last name, else the e-mail. */
  name: z.string(),
  first: ShiftOverlapJobSchema,
  second: ShiftOverlapJobSchema,
});
export type ShiftOverlapRow = z.infer<typeof ShiftOverlapRowSchema>;

/** GET /admin/shift-overlaps: the registration year's overlaps; none and `datesSet: false` without event dates. */
export const ShiftOverlapsSchema = z.object({
  year: z.number().int(),
  datesSet: z.boolean(),
  overlaps: z.array(ShiftOverlapRowSchema),
});
export type ShiftOverlaps = z.infer<typeof ShiftOverlapsSchema>;
