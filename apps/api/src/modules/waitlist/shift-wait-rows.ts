import {
  formatDateTimeInZone,
  eventCalendarOf,
  jobMailLabel,
  PLACE_HOLDING_STATUSES,
  SHIFT_WAITLIST_MAILS,
  type ShiftWaitState,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bare } from '../../db/raw';
import { campConfig, jobs, registrations, shifts, shiftWaits } from '../../db/schema/index';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail } from '../mail/outbox';
import { paymentMailContext, personMail } from '../payments/payment-mail';
import { releasePlaces, takePlaces, tookAll } from '../registrations/capacity';
import { nextLineKey } from './offer-rows';
import { scheduleWaitlistFill } from './tasks';

/**
 * The shift waitlist's row changes (docs/product.md §10, decision 052), each in the caller's transaction. Every
 * path that offers, ends or moves a shift wait goes through these, so "an open offer holds one place on its job"
 * and "an offer ends exactly once" hold everywhere.
 *
 * Lock order, as for the camping lines (decision 048): the fill's advisory lock of the year (when the caller takes
 * it), the registration's row, then the shift wait's row, then the job's row (takePlaces / releasePlaces).
 */

export type ShiftWaitRow = typeof shiftWaits.$inferSelect;

/** The ways a shift wait ends for good. */
export type ShiftWaitEnd = Extract<
  ShiftWaitState,
  'ACCEPTED' | 'DECLINED' | 'LEFT' | 'REMOVED' | 'CANCELLED'
>;

/** Which shift waitlist mail: the offer, its reminder, it ran out, an admin skipped it or removed the person. */
export type ShiftWaitMailKind = 'offer' | 'warning' | 'expired' | 'skipped' | 'removed' | 'accepted';

/** Locks one shift wait (FOR UPDATE) and answers it, or null. */
export async function lockShiftWait(tx: DbOrTx, shiftWaitId: string): Promise<ShiftWaitRow | null> {
  const [row] = await tx.select().from(shiftWaits).where(eq(shiftWaits.id, shiftWaitId)).for('update');
  return row ?? null;
}

/**
 * Offers one WAITING entry a place on its job: takes the place with takePlaces (the same locking code as a
 * submission), marks the entry OFFERED until `expiresAt`, audits WAITLIST_OFFER (with the job) and writes the offer
 * mail. The caller holds the registration's row lock. Answers 'gone' when the entry is no longer WAITING or its
 * registration holds no place of `year` (PENDING or CONFIRMED), 'full' when the job has no free place (nothing
 * changed), or the offered row.
 */
export async function offerShiftPlace(
  tx: DbOrTx,
  year: number,
  shiftWaitId: string,
  offer: { now: Date; expiresAt: Date; offeredBy: string | null; publicUrl: string; reason?: string | null },
): Promise<'gone' | 'full' | ShiftWaitRow> {
  const wait = await lockShiftWait(tx, shiftWaitId);
  if (wait?.state !== 'WAITING' || wait.year !== year) return 'gone';
  const [registration] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.id, wait.registrationId),
        eq(registrations.year, year),
        inArray(registrations.status, [...PLACE_HOLDING_STATUSES]),
      ),
    );
  if (!registration) return 'gone';
  const full = await takePlaces(tx, year, {
    registrationId: wait.registrationId,
    campingOptionIds: [],
    jobIds: [wait.jobId],
  });
  if (!tookAll(full)) return 'full';
  const [offered] = await tx
    .update(shiftWaits)
    .set({
      state: 'OFFERED',
      offeredAt: offer.now,
      expiresAt: offer.expiresAt,
      warnedAt: null,
      offeredBy: offer.offeredBy,
    })
    .where(and(eq(shiftWaits.id, wait.id), eq(shiftWaits.state, 'WAITING')))
    .returning();
  if (!offered) throw new Error('the locked shift wait changed');
  await recordAudit(tx, {
    actionType: 'WAITLIST_OFFER',
    transactionId: randomUUID(),
    adminUserId: offer.offeredBy,
    registrationId: wait.registrationId,
    reason: offer.reason ?? null,
    newValues: { shiftWaitId: wait.id, jobId: wait.jobId, expiresAt: offer.expiresAt.toISOString() },
  });
  await enqueueShiftWaitMail(tx, { kind: 'offer', wait: offered, publicUrl: offer.publicUrl });
  return offered;
}

