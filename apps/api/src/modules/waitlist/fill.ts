import { isFull, OFFER_HOLD_HOURS_DEFAULT, optionCapacity } from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw';
import {
  campConfig,
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrations,
  shifts,
  shiftWaits,
  waitlistOffers,
} from '../../db/schema/index';
import { recordAudit } from '../audit/audit-writer';
import { JOB_PLACES, lockPlacesLeft, takePlaces, tookAll } from '../registrations/capacity';
import { eventCalendarNow, shiftOverlapRefusal } from '../work/shift-overlaps';
import { enqueueOfferMail } from './offer-mail';
import { offerShiftPlace } from './shift-wait-rows';

/**
 * The namespace of the fill's transaction advisory lock, `pg_advisory_xact_lock(namespace, year)`: one filler per
 * year at a time, in every process (decision 048). 'WLFL' as a number.
 */
export const WAITLIST_FILL_LOCK = 0x574c_464c;

const HOUR_MS = 3_600_000;

/** The offers one fill made, in the order it made them: camping offers, and shift offers (decision 052). */
export interface FillResult {
  offers: Array<{ id: string; registrationId: string }>;
  shiftOffers: Array<{ shiftWaitId: string; registrationId: string; jobId: string }>;
}

/** A WAITING shift entry of the year whose registration holds places, in its job's line order. */
interface ShiftWaiter {
  id: string;
  jobId: string;
  registrationId: string;
}

/** A waiting registration of the year: WAITLISTED, with no open offer, linked to the option. */
interface Waiter {
  registrationId: string;
  campingOptionId: string;
}

/**
 * Offers the free places of `year` to the people in line (docs/product.md §10, decision 048), in the caller's
 * transaction (the worker's, which claimed the WAITLIST_FILL task and marks it done in the same transaction).
 *
 * 1. A transaction advisory lock on the year: two fillers never walk the same line at once.
 * 2. Every camping option someone waits for is locked in id order (the lock order of takePlaces, and the rows
 *    each candidate's takePlaces locks again) before its counter is read: a cancellation that frees a place
 *    either committed before (and is seen here) or waits for this fill to commit (and schedules the next one).
 * 3. For each such option with free places, the line (WAITLISTED registrations linked to it, no open offer, in
 *    line_key order) is walked: each candidate's row is locked (SKIP LOCKED: one being changed right now is
 *    passed over this time, and the fill never waits for a registration while it holds option rows) and checked
 *    again, then takePlaces holds one place on every one of its options. When the option itself comes back full
 *    the walk of that option stops; when another of the candidate's options is full, the candidate is passed
 *    over and keeps their position; otherwise an OPEN offer is written with its audit record and mail.
 *
 * Before the option lines, the job lines (decision 052; jobs first because every writer locks job rows before
 * option rows, capacity.ts): see fillShiftLines.
 *
 * An option's waitlist switch (waitlistEnabled) only decides whether people may join; the line of an option whose
 * waitlist was turned off is still served, so nobody already waiting is stranded. Disabled options are served too:
 * disabling stops new sign-ups, not the people already in line. The same holds for a job's switch.
 */
