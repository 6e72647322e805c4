import {
  eventCalendarOf,
  holdsPlaces,
  isStaffRole,
  jobLabel,
  type MyShiftWaits,
  registrationAvailability,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITS_MAX,
  type ShiftWait,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import {
  jobCategories,
  jobs,
  registrationJobs,
  registrations,
  shifts,
  shiftWaits,
} from '../../db/schema/index';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit-writer';
import type { ConfigService } from '../config/config.service';
import type { OutboxWorker } from '../mail/outbox';
import { JOB_PLACES, lockPlacesLeft } from '../registrations/capacity';
import { assertJobsTakeNewPeople } from '../work/job-open';
import { shiftOverlapRefusal } from '../work/shift-overlaps';
import { toJobCategoryDto, toShiftSummaryDto } from '../work/work-common';
import { expireShiftOffer } from './shift-wait-expiry';
import { endShiftWait, enqueueShiftWaitMail, lockShiftWait, shiftLinePosition } from './shift-wait-rows';
import type { WaitlistWorker } from './waitlist-worker';
import { liveRegistrationIdOf } from '../registrations/registrations.store';

export interface ShiftWaitsDeps {
  db: Db;
  now: () => Date;
  config: Pick<ConfigService, 'getPublic'>;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  waitlist: Pick<WaitlistWorker, 'kick'>;
}

/** The open states, as the queries name them. */
const OPEN = ['WAITING', 'OFFERED'] as const;

/** A shift wait with what its answer shows: the job (shift, category), the registration's status, the position. */
const shiftWaitColumns = {
  wait: shiftWaits,
  status: registrations.status,
  job: jobs,
  shift: shifts,
  category: jobCategories,
  position: shiftLinePosition,
};

type ShiftWaitView = {
  wait: typeof shiftWaits.$inferSelect;
  status: (typeof registrations.$inferSelect)['status'];
  job: typeof jobs.$inferSelect;
  shift: typeof shifts.$inferSelect;
  category: typeof jobCategories.$inferSelect;
  position: number;
};

function selectShiftWaits(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(shiftWaitColumns)
    .from(shiftWaits)
    .innerJoin(registrations, eq(registrations.id, shiftWaits.registrationId))
    .innerJoin(jobs, eq(jobs.id, shiftWaits.jobId))
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
    .where(where);
}

/** One entry as the person reads it (ShiftWaitSchema). */
export function toShiftWaitDto({ wait, status, job, shift, category, position }: ShiftWaitView): ShiftWait {
  return {
    id: wait.id,
    registrationId: wait.registrationId,
    state: wait.state,
    joinedAt: wait.joinedAt.toISOString(),
    position: wait.state === 'WAITING' ? Number(position) : null,
    active: holdsPlaces(status),
    job: {
      id: job.id,
      name: job.name,
      location: job.location,
      categoryId: job.categoryId,
      shiftId: job.shiftId,
      shift: toShiftSummaryDto(shift),
      category: toJobCategoryDto(category),
      active: job.active,
    },
    offer:
      wait.state === 'OFFERED' && wait.offeredAt && wait.expiresAt
        ? { offeredAt: wait.offeredAt.toISOString(), expiresAt: wait.expiresAt.toISOString() }
        : null,
  };
}

/** What a decision's transaction came to: done, or the offer had run out (requeued, committed, then 409). */
type Decided = 'done' | 'expired';

/**
 * The person's own shift lines (docs/product.md §10, decision 052): GET /shift-waits/me, joining a full job's line
 * (POST /shift-waits), and answering an offer or leaving (POST /shift-waits/:id/accept | decline | leave).
 *
 * Every change runs in one transaction holding the registration's row lock, then the entry's (lockShiftWait), then
 * the job's row when a place moves (the order of shift-wait-rows.ts), so accept, decline, leave, expiry and an
 * admin racing for one entry get exactly one outcome: the others find it changed (409). Someone else's entry, or
 * none, is 404 with the same message, so ids tell nobody anything.
 */
export class ShiftWaitsService {
  constructor(private readonly deps: ShiftWaitsDeps) {}

  /** The caller's open entries of the registration year: offers first, then by position in line. */
  async mine(caller: CurrentUser): Promise<MyShiftWaits> {
    const year = (await this.deps.config.getPublic()).registrationYear;
    const rows = await selectShiftWaits(
      this.deps.db,
      and(
        eq(registrations.userId, caller.id),
        eq(registrations.year, year),
        inArray(shiftWaits.state, [...OPEN]),
      ),
    ).orderBy(
      desc(sql`${shiftWaits.state} = 'OFFERED'`),
      asc(shiftLinePosition),
      asc(shiftWaits.joinedAt),
      asc(shiftWaits.id),
    );
    return { shiftWaits: rows.map(toShiftWaitDto) };
  }

  /**
   * Joins the line of a full job with the caller's registration of the registration year (not cancelled; a
   * WAITLISTED one joins too, dormant until it holds a place). The registration must be open as for a submission
   * (the same rule and message, 403). Refused, with nothing written: a job that does not exist or that the caller
   * may not see (staff-only work, 404), one they already hold (409), one they already wait for (409, the unique
   * index's race included), one that overlaps in time a job they hold (409, the overlap message of
   * docs/product.md §11), one whose waitlist is off (409), one with a free place (409: take it instead), or a
   * registration already waiting for SHIFT_WAITS_MAX jobs (409). The full check reads the job's counter under its
   * row lock, as a submission does. WAITLIST_JOIN is audited; the person acted.
   */
  async join(caller: CurrentUser, jobId: string): Promise<ShiftWait> {
    const config = await this.deps.config.getPublic();
    const year = config.registrationYear;
    const registrationId = await liveRegistrationIdOf(this.deps.db, caller.id, year);
    if (!registrationId) throw conflict(SHIFT_WAITLIST_MESSAGES.noRegistration);
    // Who may register, and when (docs/product.md §4): as for a submission, the person's own registration aside.
    const availability = registrationAvailability(config, caller, []);
    if (!availability.canRegister) throw forbidden(availability.message);

    let id: string;
    try {
      id = await this.deps.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: registrations.status, year: registrations.year })
          .from(registrations)
          .where(eq(registrations.id, registrationId))
          .for('update');
        if (!locked || locked.status === 'CANCELLED' || locked.year !== year) {
          throw conflict(SHIFT_WAITLIST_MESSAGES.noRegistration);
        }
        const [found] = await tx
          .select({ job: jobs, shift: shifts, staffOnly: jobCategories.staffOnly })
          .from(jobs)
          .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
          .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
          .where(eq(jobs.id, jobId));
        if (!found || (found.staffOnly && !isStaffRole(caller.role))) {
          throw notFound(SHIFT_WAITLIST_MESSAGES.jobNotFound);
        }
        const label = jobLabel(found.job.name, found.shift.name, found.shift.dayOfWeek);
        const [assigned] = await tx
          .select({ id: registrationJobs.id })
          .from(registrationJobs)
          .where(and(eq(registrationJobs.registrationId, registrationId), eq(registrationJobs.jobId, jobId)));
        if (assigned) throw conflict(SHIFT_WAITLIST_MESSAGES.alreadyAssigned(label));
        const open = await tx
          .select({ jobId: shiftWaits.jobId })
          .from(shiftWaits)
          .where(and(eq(shiftWaits.registrationId, registrationId), inArray(shiftWaits.state, [...OPEN])));
        if (open.some((wait) => wait.jobId === jobId)) {
          throw conflict(SHIFT_WAITLIST_MESSAGES.alreadyWaiting(label));
        }
        // A retired job's line takes nobody new (docs/product.md §11 "Retired jobs and shifts").
        assertJobsTakeNewPeople([found]);
        // No double-booking (docs/product.md §11, decision 056): not the line of a job that overlaps one held.
        const overlap = await shiftOverlapRefusal(
          tx,
          registrationId,
          { add: [jobId] },
          eventCalendarOf(config),
        );
        if (overlap) throw conflict(overlap);
        if (!found.job.waitlistEnabled) throw conflict(SHIFT_WAITLIST_MESSAGES.waitlistOff(label));
        // Under the job's row lock, as a submission reads it: a place freed meanwhile is seen here.
        const left = (await lockPlacesLeft(JOB_PLACES, tx, year, [jobId])).get(jobId);
        if (left === null || (left ?? 0) > 0) throw conflict(SHIFT_WAITLIST_MESSAGES.notFull(label));
        if (open.length >= SHIFT_WAITS_MAX) throw conflict(SHIFT_WAITLIST_MESSAGES.tooMany);

        const [inserted] = await tx
          .insert(shiftWaits)
          .values({ registrationId, jobId, year, joinedAt: this.deps.now() })
          .returning({ id: shiftWaits.id });
        if (!inserted) throw new Error('insert returned no shift wait');
        await recordAudit(tx, {
          actionType: 'WAITLIST_JOIN',
          transactionId: randomUUID(),
          adminUserId: null,
          registrationId,
          newValues: { shiftWaitId: inserted.id, jobId, job: label },
        });
        return inserted.id;
      });
    } catch (error) {
      // Two joins of one person at once: the partial unique index lets one in.
      if (isUniqueViolation(error, 'shift_waits_one_open')) {
        throw conflict(SHIFT_WAITLIST_MESSAGES.alreadyWaiting(await this.labelOf(jobId)));
      }
      throw error;
    }
    return this.read(id);
  }

  /**
   * Accepting an offer: the shift becomes the registration's (its link row is written and holds the place the offer
   * held; the counter does not move), the entry ends ACCEPTED, WAITLIST_ACCEPT is audited and the "it is one of your
   * shifts" mail written, in one transaction. 409 when the entry has no open offer, when the registration holds no
   * place in camp, when the job overlaps one the registration holds (the overlap message; the offer stays open), or
   * when the offer ran out: then it is requeued as expired there and then (committed).
   */
  async accept(caller: CurrentUser, shiftWaitId: string): Promise<ShiftWait> {
    await this.decide(caller, shiftWaitId, { expires: true }, async (tx, wait, status) => {
      if (wait.state !== 'OFFERED') throw conflict(SHIFT_WAITLIST_MESSAGES.offerClosed);
      if (!holdsPlaces(status)) throw conflict(SHIFT_WAITLIST_MESSAGES.registrationNotActive);
      // No double-booking (docs/product.md §11, decision 056): the offer stays open; the person may decline it.
      const overlap = await shiftOverlapRefusal(tx, wait.registrationId, { add: [wait.jobId] });
      if (overlap) throw conflict(overlap);
      const now = this.deps.now();
      // The link row holds the place from now on. One that is there already (nothing leaves it so: an admin edit
      // that gives the job ends the wait) would count twice: refused, nothing changes.
      const [linked] = await tx
        .insert(registrationJobs)
        .values({ registrationId: wait.registrationId, jobId: wait.jobId })
        .onConflictDoNothing()
        .returning({ id: registrationJobs.id });
      if (!linked)
        throw conflict(SHIFT_WAITLIST_MESSAGES.alreadyAssigned(await this.labelOf(wait.jobId, tx)));
      const ended = await endShiftWait(tx, wait.id, { state: 'ACCEPTED', decidedBy: caller.id, now });
      if (!ended) throw conflict(SHIFT_WAITLIST_MESSAGES.offerClosed);
      await recordAudit(tx, {
        actionType: 'WAITLIST_ACCEPT',
        transactionId: randomUUID(),
        adminUserId: null,
        registrationId: wait.registrationId,
        oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'OFFERED' },
        newValues: {
          shiftWaitId: wait.id,
          jobId: wait.jobId,
          state: 'ACCEPTED',
          job: await this.labelOf(wait.jobId, tx),
        },
      });
      await enqueueShiftWaitMail(tx, { kind: 'accepted', wait: ended, publicUrl: this.deps.publicUrl });
    });
    this.deps.outbox.kick();
    return this.read(shiftWaitId);
  }

  /**
   * Declining an offer: the entry ends DECLINED (the person leaves the line) and the held place goes to the next in
   * line (endShiftWait schedules the fill). An offer past its deadline that the worker has not ended yet may still
   * be declined: the person gives it up either way. 409 when the entry has no open offer.
   */
  async decline(caller: CurrentUser, shiftWaitId: string): Promise<ShiftWait> {
    await this.decide(caller, shiftWaitId, { expires: false }, async (tx, wait) => {
      if (wait.state !== 'OFFERED') throw conflict(SHIFT_WAITLIST_MESSAGES.offerClosed);
      await this.end(tx, caller, wait, 'DECLINED');
    });
    this.deps.waitlist.kick();
    return this.read(shiftWaitId);
  }

  /** Leaving a line (WAITING, or OFFERED: the held place goes on): the entry ends LEFT. 409 when it has ended. */
  async leave(caller: CurrentUser, shiftWaitId: string): Promise<ShiftWait> {
    await this.decide(caller, shiftWaitId, { expires: false }, async (tx, wait) => {
      if (wait.state !== 'WAITING' && wait.state !== 'OFFERED') {
        throw conflict(SHIFT_WAITLIST_MESSAGES.notWaiting);
      }
      await this.end(tx, caller, wait, 'LEFT');
    });
    this.deps.waitlist.kick();
    return this.read(shiftWaitId);
  }

  private async end(
    tx: DbOrTx,
    caller: CurrentUser,
    wait: typeof shiftWaits.$inferSelect,
    state: 'DECLINED' | 'LEFT',
  ): Promise<void> {
    const ended = await endShiftWait(tx, wait.id, { state, decidedBy: caller.id, now: this.deps.now() });
    if (!ended) throw conflict(SHIFT_WAITLIST_MESSAGES.notWaiting);
    await recordAudit(tx, {
      actionType: state === 'DECLINED' ? 'WAITLIST_DECLINE' : 'WAITLIST_LEAVE',
      transactionId: randomUUID(),
      adminUserId: null,
      registrationId: wait.registrationId,
      oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: wait.state },
      newValues: { shiftWaitId: wait.id, jobId: wait.jobId, state, job: await this.labelOf(wait.jobId, tx) },
    });
  }

  /**
   * The transaction the answers share: the caller's entry (404 otherwise), the registration's row lock, then the
   * entry's. With `expires`, an OFFERED entry past its deadline is requeued as expired (committed), then 409
   * offerExpired.
   */
  private async decide(
    caller: CurrentUser,
    shiftWaitId: string,
    options: { expires: boolean },
    act: (
      tx: DbOrTx,
      wait: typeof shiftWaits.$inferSelect,
      status: (typeof registrations.$inferSelect)['status'],
    ) => Promise<void>,
  ): Promise<void> {
    const { db } = this.deps;
    const [found] = await db
      .select({ registrationId: shiftWaits.registrationId, userId: registrations.userId })
      .from(shiftWaits)
      .innerJoin(registrations, eq(registrations.id, shiftWaits.registrationId))
      .where(eq(shiftWaits.id, shiftWaitId));
    if (!found || found.userId !== caller.id) throw notFound(SHIFT_WAITLIST_MESSAGES.notFound);
    const decided: Decided = await db.transaction(async (tx) => {
      const [registration] = await tx
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, found.registrationId))
        .for('update');
      const wait = await lockShiftWait(tx, shiftWaitId);
      if (!registration || !wait) throw notFound(SHIFT_WAITLIST_MESSAGES.notFound);
      const now = this.deps.now();
      if (options.expires && wait.state === 'OFFERED' && wait.expiresAt && wait.expiresAt <= now) {
        await expireShiftOffer(tx, wait.id, { now, publicUrl: this.deps.publicUrl });
        return 'expired';
      }
      await act(tx, wait, registration.status);
      return 'done';
    });
    if (decided === 'expired') {
      this.deps.outbox.kick();
      this.deps.waitlist.kick();
      throw conflict(SHIFT_WAITLIST_MESSAGES.offerExpired);
    }
  }

  /** One entry as the person reads it, whatever its state. */
  private async read(shiftWaitId: string): Promise<ShiftWait> {
    const [row] = await selectShiftWaits(this.deps.db, eq(shiftWaits.id, shiftWaitId));
    if (!row) throw new AppError(404, SHIFT_WAITLIST_MESSAGES.notFound);
    return toShiftWaitDto(row);
  }

  /** "Dishes (Tuesday lunch, Tuesday)" for the messages and the audit trail. */
  private async labelOf(jobId: string, db: DbOrTx = this.deps.db): Promise<string> {
    const [row] = await db
      .select({ name: jobs.name, shift: shifts.name, day: shifts.dayOfWeek })
      .from(jobs)
      .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
      .where(eq(jobs.id, jobId));
    return row ? jobLabel(row.name, row.shift, row.day) : '';
  }
}
