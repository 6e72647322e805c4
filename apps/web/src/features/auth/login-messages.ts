import { isApiError } from '../../lib/api-client';

/** Spec §8 Authentication texts. */
export const VERIFY_NETWORK_ERROR = 'Failed to verify code. Please check your network connection.';
export const VERIFY_INVALID_CODE = 'Invalid verification code. Please try again.';
export const REQUEST_CODE_FAILED = 'Failed to send verification code. Please try again.';
/** The server's texts for malformed input (the form checks the same before sending). */
export const INVALID_EMAIL = 'Please enter a valid email address';
export const INVALID_CODE_FORMAT = 'Please enter the 6-digit code from your email';

/** Verify failure: the server's message, else the network text, else 'Invalid verification code...'. */
export function verifyCodeErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const [first] = error.serverMessages;
    if (error.kind === 'http' && first) return error.serverMessages.join(' ');
    if (error.kind === 'network' || error.kind === 'timeout') return VERIFY_NETWORK_ERROR;
  }
  return VERIFY_INVALID_CODE;
}

/**
 * Request failure: 'Failed to send verification code...'; when rate-limited (429) the server's own text,
 * which says to wait; when the address was refused (400) the server's validation text.
 */
export function requestCodeErrorMessage(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && (error.status === 429 || error.status === 400)) {
    const text = error.serverMessages.join(' ');
    if (text) return text;
  }
  return REQUEST_CODE_FAILED;
}

// Deliberately simple: the server has the final say; this only catches typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlausibleEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** The digits of what was typed ('123 456' → '123456'), at most six. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * The code in pasted text: a whole 6-digit group if there is one (a line copied from the mail, 'Your code is
 * 123456'), else its digits ('123 456').
 */
export function codeFromPastedText(text: string): string {
  return /(?:^|\D)(\d{6})(?!\d)/.exec(text)?.[1] ?? codeDigits(text);
}
