import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registrationJobs, shiftWaits } from '../../db/schema/index';
import { type AuditEntry, recordAudit } from '../audit/audit-writer';
import { lockPlaceRows } from '../registrations/capacity';
import { endShiftWait, endShiftWaitsOf, requeueShiftOffersOf, type ShiftWaitRow } from './shift-wait-rows';
import { scheduleWaitlistFill } from './tasks';

// What the registration's other paths do to its shift lines (docs/product.md §10, decision 052), in their own
// transactions, which hold the registration's row lock: a cancel ends every entry, an admin edit to WAITLISTED
// turns open offers back into WAITING entries, an edit that gives the person a job they wait for ends that line.
//
// Lock order (shift-wait-rows.ts): the registration, then its entries, then the job rows. A path that also gives
// back or takes the registration's own job places locks all those job rows first, in id order, so the offers' job
// rows are never locked out of order with a submission's or another edit's.

/** The registration's open entries under their row locks, in id order. */
async function lockOpenShiftWaits(tx: DbOrTx, registrationId: string): Promise<ShiftWaitRow[]> {
  return tx
    .select()
    .from(shiftWaits)
    .where(
      and(eq(shiftWaits.registrationId, registrationId), inArray(shiftWaits.state, ['WAITING', 'OFFERED'])),
    )
    .orderBy(shiftWaits.id)
    .for('update');
}

/**
 * Locks, in id order, the job rows of the entries' open offers together with `alsoJobIds` (the jobs whose places
 * the caller moves afterwards); nothing when no entry holds an offer (then no job row changes here).
 */
async function lockOfferedJobs(
  tx: DbOrTx,
  open: readonly ShiftWaitRow[],
  alsoJobIds: readonly string[],
): Promise<void> {
  const offered = open.filter((wait) => wait.state === 'OFFERED').map((wait) => wait.jobId);
  if (offered.length === 0) return;
  await lockPlaceRows(tx, { jobIds: [...offered, ...alsoJobIds], campingOptionIds: [] });
}

/**
 * A registration is being cancelled (any path: admin cancel, payment deadline, leaving or removed from the camping
 * waitlist, declining a camping offer): every open entry ends CANCELLED and open offers give their places back
 * (endShiftWaitsOf schedules the fill). Call before the registration's links are deleted: their job rows are
 * locked here together with the offers' (the caller releases them afterwards). Answers the ended entries.
 */
export async function cancelShiftWaits(
  tx: DbOrTx,
  registrationId: string,
  end: { decidedBy: string | null; now: Date },
): Promise<ShiftWaitRow[]> {
  const open = await lockOpenShiftWaits(tx, registrationId);
  if (open.length === 0) return [];
  const linked = await tx
    .select({ jobId: registrationJobs.jobId })
    .from(registrationJobs)
    .where(eq(registrationJobs.registrationId, registrationId));
  await lockOfferedJobs(
    tx,
    open,
    linked.map((link) => link.jobId),
  );
  return endShiftWaitsOf(tx, registrationId, { state: 'CANCELLED', ...end });
}

/**
 * An admin edit's (or the person's own shift change's, decision 057) effect on the registration's lines, before it
 * moves its places (changePlaces):
 *
 * - an entry for a job the edit gives the person ends LEFT, decided by the admin (the shift is theirs now; an open
 *   offer's place goes back first, so the edit's own take of it finds it free);
 * - an edit to WAITLISTED turns open offers back into WAITING entries at the end of their lines (requeued as
 *   SKIPPED: the registration holds no place, so it may hold no shift offer), which stay dormant;
 * - an edit off the waitlist wakes the dormant WAITING entries: a fill is scheduled.
 *
 * `jobIds` are all the jobs the edit touches (before and after): locked in id order with the offers' jobs. Each
 * change is audited with the admin (WAITLIST_LEAVE, WAITLIST_SKIP) under the edit's transaction id.
 */
export async function settleShiftWaitsOfEdit(
  tx: DbOrTx,
  registrationId: string,
  edit: {
    year: number;
    addedJobIds: readonly string[];
    jobIds: readonly string[];
    toWaitlist: boolean;
    offWaitlist: boolean;
    /** The admin who edits; null when the person changes their own shifts (decision 057), who is `decidedBy`. */
    adminUserId: string | null;
    decidedBy?: string;
    transactionId: string;
    now: Date;
  },
): Promise<void> {
  const open = await lockOpenShiftWaits(tx, registrationId);
  if (open.length === 0) return;
  await lockOfferedJobs(tx, open, edit.jobIds);
  const entry = { transactionId: edit.transactionId, adminUserId: edit.adminUserId, registrationId };
  const audits: AuditEntry[] = [];
  for (const wait of open.filter((row) => edit.addedJobIds.includes(row.jobId))) {
    const ended = await endShiftWait(tx, wait.id, {
      state: 'LEFT',
      decidedBy: edit.decidedBy ?? edit.adminUserId,
      now: edit.now,
    });
    if (!ended) continue;
    audits.push({
      ...entry,
      actionType: 'WAITLIST_LEAVE',
      oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: wait.state },
      newValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'LEFT' },
    });
  }
  if (edit.toWaitlist) {
    const requeued = await requeueShiftOffersOf(tx, registrationId, edit.now);
    for (const wait of requeued) {
      audits.push({
        ...entry,
        actionType: 'WAITLIST_SKIP',
        oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'OFFERED' },
        newValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'WAITING' },
      });
    }
  }
  if (edit.offWaitlist && open.some((wait) => !edit.addedJobIds.includes(wait.jobId))) {
    await scheduleWaitlistFill(tx, edit.year);
  }
  await recordAudit(tx, ...audits);
}
