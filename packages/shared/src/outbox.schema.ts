import { z } from 'zod';

// The e-mail outbox as admins see it (docs/architecture.md §7: mail written in a change's transaction, sent by a
// worker with retries): the list with its status counts, and the retry of a mail that was given up.

/** The outbox's states: waiting (or between attempts), delivered, given up after the last attempt. */
export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type EmailOutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const EmailOutboxStatusSchema = z.enum(OUTBOX_STATUSES);

/** Page sizes of the outbox list (docs/product.md §9), the default, and the last page one may ask for. */
export const OUTBOX_PAGE_SIZES = [10, 25, 50, 100] as const;
export const OUTBOX_PAGE_SIZE_DEFAULT = 25;
export const OUTBOX_PAGE_MAX = 10_000;

export const OUTBOX_MESSAGES = {
  status: `Status must be one of ${OUTBOX_STATUSES.join(', ')}`,
  page: `Page must be a whole number from 1 to ${OUTBOX_PAGE_MAX}`,
  limit: `Limit must be one of ${OUTBOX_PAGE_SIZES.join(', ')}`,
  mailId: 'Invalid e-mail id',
  notFound: 'E-mail not found',
  notFailed: 'Only an e-mail that could not be sent (status FAILED) can be retried',
} as const;

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

/** GET /admin/email-outbox: an optional status, page (from 1) and limit (a page size of docs/product.md §9). */
export const EmailOutboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: OUTBOX_MESSAGES.status }).optional(),
  page: wholeNumber(OUTBOX_MESSAGES.page)
    .min(1, OUTBOX_MESSAGES.page)
    .max(OUTBOX_PAGE_MAX, OUTBOX_MESSAGES.page)
    .default(1),
  limit: wholeNumber(OUTBOX_MESSAGES.limit)
    .refine((value) => (OUTBOX_PAGE_SIZES as readonly number[]).includes(value), OUTBOX_MESSAGES.limit)
    .default(OUTBOX_PAGE_SIZE_DEFAULT),
});
export type EmailOutboxQuery = z.input<typeof EmailOutboxQuerySchema>;
export type EmailOutboxQueryValues = z.output<typeof EmailOutboxQuerySchema>;

/**
 * One mail of the outbox, without its body. `attempts` counts the sends tried since it was written (or last
 * retried by an admin); `lastError` is the mail server's answer to the last failed one (kept until the next
 * attempt). `nextAttemptAt` matters only while PENDING. Dates are ISO 8601.
 */
export const EmailOutboxMailSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: EmailOutboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailOutboxMail = z.infer<typeof EmailOutboxMailSchema>;

/** How many mails of each status the outbox holds (whatever the list's filter). */
export const EmailOutboxCountsSchema = z.object({
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type EmailOutboxCounts = z.infer<typeof EmailOutboxCountsSchema>;

/** GET /admin/email-outbox: one page, newest first; `total` counts what the filter matches (the pages). */
export const EmailOutboxListSchema = z.object({
  mails: z.array(EmailOutboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: EmailOutboxCountsSchema,
});
export type EmailOutboxList = z.infer<typeof EmailOutboxListSchema>;

/** Path parameter of POST /admin/email-outbox/{id}/retry. */
export const EmailOutboxParamsSchema = z.object({ id: z.uuid(OUTBOX_MESSAGES.mailId) });
