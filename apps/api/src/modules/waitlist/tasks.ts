import type { TimedTaskKind } from '@camp/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { timedTasks } from '../../db/schema/index';
import { outboxBackoffMs } from '../mail/outbox';

/**
 * Writes work that happens later as a row (docs/architecture.md §9), in the caller's transaction: it exists exactly
 * when the change that causes it was committed. One pending task per kind and year: scheduling while one waits
 * changes nothing (the waiting one will see this change too, since it runs after the commit).
 */
export async function scheduleTask(
  tx: DbOrTx,
  task: { kind: TimedTaskKind; year: number; dueAt?: Date },
): Promise<void> {
  await tx
    .insert(timedTasks)
    .values({ kind: task.kind, year: task.year, ...(task.dueAt ? { dueAt: task.dueAt } : {}) })
    .onConflictDoNothing();
}

/**
 * After a change that may have freed places of `year` (a cancel, an admin edit, a raised limit, an offer that
 * ended): the line gets them (decision 048). Call in the transaction that freed them.
 */
export const scheduleWaitlistFill = (tx: DbOrTx, year: number): Promise<void> =>
  scheduleTask(tx, { kind: 'WAITLIST_FILL', year });

export type TimedTaskRow = typeof timedTasks.$inferSelect;

/** How a worker retries a task whose work threw, and what it logs. */
export interface TaskFailurePolicy {
  maxAttempts: number;
  log: FastifyBaseLogger;
  /** The log line's text, e.g. 'Waitlist worker: fill failed'. */
  failedMessage: string;
}

/**
 * Claims one due PENDING task of `kind` with FOR UPDATE SKIP LOCKED and runs `work` in the same transaction
 * (docs/architecture.md §9): `work` marks the task DONE there, so the work and the task's end commit together, and a
 * process that dies mid-way leaves it PENDING for the next claim. Due means `due_at` at or before `dueBy` (the
 * database's clock when null). When `work` throws, the task is retried later with the outbox's backoff, and
 * FAILED after `maxAttempts`. Answers what `work` answered, 'failed', or null when nothing was due.
 */
export async function runOneDueTask<T>(
  db: Db,
  kind: TimedTaskKind,
  dueBy: Date | null,
  work: (tx: DbOrTx, task: TimedTaskRow) => Promise<T>,
  policy: TaskFailurePolicy,
): Promise<T | 'failed' | null> {
  let claimed: TimedTaskRow | undefined;
  try {
    return await db.transaction(async (tx) => {
      [claimed] = await tx
        .select()
        .from(timedTasks)
        .where(
          and(
            eq(timedTasks.state, 'PENDING'),
            eq(timedTasks.kind, kind),
            dueBy ? sql`${timedTasks.dueAt} <= ${dueBy}` : sql`${timedTasks.dueAt} <= now()`,
          ),
        )
        .orderBy(asc(timedTasks.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claimed) return null;
      return work(tx, claimed);
    });
  } catch (error) {
    if (!claimed) throw error;
    const attempts = claimed.attempts + 1;
    const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 500) : 'Unknown error';
    const giveUp = attempts >= policy.maxAttempts;
    policy.log.warn({ taskId: claimed.id, attempts, giveUp, error: message }, policy.failedMessage);
    await db
      .update(timedTasks)
      .set({
        attempts,
        lastError: message,
        ...(giveUp
          ? { state: 'FAILED' as const }
          : { dueAt: sql`now() + ${`${outboxBackoffMs(attempts)} milliseconds`}::interval` }),
      })
      .where(and(eq(timedTasks.id, claimed.id), eq(timedTasks.state, 'PENDING')));
    return 'failed';
  }
}

/** Marks a claimed task DONE, in the transaction that did its work. */
export async function finishTask(tx: DbOrTx, task: TimedTaskRow, now: Date): Promise<void> {
  await tx
    .update(timedTasks)
    .set({ state: 'DONE', doneAt: now, attempts: task.attempts + 1, lastError: null })
    .where(eq(timedTasks.id, task.id));
}
