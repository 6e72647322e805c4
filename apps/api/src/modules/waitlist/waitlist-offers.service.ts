import {
  type AcceptOfferInput,
  findShiftOverlaps,
  isStaffRole,
  jobLabel,
  jobMailLabel,
  overlapMessage,
  type Registration,
  type RegistrationStatus,
  REGISTRATION_MESSAGES,
  validateShiftSelection,
  WAITLIST_MESSAGES,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  waitlistOffers,
} from '../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { type AuditEntry, recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { setPayBy } from '../payments/deadlines';
import { duesBalance, reconcileDues } from '../payments/dues';
import { paymentMailContext, registrationMail } from '../payments/payment-mail';
import { takePlaces } from '../registrations/capacity';
import { fullMessages } from '../registrations/registration-submission.service';
import { eventCalendarNow } from '../work/shift-overlaps';
import { toRegistrationDtos } from '../registrations/registrations.mapper';
import { chosenWork, selectRegistrations } from '../registrations/registrations.store';
import { expireOffer } from './offer-expiry';
import { endOpenOffer } from './offer-rows';
import { assertJobsTakeNewPeople } from '../work/job-open';
import { cancelShiftWaits } from './shift-wait-ends';
import type { WaitlistWorker } from './waitlist-worker';

export interface WaitlistOffersDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  waitlist: Pick<WaitlistWorker, 'kick'>;
}

/** What a decision's transaction came to: done, or the offer had run out (ended now, committed, then 409). */
type Decided = 'done' | 'expired';

/**
 * The person's answer to a waitlist offer (docs/product.md §10, decision 048): POST /waitlist-offers/:id/accept and
 * /decline. Each runs in one transaction holding the registration's row lock and then the offer's (the order every
 * path takes), so accept, decline and expiry racing for one offer get exactly one outcome: the others find it no
 * longer OPEN (409). Someone else's offer, or none, is 404; an OPEN offer past its deadline is ended as expired
 * there and then (409 offerExpired).
 */
export class WaitlistOffersService {
  constructor(private readonly deps: WaitlistOffersDeps) {}

