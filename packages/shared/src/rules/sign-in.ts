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

// The one-click sign-in link mailed with the code (decision 062, docs/product.md §2 Login and §8 Authentication).

/** Characters of a sign-in link's token: 32 random bytes, base64url without padding. */
export const SIGN_IN_LINK_TOKEN_LENGTH = 43;
/** The link's token is unknown, malformed, expired or used (also the answer to a malformed token: 400). */
export const SIGN_IN_LINK_INVALID = 'This sign-in link is no longer valid. Ask for a new code.';
/** The right token, opened in a browser other than the one that asked for the code (403). */
export const SIGN_IN_LINK_OTHER_BROWSER =
  'This sign-in link only works in the browser where the code was asked for. Open it on that device, or type the code there.';
/** The link page while it signs in. */
export const SIGN_IN_LINK_SIGNING_IN = 'Signing you in…';
/** The link page when the server gave no answer. */
export const SIGN_IN_LINK_FAILED = 'Failed to sign in with the link. Please check your network connection.';
/** The link page's way back to the code form. */
export const SIGN_IN_LINK_BACK = 'Back to sign-in';
/** The login page's "check your e-mail" step, after the address and the lifetime: the mail's link is the other way in. */
export const SIGN_IN_LINK_HINT = 'Type the code here, or open the link from the e-mail in this browser.';

/** The sign-in mail's line about the link (text and HTML alike). */
export function signInLinkMailNote(ttlMinutes: number): string {
  return `Or sign in with one click: the link works once, for ${ttlMinutes} minutes, and only in the browser where you asked for the code.`;
}
