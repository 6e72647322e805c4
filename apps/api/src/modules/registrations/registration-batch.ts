import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit-writer';
import type { OutboxMail } from '../mail/outbox';
import { shiftWaits } from '../../db/schema/index';
import { joinLine, type LineSpot, linePositions, optionsWithLine } from '../waitlist/lines';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import { type FullPlaces, type PlaceRequest, takePlacesInOrder, tookAll } from './capacity';
import {
  type InsertedRegistration,
  type InsertedRows,
  insertRegistrations,
  type NewRegistration,
  settleRegistrations,
} from './registrations.store';

/**
 * A group of submissions admitted in one transaction (decision 030). The service has checked every rule
 * that does not depend on other people; what is left is decided here: whether the person is already
 * registered this year (the partial unique index) and whether the places are still there (capacity.ts).
 */

/** One person's submission, ready to be written. */
export interface Submission {
  year: number;
  registration: NewRegistration;
  places: PlaceRequest;
  /**
   * Full jobs to wait for (docs/product.md §10, decision 052): a WAITING entry each, in the registration's
   * transaction, also for a WAITLISTED registration (dormant until it holds a place). Not places: they are extras.
   */
  waitJobIds?: readonly string[];
  duesCents: number;
  mail: OutboxMail;
  /** Set when the person agreed to wait (joinWaitlist): what to do when only waitlisted options are full. */
  waitlist?: WaitlistChoice | null;
}

/** A submission's way onto the waitlist (docs/product.md §10). */
export interface WaitlistChoice {
  /** Its chosen options whose waitlist is on: when the only full places are among these, the person waits. */
  optionIds: readonly string[];
  /** What the WAITLIST_JOIN audit record says besides the status (the options and shifts by name). */
  summary: Record<string, unknown>;
  /** The "you joined the waitlist" mail, once the person's positions are known. */
  mail: (spots: readonly LineSpot[]) => OutboxMail;
}

/**
 * Whether a claim refused for `full` joins the waitlist instead: only options it may wait for (`waitable`, set
 * when the person agreed to wait) were full.
 */
export const waitsFor = (waitable: readonly string[] | undefined, full: FullPlaces): boolean =>
  waitable !== undefined &&
  full.jobIds.length === 0 &&
  full.campingOptionIds.length > 0 &&
  full.campingOptionIds.every((id) => waitable.includes(id));

export type Admitted =
  | { outcome: 'admitted'; registration: InsertedRegistration }
  | { outcome: 'waitlisted'; registration: InsertedRegistration; joinedAt: Date; spots: LineSpot[] }
  | { outcome: 'full'; full: FullPlaces }
  | { outcome: 'registered' };

/** Who a waiting submission is for: one year per group, and one submission per person in it. */
export interface GroupKey {
  year: number;
  userId: string;
}

/**
 * GroupAdmission's `fits` for items whose key `keyOf` gives: an item joins a group of the same year that
 * holds no other submission of the same person (a second one waits for a later group).
 */
export function fitsGroupBy<T>(keyOf: (item: T) => GroupKey): (group: readonly T[], item: T) => boolean {
  return (group, item) => {
    const { year, userId } = keyOf(item);
    return group.every((other) => {
      const key = keyOf(other);
      return key.year === year && key.userId !== userId;
    });
  };
}

/** `fitsGroupBy` for submissions ready to be written. */
export const fitsGroup = fitsGroupBy<Submission>((submission) => ({
  year: submission.year,
  userId: submission.registration.userId,
}));

/**
 * Admits a group of submissions of one year, one person each, in arrival order: one statement inserts every
 * registration with its links and values, one lock of the rows they touch decides the places of all of them,
 * one statement deletes the refused and writes the admitted ones' payments and mails, one COMMIT. The most
 * wanted row is locked once per group instead of once per person. Nothing of a refused submission remains.
 */
