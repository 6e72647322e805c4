// E-mail settings tools (docs/product.md §5 Test email, §7): messages and limits, without zod.

export const TEST_EMAIL_MESSAGES = {
  noRecipients: 'Please enter at least one email address',
  invalidPrefix: 'Invalid email address(es): ',
} as const;

/** One test e-mail goes to a handful of people, not a mailing list. */
export const TEST_EMAIL_MAX_RECIPIENTS = 10;
export const TEST_EMAIL_HISTORY_DEFAULT_LIMIT = 10;
export const TEST_EMAIL_HISTORY_MAX_LIMIT = 100;

/** Success text of docs/product.md §8. */
export function testEmailSentMessage(count: number): string {
  return `Test email sent successfully to ${count} recipient(s)!`;
}

export const SMTP_TEST_MESSAGES = {
  hostRequired: 'SMTP Host is required to test the connection',
  portInvalid: 'SMTP Port must be a valid port number (1-65535)',
} as const;
