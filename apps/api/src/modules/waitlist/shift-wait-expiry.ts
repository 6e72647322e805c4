import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit-writer';
import { enqueueShiftWaitMail, lockShiftWait, requeueShiftWait, type ShiftWaitRow } from './shift-wait-rows';

/**
 * Ends a shift offer that ran out (docs/product.md §10, decision 052), in the caller's transaction, which holds the
 * registration's row lock: the entry goes back to WAITING at the end of its job's line with "Last offer: expired",
 * the held place goes back and the line is told to fill it (requeueShiftWait), WAITLIST_EXPIRE is audited and the
 * "offer ran out" mail written. Answers the requeued row, or null when the entry had no open offer any more
 * (another path ended it first).
 */
export async function expireShiftOffer(
  tx: DbOrTx,
  shiftWaitId: string,
  context: { now: Date; publicUrl: string },
): Promise<ShiftWaitRow | null> {
  const before = await lockShiftWait(tx, shiftWaitId);
  if (before?.state !== 'OFFERED') return null;
  const requeued = await requeueShiftWait(tx, shiftWaitId, { lastOffer: 'EXPIRED', now: context.now });
  if (!requeued) return null;
  await recordAudit(tx, {
    actionType: 'WAITLIST_EXPIRE',
    transactionId: randomUUID(),
    adminUserId: null,
    registrationId: requeued.registrationId,
    oldValues: {
      shiftWaitId: requeued.id,
      jobId: requeued.jobId,
      expiresAt: before.expiresAt?.toISOString() ?? null,
    },
  });
  await enqueueShiftWaitMail(tx, { kind: 'expired', wait: requeued, publicUrl: context.publicUrl });
  return requeued;
}