export async function admitGroup(
  db: Db,
  group: readonly Submission[],
  now: () => Date = () => new Date(),
): Promise<Admitted[]> {
  if (group.length === 0) return [];
  const year = (group[0] as Submission).year;
  return db.transaction(async (tx) => {
    // In user id order: two groups that wait on each other's index entries for the same people wait in one
    // order, so they cannot deadlock.
    const byUser = [...group].sort((a, b) => (a.registration.userId < b.registration.userId ? -1 : 1));
    const inserted = await insertRegistrations(
      tx,
      year,
      byUser.map((submission) => submission.registration),
    );
    // Those already registered this year inserted nothing; the others claim their places in arrival order.
    const claimants = group.flatMap((submission, index) => {
      const rows = inserted.get(submission.registration.userId);
      return rows ? [{ submission, index, rows }] : [];
    });
    // An option people are waiting for counts as full while a fill is pending (decision 048).
    const full = await takePlacesInOrder(
      tx,
      year,
      claimants.map(({ submission, rows }) => ({ registrationId: rows.id, ...submission.places })),
      { closed: optionsWithLine },
    );
    const outcomes = claimants.map(({ submission }, position) => {
      const places = full[position] as FullPlaces;
      if (tookAll(places)) return 'admitted' as const;
      return waitsFor(submission.waitlist?.optionIds, places) ? ('waitlisted' as const) : ('full' as const);
    });
    const admitted = claimants.filter((_, position) => outcomes[position] === 'admitted');
    const waiting = claimants.filter((_, position) => outcomes[position] === 'waitlisted');
    // Those who wait join the line in arrival order, holding no place (nothing was taken for them).
    const joinedAt = now();
    const spots = await joinWaitlistRows(tx, waiting, joinedAt);
    await joinShiftLines(tx, year, [...admitted, ...waiting], joinedAt);
    const spotsOf = (id: string) => spots.filter((spot) => spot.registrationId === id);
    const payments = await settleRegistrations(tx, {
      refusedIds: claimants.filter((_, position) => outcomes[position] === 'full').map(({ rows }) => rows.id),
      payments: admitted
        .filter(({ submission }) => submission.duesCents > 0)
        .map(({ submission, rows }) => ({
          userId: submission.registration.userId,
          registrationId: rows.id,
          amountCents: submission.duesCents,
        })),
      mails: [
        ...admitted.map(({ submission }) => submission.mail),
        ...waiting.map(({ submission, rows }) =>
          (submission.waitlist as WaitlistChoice).mail(spotsOf(rows.id)),
        ),
      ],
    });
    const answers = group.map((): Admitted => ({ outcome: 'registered' }));
    claimants.forEach(({ index, rows }, position) => {
      const outcome = outcomes[position];
      answers[index] =
        outcome === 'admitted'
          ? { outcome, registration: { ...rows, payment: payments.get(rows.id) ?? null } }
          : outcome === 'waitlisted'
            ? { outcome, registration: { ...rows, payment: null }, joinedAt, spots: spotsOf(rows.id) }
            : { outcome: 'full', full: full[position] as FullPlaces };
    });
    return answers;
  });
}

/**
 * The shift lines the stored registrations chose to wait for (in arrival order: the group's order), each entry
 * WAITING at the end of its job's line with its WAITLIST_JOIN audit record (the person acted). A fill is scheduled
 * when any joined: a place may have freed since the person saw the job full. Nothing when none waits.
 */
async function joinShiftLines(
  tx: DbOrTx,
  year: number,
  stored: ReadonlyArray<{ submission: Submission; rows: InsertedRows; index: number }>,
  joinedAt: Date,
): Promise<void> {
  const values = [...stored]
    .sort((a, b) => a.index - b.index)
    .flatMap(({ submission, rows }) =>
      (submission.waitJobIds ?? []).map((jobId) => ({ registrationId: rows.id, jobId, year, joinedAt })),
    );
  if (values.length === 0) return;
  const inserted: Array<{ id: string; registrationId: string; jobId: string }> = [];
  // One row at a time: each takes its line key in this order (a multi-row insert does not promise one).
  for (const value of values) {
    const [row] = await tx
      .insert(shiftWaits)
      .values(value)
      .returning({ id: shiftWaits.id, registrationId: shiftWaits.registrationId, jobId: shiftWaits.jobId });
    if (row) inserted.push(row);
  }
  await recordAudit(
    tx,
    ...inserted.map((row) => ({
      actionType: 'WAITLIST_JOIN' as const,
      transactionId: randomUUID(),
      adminUserId: null,
      registrationId: row.registrationId,
      newValues: { shiftWaitId: row.id, jobId: row.jobId },
    })),
  );
  await scheduleWaitlistFill(tx, year);
}

/**
 * Turns inserted registrations into WAITLISTED ones at the end of the line (in the order given), each with its
 * WAITLIST_JOIN audit record (the person acted: no admin): answers their positions. Nothing when none waits, so
 * a group where nothing was full pays no statement for it.
 */
async function joinWaitlistRows(
  tx: DbOrTx,
  waiting: ReadonlyArray<{ submission: Submission; rows: InsertedRows }>,
  joinedAt: Date,
): Promise<LineSpot[]> {
  if (waiting.length === 0) return [];
  const ids = waiting.map(({ rows }) => rows.id);
  await joinLine(tx, ids, joinedAt);
  await recordAudit(
    tx,
    ...waiting.map(({ submission, rows }) => ({
      actionType: 'WAITLIST_JOIN' as const,
      transactionId: randomUUID(),
      adminUserId: null,
      registrationId: rows.id,
      newValues: { status: 'WAITLISTED', ...(submission.waitlist as WaitlistChoice).summary },
    })),
  );
  return linePositions(tx, ids);
}
