import { isApiError } from '../../lib/api-client';

/** docs/product.md §8 Configuration admin, word for word. */
export const CONFIG_ADMIN_MESSAGES = {
  loadFailed: 'Failed to load configuration. Please try again.',
  fixErrors: 'Please fix the validation errors before submitting.',
  serverValidation: 'Configuration has validation errors. Please check the form and try again.',
  saveFailed: 'Failed to save configuration. Please try again.',
  saved: 'Configuration saved successfully!',
  created: 'Configuration created successfully!',
} as const;

/** docs/product.md §8 Test email, word for word. */
export const TEST_EMAIL_UI_MESSAGES = {
  sendFailed: 'Failed to send test email',
  historyFailed: 'Failed to load test email history',
  smtpRequestFailed: 'Failed to test SMTP connection',
  smtpSuccess: 'Connection Successful',
  smtpFailure: 'Connection Failed',
} as const;

export interface SaveErrorView {
  /** The headline (docs/product.md §8). */
  message: string;
  /** The server's validation messages, listed under the headline. */
  details: string[];
}

/**
 * What a failed save shows (docs/product.md §8): the server's validation list plus the validation headline; a single
 * server message as 'Error: {message}'; a status without a message as 'Error {status}: {statusText}';
 * anything else (no answer at all, an unreadable one) as the default save failure.
 */
export function saveErrorView(error: unknown): SaveErrorView {
  if (isApiError(error) && error.kind === 'http') {
    const { serverMessage } = error;
    if (Array.isArray(serverMessage) && serverMessage.length > 0) {
      return { message: CONFIG_ADMIN_MESSAGES.serverValidation, details: serverMessage };
    }
    if (typeof serverMessage === 'string' && serverMessage.trim() !== '') {
      return { message: `Error: ${serverMessage}`, details: [] };
    }
    if (error.statusText) return { message: `Error ${error.status}: ${error.statusText}`, details: [] };
  }
  return { message: CONFIG_ADMIN_MESSAGES.saveFailed, details: [] };
}

/** A failed test-email request: the server's message when it sent one, else the text of docs/product.md §8 Test email. */
export function sendTestEmailErrorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.serverMessages.length > 0) {
    return error.serverMessages.join(' ');
  }
  return TEST_EMAIL_UI_MESSAGES.sendFailed;
}
