import type { Db } from '../../db/client';
import type { OutboxMail } from '../mail/outbox';
import { type FullPlaces, type PlaceRequest, takePlacesInOrder, tookAll } from './capacity';
import {
  type InsertedRegistration,
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
  duesCents: number;
  mail: OutboxMail;
}

export type Admitted =
  | { outcome: 'admitted'; registration: InsertedRegistration }
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
export async function admitGroup(db: Db, group: readonly Submission[]): Promise<Admitted[]> {
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
    const full = await takePlacesInOrder(
      tx,
      year,
      claimants.map(({ submission, rows }) => ({ registrationId: rows.id, ...submission.places })),
    );
    const admitted = claimants.filter((_, position) => tookAll(full[position] as FullPlaces));
    const payments = await settleRegistrations(tx, {
      refusedIds: claimants
        .filter((_, position) => !tookAll(full[position] as FullPlaces))
        .map(({ rows }) => rows.id),
      payments: admitted
        .filter(({ submission }) => submission.duesCents > 0)
        .map(({ submission, rows }) => ({
          userId: submission.registration.userId,
          registrationId: rows.id,
          amountCents: submission.duesCents,
        })),
      mails: admitted.map(({ submission }) => submission.mail),
    });
    const answers = group.map((): Admitted => ({ outcome: 'registered' }));
    claimants.forEach(({ index, rows }, position) => {
      const places = full[position] as FullPlaces;
      answers[index] = tookAll(places)
        ? { outcome: 'admitted', registration: { ...rows, payment: payments.get(rows.id) ?? null } }
        : { outcome: 'full', full: places };
    });
    return answers;
  });
}
