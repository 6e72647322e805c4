import { z } from 'zod';
import { DRAW_CAMP_WITH_MAX, DRAW_ENTRY_STATES, DRAW_MESSAGES } from './rules';

// The fair start's draw (docs/product.md §10, decision 049): the "camp with" list of an entry, a person's entry
// as the dashboard reads it, and the admins' view of the year's draw.

/** A draw entry's "camp with" list: 0..DRAW_CAMP_WITH_MAX e-mail addresses, trimmed, lower case, each once. */
export const CampWithSchema = z
  .array(
    z
      .string({ error: DRAW_MESSAGES.campWithEmail })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: DRAW_MESSAGES.campWithEmail }).max(254, DRAW_MESSAGES.campWithEmail)),
    { error: DRAW_MESSAGES.campWithList },
  )
  .max(DRAW_CAMP_WITH_MAX, DRAW_MESSAGES.campWithMax)
  .transform((list) => [...new Set(list)]);

export const DrawEntryStateSchema = z.enum(DRAW_ENTRY_STATES);

/** GET /draw-entries/me, POST /registrations/camp in the window, POST /draw-entries/{id}/withdraw. */
export const DrawEntrySchema = z.object({
  id: z.string(),
  year: z.number().int(),
  state: DrawEntryStateSchema,
  campWith: z.array(z.string()),
  campingOptions: z.array(z.object({ id: z.string(), name: z.string() })),
  jobs: z.array(z.object({ id: z.string(), label: z.string() })),
  createdAt: z.string(),
  /** When the places are drawn (the window's close); null when the window was removed. */
  drawClosesAt: z.string().nullable(),
  /** 0 first; set by the draw. */
  drawnPosition: z.number().int().nullable(),
  registrationId: z.string().nullable(),
});
export type DrawEntryDto = z.infer<typeof DrawEntrySchema>;

/** POST /registrations/camp while the application window is open: the entry stored instead of a registration. */
export const SubmitDrawEntryResponseSchema = z.object({ drawEntry: DrawEntrySchema });
export type SubmitDrawEntryResponse = z.infer<typeof SubmitDrawEntryResponseSchema>;

/** GET /draw-entries/me: the caller's live entry of the registration year, or null. */
export const MyDrawEntrySchema = z.object({ drawEntry: DrawEntrySchema.nullable() });
export type MyDrawEntry = z.infer<typeof MyDrawEntrySchema>;

export const DrawEntryParamsSchema = z.object({ id: z.uuid('Invalid draw entry id') });

/** What a draw stored for the admins' summary (draws.summary). */
export const DrawSummarySchema = z.object({
  entries: z.number().int(),
  groups: z.number().int(),
  /** Groups of more than one person. */
  groupsOfSeveral: z.number().int(),
  winners: z.number().int(),
  waitlisted: z.number().int(),
  optionPlacesUsed: z.array(z.object({ id: z.string(), name: z.string(), used: z.number().int() })),
  jobPlacesUsed: z.array(z.object({ id: z.string(), name: z.string(), used: z.number().int() })),
  /** Circles of mutual naming larger than the group limit, as e-mail addresses, that were split. */
  split: z.array(z.array(z.string())),
  /** SHA-256 of the outcome (groups in drawn order with won/lost): compare a re-run with it. */
  digest: z.string(),
});
export type DrawSummary = z.infer<typeof DrawSummarySchema>;

export const AdminDrawQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Year must be a whole number' })
    .int('Year must be a whole number')
    .min(2000, 'Year must be between 2000 and 2100')
    .max(2100, 'Year must be between 2000 and 2100')
    .optional(),
});

/** One entry as the admins' list shows it, in drawn order once drawn. */
export const AdminDrawEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  state: DrawEntryStateSchema,
  campWith: z.array(z.string()),
  drawnPosition: z.number().int().nullable(),
  registrationId: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /admin/draw and POST /admin/draw/run: the year's window, entries and draw. */
export const AdminDrawSchema = z.object({
  year: z.number().int(),
  window: z.object({ opensAt: z.string(), closesAt: z.string() }).nullable(),
  counts: z.object({
    entered: z.number().int(),
    won: z.number().int(),
    waitlisted: z.number().int(),
    withdrawn: z.number().int(),
    /** Groups the live entries form now (people who name each other are drawn together). */
    groups: z.number().int(),
  }),
  /** Null until the draw is scheduled; seed and summary once it has run (the seed stays secret before). */
  draw: z
    .object({
      algorithm: z.string(),
      seed: z.string().nullable(),
      ranAt: z.string().nullable(),
      ranBy: z.string().nullable(),
      summary: DrawSummarySchema.nullable(),
    })
    .nullable(),
  entries: z.array(AdminDrawEntrySchema),
});
export type AdminDraw = z.infer<typeof AdminDrawSchema>;