/**
 * Gives back the place an OFFERED entry holds and tells the line to fill it; nothing for a WAITING entry. The
 * caller has locked the entry and changes its state in the same transaction.
 */
async function releaseOfferedPlace(tx: DbOrTx, wait: ShiftWaitRow): Promise<void> {
  if (wait.state !== 'OFFERED') return;
  await releasePlaces(tx, wait.year, { campingOptionIds: [], jobIds: [wait.jobId] });
  await scheduleWaitlistFill(tx, wait.year);
}

/**
 * Ends an open entry (WAITING or OFFERED) for good, under its row lock: an OFFERED one gives its place back
 * (except ACCEPTED: the caller writes the registration's link row, which holds the place from now on). Answers
 * the ended row, or null when it was no longer open (another path ended it first).
 */
export async function endShiftWait(
  tx: DbOrTx,
  shiftWaitId: string,
  end: { state: ShiftWaitEnd; decidedBy: string | null; now: Date },
): Promise<ShiftWaitRow | null> {
  const wait = await lockShiftWait(tx, shiftWaitId);
  if (wait?.state !== 'WAITING' && wait?.state !== 'OFFERED') return null;
  const [ended] = await tx
    .update(shiftWaits)
    // The offer's columns are set exactly while OFFERED (shift_waits_offer_consistent).
    .set({
      state: end.state,
      endedAt: end.now,
      decidedBy: end.decidedBy,
      offeredAt: null,
      expiresAt: null,
      warnedAt: null,
    })
    .where(eq(shiftWaits.id, wait.id))
    .returning();
  if (!ended) return null;
  if (end.state !== 'ACCEPTED') await releaseOfferedPlace(tx, wait);
  return ended;
}

/**
 * Ends an OFFERED entry's offer without ending the wait (it ran out, or an admin skipped it): the place goes back to
 * the line and the person waits again at the end of the line, as for camping offers (decision 048). Answers the
 * row, or null when it had no open offer.
 */
export async function requeueShiftWait(
  tx: DbOrTx,
  shiftWaitId: string,
  end: { lastOffer: 'EXPIRED' | 'SKIPPED'; now: Date },
): Promise<ShiftWaitRow | null> {
  const wait = await lockShiftWait(tx, shiftWaitId);
  if (wait?.state !== 'OFFERED') return null;
  const [requeued] = await tx
    .update(shiftWaits)
    .set({
      state: 'WAITING',
      lineKey: nextLineKey,
      offeredAt: null,
      expiresAt: null,
      warnedAt: null,
      offeredBy: null,
      lastOfferState: end.lastOffer,
      lastOfferEndedAt: end.now,
    })
    .where(eq(shiftWaits.id, wait.id))
    .returning();
  if (!requeued) return null;
  await releaseOfferedPlace(tx, wait);
  return requeued;
}

/** The ids of a registration's entries in the given states, in job order (the order their rows are changed). */
async function entriesOf(
  tx: DbOrTx,
  registrationId: string,
  states: readonly ShiftWaitState[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: shiftWaits.id })
    .from(shiftWaits)
    .where(and(eq(shiftWaits.registrationId, registrationId), inArray(shiftWaits.state, [...states])))
    .orderBy(shiftWaits.jobId);
  return rows.map((row) => row.id);
}

/**
 * Ends every open entry of a registration (it was cancelled): OFFERED ones give their places back. The caller
 * holds the registration's row lock. Answers the entries it ended.
 */
export async function endShiftWaitsOf(
  tx: DbOrTx,
  registrationId: string,
  end: { state: 'CANCELLED' | 'LEFT'; decidedBy: string | null; now: Date },
): Promise<ShiftWaitRow[]> {
  const ended: ShiftWaitRow[] = [];
  for (const id of await entriesOf(tx, registrationId, ['WAITING', 'OFFERED'])) {
    const row = await endShiftWait(tx, id, end);
    if (row) ended.push(row);
  }
  return ended;
}