export async function fillLine(
  tx: DbOrTx,
  year: number,
  now: Date,
  context: { publicUrl: string },
): Promise<FillResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_FILL_LOCK}, ${year})`);
  const [config] = await tx.select({ offerHoldHours: campConfig.offerHoldHours }).from(campConfig).limit(1);
  const expiresAt = new Date(now.getTime() + (config?.offerHoldHours ?? OFFER_HOLD_HOURS_DEFAULT) * HOUR_MS);
  const result: FillResult = {
    offers: [],
    shiftOffers: await fillShiftLines(tx, year, { now, expiresAt, publicUrl: context.publicUrl }),
  };

  const waiters = rowsOf<Waiter>(
    await tx.execute(sql`
      select ${registrations.id} as "registrationId", ${registrationCampingOptions.campingOptionId} as "campingOptionId"
      from ${registrations}
      join ${registrationCampingOptions} on ${registrationCampingOptions.registrationId} = ${registrations.id}
      where ${registrations.year} = ${year} and ${registrations.status} = 'WAITLISTED'
        and not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.registrationId} = ${registrations.id}
          and ${waitlistOffers.state} = 'OPEN')
      order by ${registrations.lineKey}, ${registrations.id}`),
  );
  if (waiters.length === 0) return result;

  const optionIds = [...new Set(waiters.map((waiter) => waiter.campingOptionId))].sort();
  const counters = rowsOf<{ id: string; max: number; current: number; countedYear: number | null }>(
    await tx.execute(sql`
      select ${campingOptions.id} as id, ${campingOptions.maxSignups} as max,
        ${campingOptions.currentRegistrations} as current, ${campingOptions.countedYear} as "countedYear"
      from ${campingOptions} where ${campingOptions.id} = any(${sql.param(optionIds)}::uuid[])
      order by ${campingOptions.id} for no key update`),
  );
  const decided = new Set<string>();

  for (const counter of counters) {
    // Full by a counter of this year: nothing to offer. A counter of another year is recounted by takePlaces.
    if (counter.countedYear === year && isFull(optionCapacity(counter.max), counter.current)) continue;
    for (const waiter of waiters) {
      if (waiter.campingOptionId !== counter.id || decided.has(waiter.registrationId)) continue;
      const outcome = await offerTo(tx, year, waiter.registrationId, counter.id, { now, expiresAt });
      if (outcome === 'option full') break;
      if (outcome === 'passed over') continue;
      decided.add(waiter.registrationId);
      if (outcome === 'gone') continue;
      result.offers.push({ id: outcome.offerId, registrationId: waiter.registrationId });
      await enqueueOfferMail(tx, {
        kind: 'offer',
        registrationId: waiter.registrationId,
        expiresAt,
        publicUrl: context.publicUrl,
        offerId: outcome.offerId,
      });
    }
  }
  return result;
}

/**
 * The job lines of `year` (docs/product.md §10, decision 052), inside the fill's transaction and advisory lock:
 *
 * 1. The WAITING entries whose registration holds places (PENDING or CONFIRMED) are read; entries of a WAITLISTED
 *    registration are dormant: they keep their position and are passed over. So are the entries of a retired job
 *    or of a job of a retired shift (docs/product.md §11 "Retired jobs and shifts"): a reactivation schedules a fill.
 * 2. Their jobs' rows are locked in id order (as takePlaces locks them) and their places left read (a counter of
 *    another year is recounted): a change that freed a place either committed before or waits for this fill to
 *    commit (and schedules the next one).
 * 3. For each job with room, its line is walked in line_key order: the candidate's registration is locked with SKIP
 *    LOCKED (one being changed right now is passed over this time; the fill never waits for a registration while
 *    it holds job rows), then offerShiftPlace checks the entry and the registration again, takes the place and
 *    writes the offer, its audit record and mail. 'full' ends the job's walk, 'gone' goes on to the next.
 *    A candidate who holds a shift overlapping the job in time (decision 056) is passed over and stays WAITING:
 *    offered a place they could not accept, they would block the line.
 */
async function fillShiftLines(
  tx: DbOrTx,
  year: number,
  offer: { now: Date; expiresAt: Date; publicUrl: string },
): Promise<FillResult['shiftOffers']> {
  const waiters = rowsOf<ShiftWaiter>(
    await tx.execute(sql`
      select ${shiftWaits.id} as id, ${shiftWaits.jobId} as "jobId", ${shiftWaits.registrationId} as "registrationId"
      from ${shiftWaits} join ${registrations} on ${registrations.id} = ${shiftWaits.registrationId}
        join ${jobs} on ${jobs.id} = ${shiftWaits.jobId} join ${shifts} on ${shifts.id} = ${jobs.shiftId}
      where ${shiftWaits.year} = ${year} and ${shiftWaits.state} = 'WAITING' and ${registrations.year} = ${year}
        and ${registrations.status} in ('PENDING', 'CONFIRMED') and ${jobs.active} and ${shifts.active}
      order by ${shiftWaits.lineKey}, ${shiftWaits.id}`),
  );
  const offers: FillResult['shiftOffers'] = [];
  if (waiters.length === 0) return offers;
  const jobIds = [...new Set(waiters.map((waiter) => waiter.jobId))].sort();
  const left = await lockPlacesLeft(JOB_PLACES, tx, year, jobIds);
  const calendar = await eventCalendarNow(tx);
  for (const jobId of jobIds) {
    if (left.get(jobId) === 0 || !left.has(jobId)) continue;
    for (const waiter of waiters) {
      if (waiter.jobId !== jobId) continue;
      const [locked] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.id, waiter.registrationId))
        .for('update', { skipLocked: true });
      if (!locked) continue;
      // No double-booking (decision 056): someone whose held shifts overlap this job is passed over and stays
      // WAITING (read under their registration's lock, which every change to what they hold takes first).
      if (await shiftOverlapRefusal(tx, waiter.registrationId, { add: [jobId] }, calendar)) continue;
      const outcome = await offerShiftPlace(tx, year, waiter.id, {
        now: offer.now,
        expiresAt: offer.expiresAt,
        offeredBy: null,
        publicUrl: offer.publicUrl,
      });
      if (outcome === 'full') break;
      if (outcome === 'gone') continue;
      offers.push({ shiftWaitId: outcome.id, registrationId: outcome.registrationId, jobId });
    }
  }
  return offers;
}

/**
 * Tries to offer one candidate its places: 'gone' when it is no longer waiting (or is being changed right now),
 * 'option full' when the option walked is full, 'passed over' when another of its options is, or the offer.
 */
async function offerTo(
  tx: DbOrTx,
  year: number,
  registrationId: string,
  campingOptionId: string,
  times: { now: Date; expiresAt: Date },
): Promise<'gone' | 'option full' | 'passed over' | { offerId: string }> {
  const [locked] = await tx
    .select({ status: registrations.status, year: registrations.year })
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update', { skipLocked: true });
  if (locked?.status !== 'WAITLISTED' || locked.year !== year) return 'gone';
  const [open] = await tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.state, 'OPEN')));
  if (open) return 'gone';
  const links = await tx
    .select({ id: registrationCampingOptions.campingOptionId })
    .from(registrationCampingOptions)
    .where(eq(registrationCampingOptions.registrationId, registrationId));
  const linked = links.map((link) => link.id);
  if (!linked.includes(campingOptionId)) return 'gone';
  const full = await takePlaces(tx, year, { registrationId, campingOptionIds: linked, jobIds: [] });
  if (full.campingOptionIds.includes(campingOptionId)) return 'option full';
  if (!tookAll(full)) return 'passed over';
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({ registrationId, year, offeredAt: times.now, expiresAt: times.expiresAt })
    .returning({ id: waitlistOffers.id });
  if (!offer) throw new Error('insert returned no offer');
  await recordAudit(tx, {
    actionType: 'WAITLIST_OFFER',
    transactionId: randomUUID(),
    adminUserId: null,
    registrationId,
    newValues: {
      offerId: offer.id,
      campingOptionIds: [...linked].sort(),
      expiresAt: times.expiresAt.toISOString(),
    },
  });
  return { offerId: offer.id };
}
