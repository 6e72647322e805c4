import { z } from 'zod';
import { type Holds, missingOr, type SameType, textCharacters } from './schema-kit';
import { showsNothing, USER_NOTE_MAX, USER_NOTE_MESSAGES, type UserNote } from './rules';

// Internal notes on a person (docs/product.md §12 Internal notes, decision 060): admins only.

/** A note as the API answers it: the plain UserNote of rules/user-notes.ts. */
export const UserNoteSchema = z.object({
  id: z.string(),
  userId: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mine: z.boolean(),
});
export type { UserNote };
type _UserNoteSchemaIsUserNote = Holds<SameType<z.output<typeof UserNoteSchema>, UserNote>>;

/** GET /users/{id}/notes: newest first. */
export const UserNoteListSchema = z.array(UserNoteSchema);

/** POST /users/{id}/notes and PATCH /users/{id}/notes/{noteId}: the note's text, trimmed (line breaks kept). */
export const UserNoteInputSchema = z.strictObject({
  body: z
    .string({ error: missingOr(USER_NOTE_MESSAGES.bodyRequired, USER_NOTE_MESSAGES.bodyNotText) })
    .trim()
    .max(USER_NOTE_MAX, USER_NOTE_MESSAGES.bodyTooLong)
    // A note of only invisible characters (zero-width spaces, bidi marks) says nothing: no note, as a blank one.
    .superRefine((value, context) => {
      if (showsNothing(value)) context.addIssue({ code: 'custom', message: USER_NOTE_MESSAGES.bodyRequired });
      else textCharacters('Note', 'multi-line')(value, context);
    }),
});
export type UserNoteInput = z.input<typeof UserNoteInputSchema>;
export type UserNoteValues = z.output<typeof UserNoteInputSchema>;

/** The path of one note: the person's id and the note's. */
export const UserNoteParamsSchema = z.object({
  id: z.uuid('Invalid user id'),
  noteId: z.uuid(USER_NOTE_MESSAGES.invalidNoteId),
});
