import type { TimedTaskKind } from '@camp/shared';
import type { DbOrTx } from '../../db/client';
import { timedTasks } from '../../db/schema/index';

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
