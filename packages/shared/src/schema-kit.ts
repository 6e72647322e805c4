import { z } from 'zod';

// Pieces the area schema modules build their fields from, so each phrasing of a rule exists once.

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

/** Optional text: trimmed; blank, null or absent becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A true/false setting. */
export const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