  /**
   * Accepting: the shifts (`jobs`, replacing the registration's, or the ones it chose) are checked again under the
   * wizard's shift rules and their places taken (409 with shiftsFullOnAccept and the full shifts when any is full,
   * nothing changed); the offer's held camping options become the registration's; it turns PENDING when dues are
   * owed, else CONFIRMED, and leaves the line. WAITLIST_ACCEPT is audited and the registration mail written.
   */
  async accept(caller: CurrentUser, offerId: string, input: AcceptOfferInput): Promise<Registration> {
    const registrationId = await this.decide(caller, offerId, async (tx, registration) => {
      const linked = await linkedJobIds(tx, registration.id);
      const jobIds = input.jobs ?? linked;
      const options = await tx
        .select()
        .from(registrationCampingOptions)
        .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
        .where(eq(registrationCampingOptions.registrationId, registration.id))
        .orderBy(asc(campingOptions.name));
      const chosenOptions = options.map((row) => row.camping_options);
      const work = await workRows(tx, jobIds, isStaffRole(caller.role));
      const jobById = new Map(
        work.flatMap((row) => (row.job && row.shift ? [[row.job.id, row] as const] : [])),
      );
      const unknown = jobIds.filter((id) => !jobById.has(id)).map(REGISTRATION_MESSAGES.unknownJob);
      if (unknown.length > 0) throw badRequest(unknown);
      const chosenJobs = jobIds.map((id) => jobById.get(id)!);
      // Jobs chosen anew must take new people; one the registration already holds stays (docs/product.md §11).
      assertJobsTakeNewPeople(
        chosenJobs.flatMap(({ job, shift }) =>
          job && shift && !linked.includes(job.id) ? [{ job, shift }] : [],
        ),
      );
      const chosenCategoryIds = new Set(chosenJobs.map((row) => row.category.id));
      const categories = [...new Map(work.map((row) => [row.category.id, row.category])).values()].filter(
        (category) => category.alwaysRequired || chosenCategoryIds.has(category.id),
      );
      const problems = validateShiftSelection(
        chosenJobs.map((row) => ({ categoryId: row.category.id })),
        chosenOptions,
        categories,
        caller,
      );
      if (problems.length > 0) throw badRequest(problems);
      // No double-booking (docs/product.md §11, decision 056), as the submission words it.
      const calendar = await eventCalendarNow(tx);
      const [overlap] = findShiftOverlaps(
        chosenJobs.map((row) => ({ id: row.job!.id, name: row.job!.name, shift: row.shift! })),
        calendar,
      );
      if (overlap) throw badRequest(overlapMessage(overlap, calendar));

      if (input.jobs !== undefined) {
        await tx.delete(registrationJobs).where(eq(registrationJobs.registrationId, registration.id));
        if (jobIds.length > 0) {
          await tx
            .insert(registrationJobs)
            .values(jobIds.map((jobId) => ({ registrationId: registration.id, jobId })));
        }
      }
      const full = await takePlaces(tx, registration.year, {
        registrationId: registration.id,
        campingOptionIds: [],
        jobIds,
      });
      if (full.jobIds.length > 0) {
        // Thrown inside the transaction: nothing of the accept is kept.
        const jobsFull = chosenJobs
          .filter((row) => full.jobIds.includes(row.job!.id))
          .map((row) => ({ name: row.job!.name, dayOfWeek: row.shift!.dayOfWeek }));
        throw conflict([WAITLIST_MESSAGES.shiftsFullOnAccept, ...[fullMessages([], jobsFull) ?? []].flat()]);
      }

      const now = this.deps.now();
      const ended = await endOpenOffer(tx, {
        registrationId: registration.id,
        state: 'ACCEPTED',
        decidedBy: caller.id,
        now,
        keepPlaces: true,
      });
      if (!ended) throw conflict(WAITLIST_MESSAGES.offerClosed);
      const { owed } = await duesBalance(tx, registration.id);
      const status: RegistrationStatus = owed > 0 ? 'PENDING' : 'CONFIRMED';
      await leaveLine(
        tx,
        registration.id,
        { status },
        {
          actionType: 'WAITLIST_ACCEPT',
          oldValues: { status: 'WAITLISTED', offerId: ended.id },
          newValues: {
            status,
            campingOptions: chosenOptions.map((option) => option.name),
            jobs: chosenJobs
              .map((row) => jobLabel(row.job!.name, row.shift!.name, row.shift!.dayOfWeek))
              .sort(),
          },
        },
      );
      // Dues owed: due within the camp's payment deadline, when it has one (docs/product.md §10).
      if (status === 'PENDING') await setPayBy(tx, registration.id, now);
      const context = await paymentMailContext(tx, {
        userId: registration.userId,
        registrationId: registration.id,
        publicUrl: this.deps.publicUrl,
      });
      if (context) {
        await enqueueMail(
          tx,
          registrationMail(context, {
            confirmed: status === 'CONFIRMED',
            duesCents: owed,
            campingOptions: chosenOptions.map((option) => option.name),
            jobs: chosenJobs.map((row) => jobMailLabel(row.job!.name, row.shift!, calendar)),
          }),
        );
      }
    });
    this.deps.outbox.kick();
    return this.registration(registrationId);
  }

  /**
   * Declining: the offer is DECLINED and its places go to the next in line (endOpenOffer schedules the fill), and
   * the person leaves the waitlist: the registration is CANCELLED with the reason "Declined a waitlist offer", and
   * its shift lines end CANCELLED.
   */
  async decline(caller: CurrentUser, offerId: string): Promise<Registration> {
    const registrationId = await this.decide(caller, offerId, async (tx, registration) => {
      const now = this.deps.now();
      const ended = await endOpenOffer(tx, {
        registrationId: registration.id,
        state: 'DECLINED',
        decidedBy: caller.id,
        now,
      });
      if (!ended) throw conflict(WAITLIST_MESSAGES.offerClosed);
      // Cancelled: its shift lines end too (decision 052; WAITLISTED, so none holds an offer).
      await cancelShiftWaits(tx, registration.id, { decidedBy: caller.id, now });
      await leaveLine(
        tx,
        registration.id,
        { status: 'CANCELLED', cancelledAt: now, cancellationReason: WAITLIST_MESSAGES.declinedReason },
        {
          actionType: 'WAITLIST_DECLINE',
          reason: WAITLIST_MESSAGES.declinedReason,
          oldValues: { status: 'WAITLISTED', offerId: ended.id },
          newValues: { status: 'CANCELLED' },
        },
      );
    });
    this.deps.waitlist.kick();
    return this.registration(registrationId);
  }

