import { z } from 'zod';
import { optionalText } from './schema-kit';
import {
  SMTP_TEST_MESSAGES,
  TEST_EMAIL_HISTORY_DEFAULT_LIMIT,
  TEST_EMAIL_HISTORY_MAX_LIMIT,
  TEST_EMAIL_MAX_RECIPIENTS,
  TEST_EMAIL_MESSAGES,
  TEST_EMAIL_STATUSES,
} from './rules';

/**
 * The comma-separated recipients of the test e-mail tool (docs/product.md §5 Test email): trimmed, blanks dropped,
 * lower-cased and de-duplicated; `invalid` lists the entries that are not e-mail addresses, as typed.
 */
export function parseEmailList(value: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of value.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    if (trimmed.length > 254 || !z.email().safeParse(trimmed).success) {
      invalid.push(trimmed);
      continue;
    }
    const email = trimmed.toLowerCase();
    if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid };
}

/** The recipients field: a comma-joined string in, the list of addresses out. */
export const TestEmailRecipientsSchema = z
  .string({ error: TEST_EMAIL_MESSAGES.noRecipients })
  .max(5000, 'The list of email addresses is too long')
  .transform((value, ctx) => {
    const { emails, invalid } = parseEmailList(value);
    if (invalid.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${TEST_EMAIL_MESSAGES.invalidPrefix}${invalid.join(', ')}` });
    } else if (emails.length === 0) {
      ctx.addIssue({ code: 'custom', message: TEST_EMAIL_MESSAGES.noRecipients });
    } else if (emails.length > TEST_EMAIL_MAX_RECIPIENTS) {
      ctx.addIssue({
        code: 'custom',
        message: `Please enter at most ${TEST_EMAIL_MAX_RECIPIENTS} email addresses`,
      });
    }
    return emails;
  });

/** POST /notifications/email/test (docs/product.md §7). */
export const SendTestEmailInputSchema = z.strictObject({
  email: TestEmailRecipientsSchema,
  format: z.literal('html', { error: "Format must be 'html'" }).default('html'),
  includeSmtpDetails: z.boolean({ error: 'includeSmtpDetails must be true or false' }).default(true),
});
export type SendTestEmailInput = z.input<typeof SendTestEmailInputSchema>;

export const TestEmailStatusSchema = z.enum(TEST_EMAIL_STATUSES);

/** The outcome for one recipient: every one is also recorded in the test e-mail history. */
export const TestEmailDeliverySchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  status: TestEmailStatusSchema,
  errorMessage: z.string().nullable(),
});
export type TestEmailDelivery = z.infer<typeof TestEmailDeliverySchema>;

/**
 * The answer of POST /notifications/email/test. `success` is true only when every recipient was handed to
 * the mail server; a failure is a result (200 with success false and the reason in `message`), not an
 * error. `auditRecordId` is the history record of the first recipient; `deliveries` has them all.
 */
export const SendTestEmailResultSchema = z.object({
  success: z.boolean(),
  auditRecordId: z.string(),
  timestamp: z.string(),
  emailPreview: z.object({ subject: z.string() }),
  message: z.string(),
  deliveries: z.array(TestEmailDeliverySchema),
});
export type SendTestEmailResult = z.infer<typeof SendTestEmailResultSchema>;

const LIMIT_MESSAGE = `Limit must be a whole number between 1 and ${TEST_EMAIL_HISTORY_MAX_LIMIT}`;

/** GET /notifications/email/test/history?limit=10 */
export const TestEmailHistoryQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(TEST_EMAIL_HISTORY_MAX_LIMIT, LIMIT_MESSAGE)
    .default(TEST_EMAIL_HISTORY_DEFAULT_LIMIT),
});
export type TestEmailHistoryQuery = z.input<typeof TestEmailHistoryQuerySchema>;

/** A test e-mail history record (docs/product.md §3). */
export const TestEmailRecordSchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  subject: z.string(),
  status: TestEmailStatusSchema,
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  errorMessage: z.string().nullable(),
});
export type TestEmailRecord = z.infer<typeof TestEmailRecordSchema>;

export const TestEmailHistorySchema = z.object({ testEmails: z.array(TestEmailRecordSchema) });
export type TestEmailHistory = z.infer<typeof TestEmailHistorySchema>;

/**
 * POST /notifications/email/test-connection: the settings as they stand in the form (docs/product.md §7), saved or
 * not. A blank password means "the stored one", which the server uses only for the stored host and user.
 * The sender fields are accepted because the form sends them; a connection test does not use them.
 */
export const TestSmtpConnectionInputSchema = z.strictObject({
  emailEnabled: z.boolean({ error: 'emailEnabled must be true or false' }).optional(),
  smtpHost: z
    .string({ error: SMTP_TEST_MESSAGES.hostRequired })
    .trim()
    .min(1, SMTP_TEST_MESSAGES.hostRequired)
    .max(255, 'SMTP Host must be at most 255 characters')
    .refine((value) => value === '' || /^[^\s/\\@]+$/.test(value), {
      message: 'SMTP Host must be a host name or IP address',
    }),
  smtpPort: z
    .number({ error: SMTP_TEST_MESSAGES.portInvalid })
    .int(SMTP_TEST_MESSAGES.portInvalid)
    .min(1, SMTP_TEST_MESSAGES.portInvalid)
    .max(65535, SMTP_TEST_MESSAGES.portInvalid),
  smtpUsername: optionalText('SMTP Username', 255),
  smtpPassword: z
    .string({ error: 'SMTP Password must be text' })
    .max(1000, 'SMTP Password must be at most 1000 characters')
    .nullish()
    .transform((value) => (value && value.trim() !== '' ? value : null)),
  smtpUseSsl: z.boolean({ error: 'smtpUseSsl must be true or false' }).default(false),
  senderEmail: optionalText('Sender Email', 254),
  senderName: optionalText('Sender Name', 100),
  replyTo: optionalText('Reply-To Email', 254),
});
export type TestSmtpConnectionInput = z.input<typeof TestSmtpConnectionInputSchema>;

/**
 * The answer of the SMTP connection test. A refused or timed-out connection is `success: false` with
 * `errorDetails` (still HTTP 200). `connectionTime` is in milliseconds.
 */
export const SmtpConnectionResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  details: z.object({
    host: z.string(),
    port: z.number().int(),
    secure: z.boolean(),
    authenticated: z.boolean(),
    connectionTime: z.number(),
  }),
  errorDetails: z
    .object({
      code: z.string().nullable(),
      response: z.string().nullable(),
      address: z.string().nullable(),
      port: z.number().int().nullable(),
    })
    .optional(),
});
export type SmtpConnectionResult = z.infer<typeof SmtpConnectionResultSchema>;
