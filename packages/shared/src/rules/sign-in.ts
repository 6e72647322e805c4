import { LOGIN_CODE_LENGTH } from './auth';

// The sign-in form's own checks (a lazy screen: kept apart from ./auth, which the first page imports).

/** The texts of malformed sign-in input, said by the server's schemas and by the sign-in form alike. */
export const INVALID_EMAIL = 'Please enter a valid email address';
export const INVALID_CODE_FORMAT = `Please enter the ${LOGIN_CODE_LENGTH}-digit code from your email`;

/** The longest e-mail address there can be (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/**
 * A quick, deliberately loose look at an address (something@something.tld, no spaces), for the sign-in form:
 * it only catches typos before a round trip; the server's EmailSchema has the final say. Kept free of zod so
 * the sign-in screen stays light.
 */
export function isPlausibleEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
