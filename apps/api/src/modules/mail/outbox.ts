import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { emailOutbox } from '../../db/schema/index';
import type { MailService } from './mail.service';

/** A mail to one address, as the outbox keeps it. */
export interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Writes a mail into the outbox in the caller's transaction (docs/architecture.md §7): it exists exactly when the
 * change that causes it was committed, and the worker sends it afterwards, with retries.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutboxMail): Promise<void> {
  await tx.insert(emailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}

export interface OutboxWorkerOptions {
  db: Db;
  mail: Pick<MailService, 'send'>;
  log: FastifyBaseLogger;
  /** How often the worker looks for due mail when nothing kicked it (ms). */
  pollMs?: number;
  /** Attempts before a mail is given up as FAILED. */
  maxAttempts?: number;
  /** How long a claimed mail is reserved for the process that claimed it (ms). */
  leaseMs?: number;
}

/** The wait before attempt n + 1 (n ≥ 1): 30 s, 1 min, 2 min … at most 1 h. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

const BATCH = 20;

/**
 * What every worker that writes mail is given (docs/architecture.md §9): the database, the log, the address its mails
 * link under, and the outbox to wake after a pass that wrote mail. Each worker adds its clock, poll and more.
 */
export interface MailingWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The mails link to the dashboard under this address. */
  publicUrl: string;
  /** Woken after a pass that wrote mail. */
  outbox: Pick<OutboxWorker, 'kick'>;
}

/**
 * Sends the outbox's mail. Each process claims due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), so several API processes never send one mail at the same time; a process that dies
 * mid-send leaves its lease to expire and another sends the mail later (at least once, never in parallel).
 * A failed send is retried with exponential backoff; after `maxAttempts` the mail is FAILED with its error.
 */
export class OutboxWorker extends PollingWorker<number> {
  private readonly maxAttempts: number;
  private readonly leaseMs: number;

  constructor(private readonly options: OutboxWorkerOptions) {
    super(options.pollMs ?? 5_000, options.log, 'E-mail outbox');
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 120_000;
  }

  /** Sends every due mail; answers how many were sent. */
  protected async run(): Promise<number> {
    let sent = 0;
    do {
      this.kickedMeanwhile();
      for (;;) {
        const batch = await this.claim();
        if (batch.length === 0) break;
        for (const row of batch) if (await this.sendOne(row)) sent += 1;
      }
    } while (this.kickedMeanwhile() && !this.isStopped);
    return sent;
  }

  private async claim() {
    const { db } = this.options;
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'PENDING'),
          sql`${emailOutbox.nextAttemptAt} <= now()`,
          sql`(${emailOutbox.lockedUntil} is null or ${emailOutbox.lockedUntil} < now())`,
        ),
      )
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        lockedUntil: sql`now() + ${`${this.leaseMs} milliseconds`}::interval`,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  private async sendOne(row: typeof emailOutbox.$inferSelect): Promise<boolean> {
    const { db, mail, log } = this.options;
    try {
      await mail.send({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 500) : 'Unknown error';
      const giveUp = row.attempts >= this.maxAttempts;
      log.warn(
        { outboxId: row.id, attempts: row.attempts, giveUp, error: message },
        'E-mail outbox: send failed',
      );
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'FAILED' : 'PENDING',
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + outboxBackoffMs(row.attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
      return false;
    }
    await db
      .update(emailOutbox)
      .set({ status: 'SENT', sentAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    return true;
  }
}