/**
 * Turns a registration's open offers back into WAITING entries at the end of their lines ("Last offer: skipped"),
 * their places given back; its WAITING entries stay, dormant (an admin moved it to the waitlist). The caller holds
 * the registration's row lock. Answers the entries it requeued.
 */
export async function requeueShiftOffersOf(
  tx: DbOrTx,
  registrationId: string,
  now: Date,
): Promise<ShiftWaitRow[]> {
  const requeued: ShiftWaitRow[] = [];
  for (const id of await entriesOf(tx, registrationId, ['OFFERED'])) {
    const row = await requeueShiftWait(tx, id, { lastOffer: 'SKIPPED', now });
    if (row) requeued.push(row);
  }
  return requeued;
}

/**
 * Writes a shift waitlist mail about `wait` to the outbox, in the caller's transaction (the job and shift named,
 * the deadline in the camp's time zone, the dashboard's link). Writes nothing when the person is gone.
 */
export async function enqueueShiftWaitMail(
  tx: DbOrTx,
  mail: { kind: ShiftWaitMailKind; wait: ShiftWaitRow; publicUrl: string; reason?: string },
): Promise<void> {
  const [row] = await tx
    .select({
      userId: registrations.userId,
      job: jobs.name,
      shift: shifts,
    })
    .from(registrations)
    .innerJoin(jobs, eq(jobs.id, mail.wait.jobId))
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(eq(registrations.id, mail.wait.registrationId));
  if (!row) return;
  const person = await paymentMailContext(tx, {
    userId: row.userId,
    registrationId: mail.wait.registrationId,
    publicUrl: mail.publicUrl,
  });
  if (!person) return;
  const [camp] = await tx
    .select({ timeZone: campConfig.timeZone, openingSunday: campConfig.openingSunday })
    .from(campConfig)
    .limit(1);
  // With the camp's event dates the mail names the shift's date and times (docs/product.md §11).
  const job = jobMailLabel(row.job, row.shift, camp ? eventCalendarOf(camp) : null);
  const deadline = mail.wait.expiresAt
    ? formatDateTimeInZone(mail.wait.expiresAt, camp?.timeZone ?? 'UTC')
    : '';
  const name = person.campName;
  const [subject, lines] = ((): [string, readonly string[]] => {
    switch (mail.kind) {
      case 'offer':
        return [SHIFT_WAITLIST_MAILS.offerSubject(name, job), SHIFT_WAITLIST_MAILS.offerLines(job, deadline)];
      case 'warning':
        return [
          SHIFT_WAITLIST_MAILS.warningSubject(name, job),
          SHIFT_WAITLIST_MAILS.warningLines(job, deadline),
        ];
      case 'expired':
        return [SHIFT_WAITLIST_MAILS.expiredSubject(name, job), SHIFT_WAITLIST_MAILS.expiredLines(job)];
      case 'skipped':
        return [SHIFT_WAITLIST_MAILS.skippedSubject(name, job), SHIFT_WAITLIST_MAILS.skippedLines(job)];
      case 'removed':
        return [
          SHIFT_WAITLIST_MAILS.removedSubject(name, job),
          SHIFT_WAITLIST_MAILS.removedLines(job, mail.reason ?? ''),
        ];
      case 'accepted':
        return [SHIFT_WAITLIST_MAILS.acceptedSubject(name, job), SHIFT_WAITLIST_MAILS.acceptedLines(job)];
    }
  })();
  await enqueueMail(tx, personMail(person, subject, [...lines]));
}

/** Line position of a WAITING entry in its job's line: 1 + the open entries before it (WAITING or OFFERED). */
export const shiftLinePosition = sql<number>`(select count(*)::int + 1 from ${shiftWaits} as ahead
  where ahead.${bare(shiftWaits.jobId)} = ${shiftWaits.jobId}
    and ahead.${bare(shiftWaits.state)} in ('WAITING', 'OFFERED')
    and ahead.${bare(shiftWaits.lineKey)} < ${shiftWaits.lineKey})`;
