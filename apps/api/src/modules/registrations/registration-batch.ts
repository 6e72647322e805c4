import type { Db } from '../../db/client';
import type { OutboxMail } from '../mail/outbox';
import { type FullPlaces, type PlaceRequest, takePlacesInOrder, tookAll } from './capacity';
import {
  type InsertedRegistration,
  insertRegistrations,
  type NewRegistration,
  settleRegistrations,
  type SubmissionQueries,
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

/** A place counter as the rows hold it (a camping option's max 0 means unlimited; a job's max is at least 1). */
export interface PlaceCounter {
  currentRegistrations: number;
  countedYear: number | null;
  max?: number;
  maxSignups?: number;
  maxRegistrations?: number;
}

/** Full by the counter of this year (a counter of another year says nothing: the transaction recounts). */
export function isFullNow(counter: PlaceCounter, year: number): boolean {
  const max = counter.max ?? counter.maxSignups ?? counter.maxRegistrations ?? 0;
  return counter.countedYear === year && max > 0 && counter.currentRegistrations >= max;
}

/** Whether `submission` may share a group with `group`: the same year, and one submission per person. */
export function fitsGroup(group: readonly Submission[], submission: Submission): boolean {
  return group.every(
    (other) => other.year === submission.year && other.registration.userId !== submission.registration.userId,
  );
}

/** What the committed counters already show to be full for `places` (jobs first, as capacity.ts decides). */
function fullByCounters(
  places: PlaceRequest,
  counters: ReadonlyMap<string, PlaceCounter>,
  year: number,
): FullPlaces | undefined {
  const full = (ids: readonly string[]) =>
    ids.filter((id) => {
      const counter = counters.get(id);
      return counter !== undefined && isFullNow(counter, year);
    });
  const jobIds = full(places.jobIds);
  if (jobIds.length > 0) return { campingOptionIds: [], jobIds };
  const campingOptionIds = full(places.campingOptionIds);
  return campingOptionIds.length > 0 ? { campingOptionIds, jobIds: [] } : undefined;
}

/**
 * Admits a group of submissions of one year, one person each, in arrival order: one statement inserts every
 * registration with its links and values, one lock of the rows they touch decides the places of all of them,
 * one statement deletes the refused and writes the admitted ones' payments and mails, one COMMIT. The most
 * wanted row is locked once per group instead of once per person. Nothing of a refused submission remains.
 */
export async function admitGroup(
  db: Db,
  queries: SubmissionQueries,
  group: readonly Submission[],
): Promise<Admitted[]> {
  const year = (group[0] as Submission).year;
  const answers = new Array<Admitted | undefined>(group.length);
  // A group that gathered while others ran: most of a rush's refusals happen here, by one read of the
  // counters, instead of by rows inserted and deleted again.
  if (group.length > 1) {
    const counters = await queries.counters.execute({
      optionIds: [...new Set(group.flatMap((entry) => entry.places.campingOptionIds))],
      jobIds: [...new Set(group.flatMap((entry) => entry.places.jobIds))],
    });
    const byId = new Map(counters.map((counter) => [counter.id, counter]));
    group.forEach((entry, index) => {
      const full = fullByCounters(entry.places, byId, year);
      if (full) answers[index] = { outcome: 'full', full };
    });
  }
  const pending = group.flatMap((submission, index) => (answers[index] ? [] : [{ submission, index }]));
  if (pending.length > 0) {
    const decided = await db.transaction(async (tx) => {
      // In user id order: two groups that wait on each other's index entries for the same people wait in one
      // order, so they cannot deadlock.
      const byUser = [...pending].sort((a, b) =>
        a.submission.registration.userId < b.submission.registration.userId ? -1 : 1,
      );
      const inserted = await insertRegistrations(
        tx,
        year,
        byUser.map((entry) => entry.submission.registration),
      );
      const claimants = pending.flatMap((entry) => {
        const rows = inserted.get(entry.submission.registration.userId);
        return rows ? [{ ...entry, rows }] : [];
      });
      const full = await takePlacesInOrder(
        tx,
        year,
        claimants.map(({ submission, rows }) => ({ registrationId: rows.id, ...submission.places })),
      );
      const admitted = claimants.filter((_, index) => tookAll(full[index] as FullPlaces));
      const payments = await settleRegistrations(tx, {
        refusedIds: claimants
          .filter((_, index) => !tookAll(full[index] as FullPlaces))
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
      const outcomes = new Map<number, Admitted>();
      for (const entry of pending) outcomes.set(entry.index, { outcome: 'registered' });
      claimants.forEach(({ index, rows }, position) => {
        const places = full[position] as FullPlaces;
        outcomes.set(
          index,
          tookAll(places)
            ? { outcome: 'admitted', registration: { ...rows, payment: payments.get(rows.id) ?? null } }
            : { outcome: 'full', full: places },
        );
      });
      return outcomes;
    });
    for (const [index, outcome] of decided) answers[index] = outcome;
  }
  return answers as Admitted[];
}
