import {
  type EmailOutboxList,
  type EmailOutboxMail,
  type EmailOutboxQueryValues,
  OUTBOX_MESSAGES,
} from '@camp/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import type { OutboxWorker } from './outbox';

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The columns an admin sees: never the body (html, text) nor the worker's lease. */
const listed = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
};

type ListedRow = Pick<typeof emailOutbox.$inferSelect, keyof typeof listed>;

function toMail(row: ListedRow): EmailOutboxMail {
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The e-mail outbox as admins see it (docs/architecture.md §7): what is waiting, sent or given up, with the mail
 * server's last error, and the retry of a mail the worker gave up on.
 */
export class OutboxAdminService {
  private readonly db: Db;
  private readonly outbox: Pick<OutboxWorker, 'kick'>;
  private readonly log: FastifyBaseLogger;

  constructor(deps: { db: Db; outbox: Pick<OutboxWorker, 'kick'>; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.outbox = deps.outbox;
    this.log = deps.log;
  }

  /** GET /admin/email-outbox: one page, newest first, with the filtered total and every status's count. */
  async list(query: EmailOutboxQueryValues): Promise<EmailOutboxList> {
    const { page, limit } = query;
    const status = query.status === undefined ? undefined : eq(emailOutbox.status, query.status);
    const [[counts], rows] = await Promise.all([
      this.db
        .select({
          matching: status ? counted(status) : sql<number>`count(*)`.mapWith(Number),
          pending: counted(eq(emailOutbox.status, 'PENDING')),
          sent: counted(eq(emailOutbox.status, 'SENT')),
          failed: counted(eq(emailOutbox.status, 'FAILED')),
        })
        .from(emailOutbox),
      this.db
        .select(listed)
        .from(emailOutbox)
        .where(status)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(limit)
        .offset((page - 1) * limit),
    ]);
    return {
      mails: rows.map(toMail),
      total: counts?.matching ?? 0,
      page,
      limit,
      counts: { pending: counts?.pending ?? 0, sent: counts?.sent ?? 0, failed: counts?.failed ?? 0 },
    };
  }

  /**
   * POST /admin/email-outbox/{id}/retry: a FAILED mail goes back to PENDING, due now, with its attempts
   * counted afresh (its last error stays until the next attempt), and the worker is kicked. One conditional
   * UPDATE: the worker never claims a FAILED row, so nothing races it. 404 unknown, 409 not FAILED.
   */
  async retry(adminUserId: string, mailId: string): Promise<EmailOutboxMail> {
    const [row] = await this.db
      .update(emailOutbox)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, mailId), eq(emailOutbox.status, 'FAILED')))
      .returning(listed);
    if (!row) {
      const [existing] = await this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, mailId));
      throw existing ? conflict(OUTBOX_MESSAGES.notFailed) : notFound(OUTBOX_MESSAGES.notFound);
    }
    this.log.info(
      { outboxId: row.id, adminUserId, lastError: row.lastError },
      'E-mail outbox: an admin retried a failed mail',
    );
    this.outbox.kick();
    return toMail(row);
  }
}