  /**
   * The transaction both answers share: the caller's offer (404 otherwise), the registration's row lock, then the
   * offer's; 409 unless it is still OPEN. An OPEN offer past its deadline is ended as expired (committed), then
   * 409 offerExpired. Answers the registration's id.
   */
  private async decide(
    caller: CurrentUser,
    offerId: string,
    act: (tx: DbOrTx, registration: { id: string; userId: string; year: number }) => Promise<void>,
  ): Promise<string> {
    const { db } = this.deps;
    const [found] = await db
      .select({ registrationId: waitlistOffers.registrationId, userId: registrations.userId })
      .from(waitlistOffers)
      .innerJoin(registrations, eq(registrations.id, waitlistOffers.registrationId))
      .where(eq(waitlistOffers.id, offerId));
    if (!found || found.userId !== caller.id) throw notFound(WAITLIST_MESSAGES.offerNotFound);
    const registrationId = found.registrationId;
    const decided: Decided = await db.transaction(async (tx) => {
      const [registration] = await tx
        .select({ id: registrations.id, userId: registrations.userId, year: registrations.year })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
        .for('update');
      const [offer] = await tx
        .select({ state: waitlistOffers.state, expiresAt: waitlistOffers.expiresAt })
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, offerId))
        .for('update');
      if (!registration || !offer) throw notFound(WAITLIST_MESSAGES.offerNotFound);
      if (offer.state === 'EXPIRED') throw conflict(WAITLIST_MESSAGES.offerExpired);
      if (offer.state !== 'OPEN') throw conflict(WAITLIST_MESSAGES.offerClosed);
      const now = this.deps.now();
      if (offer.expiresAt <= now) {
        await expireOffer(tx, registrationId, { now, publicUrl: this.deps.publicUrl });
        return 'expired';
      }
      await act(tx, registration);
      return 'done';
    });
    if (decided === 'expired') {
      this.deps.outbox.kick();
      this.deps.waitlist.kick();
      throw conflict(WAITLIST_MESSAGES.offerExpired);
    }
    return registrationId;
  }

  private async registration(registrationId: string): Promise<Registration> {
    const [registration] = toRegistrationDtos(
      await selectRegistrations(this.deps.db, eq(registrations.id, registrationId)),
    );
    if (!registration) throw new AppError(404, WAITLIST_MESSAGES.offerNotFound);
    return registration;
  }
}

/**
 * A decided registration leaves the line with its new status; its dues row follows (reconcileDues) and the
 * decision is audited (adminUserId empty: the person acted).
 */
async function leaveLine(
  tx: DbOrTx,
  registrationId: string,
  change: { status: RegistrationStatus; cancelledAt?: Date; cancellationReason?: string },
  audit: Pick<AuditEntry, 'actionType' | 'reason' | 'oldValues' | 'newValues'>,
): Promise<void> {
  await tx
    .update(registrations)
    .set({ ...change, lineKey: null, waitlistedAt: null })
    .where(eq(registrations.id, registrationId));
  await reconcileDues(tx, registrationId);
  await recordAudit(tx, { ...audit, transactionId: randomUUID(), adminUserId: null, registrationId });
}

async function linkedJobIds(tx: DbOrTx, registrationId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: registrationJobs.jobId })
    .from(registrationJobs)
    .where(eq(registrationJobs.registrationId, registrationId));
  return rows.map((row) => row.id);
}

/**
 * The chosen jobs with their category and shift, plus every always-required category (what the wizard's shift
 * rules read); staff-only work is there only for staff and admins, as in the catalog.
 */
async function workRows(tx: DbOrTx, jobIds: readonly string[], seesStaffOnly: boolean) {
  const rows = await chosenWork(tx, jobIds.length > 0 ? inArray(jobs.id, [...jobIds]) : sql`false`);
  return rows.filter((row) => !row.job || seesStaffOnly || !row.category.staffOnly);
}
