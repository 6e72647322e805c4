import { LOGIN_CODE_LENGTH, SIGN_IN_LINK_FAILED, SIGN_IN_LINK_INVALID } from '@camp/shared/rules';
import { isApiError } from '../../lib/api-client';

/** docs/product.md §8 Authentication texts. */
export const VERIFY_NETWORK_ERROR = 'Failed to verify code. Please check your network connection.';
export const VERIFY_INVALID_CODE = 'Invalid verification code. Please try again.';
export const REQUEST_CODE_FAILED = 'Failed to send verification code. Please try again.';

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
 * Link sign-in failure (decision 062): the server's message (link no longer valid, other browser, too many
 * tries), else the network text.
 */
export function linkErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'http' && error.serverMessages.length > 0) return error.serverMessages.join(' ');
    if (error.kind === 'http' && error.status === 400) return SIGN_IN_LINK_INVALID;
  }
  return SIGN_IN_LINK_FAILED;
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

/** The digits of what was typed ('123 456' → '123456'), at most six. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);
}

/**
 * The code in pasted text: a whole 6-digit group if there is one (a line copied from the mail, 'Your code is
 * 123456'), else its digits ('123 456').
 */
export function codeFromPastedText(text: string): string {
  return /(?:^|\D)(\d{6})(?!\d)/.exec(text)?.[1] ?? codeDigits(text);
}
