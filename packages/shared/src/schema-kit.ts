import { z } from 'zod';

// Pieces the area schema modules build their fields from, so each phrasing of a rule exists once.

/**
 * `true` when A and B are the same type, else `false`: a schema module states `SameType<z.output<typeof
 * XSchema>, X>` (through `Holds`) for each plain type X of rules/ its schema stands for, so the two cannot drift.
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when given `true`. */
export type Holds<T extends true> = T;

/**
 * zod error callback: one message when the value is missing (absent, null, or '' where a choice such as an
 * enum was left unselected), another when it is of the wrong type.
 */
export const missingOr =
  (missing: string, wrongType: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === '' ? missing : wrongType;

/** PostgreSQL text cannot hold NUL: refuse it here with a message rather than fail in the database. */
export const NO_NUL = /^[^\0]*$/;
export const notAllowed = (label: string) => `${label} contains a character that is not allowed`;

/** The one message for a control character in a text field (NUL keeps its own: notAllowed). */
export const controlCharacters = (label: string) => `${label} must not contain control characters`;

/**
 * Characters no text field takes (docs/product.md §5 Text characters), single- or multi-line:
 * - C0 controls U+0000–U+001F other than the line-breaking ones multi-line text keeps (below), DEL U+007F,
 *   and the C1 controls U+0080–U+009F (never typed; they come from text decoded with the wrong charset);
 * - the bidi embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069: invisible, they reorder
 *   how the rest of a line reads ("Trojan Source"), in admin tables, e-mails and CSV exports alike. Text in
 *   right-to-left scripts needs none of them (the Unicode bidi algorithm orders it); LRM/RLM stay allowed.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/**
 * Single-line text (names, places, titles, references, search texts) refuses those and also tab, LF and CR,
 * and the Unicode line and paragraph separators U+2028/U+2029, which break a line just as LF does.
 * Multi-line plain text (descriptions, notes, reasons, contacts) keeps tab, LF, CR and U+2028/U+2029.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const SINGLE_LINE_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export type TextLines = 'single-line' | 'multi-line';

/**
 * What is wrong with a text's characters, or null: NUL keeps its message (notAllowed), any other control
 * character gets controlCharacters. Checked on the value as stored, that is after trim, so a pasted
 * trailing newline that trim removes is no error.
 */
export function textCharacterProblem(value: string, label: string, lines: TextLines): string | null {
  if (value.includes('\0')) return notAllowed(label);
  const refused = lines === 'single-line' ? SINGLE_LINE_REFUSED : MULTI_LINE_REFUSED;
  return refused.test(value) ? controlCharacters(label) : null;
}

/** The check of textCharacterProblem for a zod string: `.superRefine(textCharacters('Name', 'single-line'))`. */
export const textCharacters =
  (label: string, lines: TextLines) =>
  (value: string, context: z.RefinementCtx): void => {
    const problem = textCharacterProblem(value, label, lines);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  };

/** Optional text: trimmed; blank, null or absent becomes null. Single-line unless told otherwise. */
export const optionalText = (label: string, max: number, lines: TextLines = 'single-line') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textCharacters(label, lines))
    .nullish()
    .transform((value) => (value ? value : null));

/** A true/false setting. */
export const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * Each of `fields` optional: the body of a PATCH, where only the fields given change. Those named in `asIs`
 * stay as they are: optional text that reads its own absence (absent leaves it, null or '' clears it).
 */
export function optionalFields<F extends Record<string, z.ZodType>, K extends keyof F = never>(
  fields: F,
  ...asIs: K[]
): { [P in keyof F]: P extends K ? F[P] : z.ZodOptional<F[P]> } {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, asIs.includes(key as K) ? field : field.optional()]),
  ) as { [P in keyof F]: P extends K ? F[P] : z.ZodOptional<F[P]> };
}
