import {
  eventCalendarOf,
  type EventCalendar,
  addedShiftOverlaps,
  holdsPlaces,
  isStaffRole,
  jobIsActive,
  jobLabel,
  RETIRED_WORK_TEXTS,
  overlapJobLabel,
  overlapMessage,
  type Registration,
  REGISTRATION_MESSAGES,
  ADMIN_REGISTRATION_MESSAGES,
  SHIFT_CHANGE_MESSAGES,
  SHIFT_CHANGE_TEXTS,
  shiftChangesOpen,
  shiftIsPast,
  type ShiftChangesValues,
  validateShiftSelection,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  campingOptions,
  jobCategories,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  shifts,
} from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit-writer';
import { itemAudits, type JobItem } from '../admin-registrations/registration-items';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxMail, type OutboxWorker } from '../mail/outbox';
import { forYear, type PaymentMailContext, paymentMailContext, personMail } from '../payments/payment-mail';
import { settleShiftWaitsOfEdit } from '../waitlist/shift-wait-ends';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import { changePlaces } from './capacity';
import { fullMessages } from './registration-submission.service';
import { toRegistrationDtos } from './registrations.mapper';
import { liveRegistrationIdOf, selectRegistrations } from './registrations.store';

export interface ShiftChangesDeps {
  db: Db;
  now: () => Date;
  config: Pick<ConfigService, 'getPublic'>;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** Woken after a change that gave places back (their fill is scheduled in its transaction). */
  waitlist?: Pick<WaitlistWorker, 'kick'>;
}

/** A job as the change reads it: with its shift, its category and whether it is still offered. */
interface ChangeJob {
  id: string;
  name: string;
  categoryId: string;
  staffOnly: boolean;
  active: boolean;
  shift: {
    name: string;
    dayOfWeek: JobItem['dayOfWeek'];
    dayOffset: number;
    startTime: string;
    endTime: string;
    description: string | null;
  };
  location: string;
}

const without = (ids: readonly string[], gone: readonly string[]) => ids.filter((id) => !gone.includes(id));

/** A job as the messages and the audit trail name it: 'Dishes (Tuesday lunch, Tuesday)'. */
const labelOf = (job: ChangeJob) => jobLabel(job.name, job.shift.name, job.shift.dayOfWeek);

/**
 * POST /registrations/me/shift-changes (docs/product.md §11 "Changing my shifts", decision 057): the caller drops
 * and takes jobs of their own registration of the registration year, in one transaction, keeping every rule of
 * the wizard's shift step.
 *
 * Lock order as the admin edit's (decision 052): the registration's row, then its shift lines, then the job rows
 * in id order (changePlaces), so a change never deadlocks with a submission, an edit, a cancel or a fill. A full
 * job refuses the whole change (409, nothing stored); a dropped place schedules the shift waitlist's fill; taking a
 * job the person waits for ends that wait. Audited as WORK_SHIFT_REMOVE / WORK_SHIFT_ADD without an admin (the
 * person acted), and mailed through the outbox.
 */
export class ShiftChangesService {
  constructor(private readonly deps: ShiftChangesDeps) {}

  async change(caller: CurrentUser, input: ShiftChangesValues): Promise<Registration> {
    const config = await this.deps.config.getPublic();
    const year = config.registrationYear;
    const now = this.deps.now();
    if (!shiftChangesOpen(config, caller, now)) throw conflict(SHIFT_CHANGE_MESSAGES.closed(year));
    const registrationId = await liveRegistrationIdOf(this.deps.db, caller.id, year);
    if (!registrationId) throw conflict(SHIFT_CHANGE_MESSAGES.noRegistration(year));
    if (input.drop.length + input.take.length === 0) throw badRequest(SHIFT_CHANGE_MESSAGES.nothing);

    await this.deps.db.transaction(async (tx) => {
      const [registration] = await tx
        .select({ status: registrations.status, year: registrations.year })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
        .for('update');
      if (!registration || registration.year !== year || !holdsPlaces(registration.status)) {
        throw conflict(SHIFT_CHANGE_MESSAGES.noRegistration(year));
      }
      const held = await tx
        .select({ jobId: registrationJobs.jobId, attendance: registrationJobs.attendance })
        .from(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId));
      const heldIds = held.map((link) => link.jobId);
      const jobById = new Map(
        (await changeJobs(tx, [...new Set([...heldIds, ...input.drop, ...input.take])])).map((job) => [
          job.id,
          job,
        ]),
      );
      checkChange(caller, input, { heldIds, jobById });
      const dropped = input.drop.map((id) => jobById.get(id) as ChangeJob);
      const taken = input.take.map((id) => jobById.get(id) as ChangeJob);
      const calendar = eventCalendarOf(config);
      const refusals = [
        ...taken.filter((job) => !job.active).map((job) => RETIRED_WORK_TEXTS.jobRetired(labelOf(job))),
        ...dropped.flatMap((job) => {
          const link = held.find((row) => row.jobId === job.id);
          if (link?.attendance) return [SHIFT_CHANGE_MESSAGES.checkedIn(labelOf(job))];
          if (shiftIsPast(job.shift, calendar, config.timeZone, now)) {
            return [SHIFT_CHANGE_MESSAGES.started(labelOf(job))];
          }
          return [];
        }),
      ];
      if (refusals.length > 0) throw conflict(refusals);

      const afterIds = [...without(heldIds, input.drop), ...input.take];
      const after = afterIds.map((id) => jobById.get(id) as ChangeJob);
      await this.checkSelection(tx, caller, registrationId, after);
      // No double-booking (docs/product.md §11, decision 056): a taken shift may not overlap another one held.
      // Overlaps among shifts already held (an admin may have allowed them) do not stop a change.
      const overlaps = addedShiftOverlaps(after, input.take, calendar);
      if (overlaps.length > 0) throw badRequest(overlaps.map((pair) => overlapMessage(pair, calendar)));

      const transactionId = randomUUID();
      // Its shift lines: a job taken that the person waits for ends that wait (an open offer's place first goes
      // back, so the take below finds it free).
      await settleShiftWaitsOfEdit(tx, registrationId, {
        year,
        addedJobIds: input.take,
        jobIds: [...heldIds, ...input.take],
        toWaitlist: false,
        offWaitlist: false,
        adminUserId: null,
        decidedBy: caller.id,
        transactionId,
        now,
      });
      if (input.drop.length > 0) {
        await tx
          .delete(registrationJobs)
          .where(
            and(
              eq(registrationJobs.registrationId, registrationId),
              inArray(registrationJobs.jobId, input.drop),
            ),
          );
      }
      if (input.take.length > 0) {
        await tx.insert(registrationJobs).values(input.take.map((jobId) => ({ registrationId, jobId })));
      }
      const full = await changePlaces(tx, year, {
        registrationId,
        take: { jobIds: input.take, campingOptionIds: [] },
        release: { jobIds: input.drop, campingOptionIds: [] },
      });
      const refused = fullMessages(
        [],
        taken
          .filter((job) => full.jobIds.includes(job.id))
          .map((job) => ({ name: job.name, dayOfWeek: job.shift.dayOfWeek })),
      );
      // Throwing rolls the whole change back: nothing of it is stored, no place moved.
      if (refused) throw conflict(refused);
      if (input.drop.length > 0) await scheduleWaitlistFill(tx, year);

      const item = (job: ChangeJob): JobItem => ({
        id: job.id,
        name: job.name,
        dayOfWeek: job.shift.dayOfWeek,
        label: labelOf(job),
        job: { name: job.name, active: job.active },
        shift: {
          name: job.shift.name,
          active: job.active,
          dayOfWeek: job.shift.dayOfWeek,
          dayOffset: job.shift.dayOffset,
          startTime: job.shift.startTime,
          endTime: job.shift.endTime,
        },
      });
      await recordAudit(
        tx,
        ...itemAudits(
          { transactionId, adminUserId: null, registrationId },
          {
            addedJobs: taken.map(item),
            removedJobs: dropped.map(item),
            addedOptions: [],
            removedOptions: [],
          },
        ),
      );
      const context = await paymentMailContext(tx, {
        userId: caller.id,
        registrationId,
        publicUrl: this.deps.publicUrl,
      });
      if (context) {
        await enqueueMail(tx, shiftChangeMail(context, { dropped, taken, after, calendar }));
      }
    });
    this.deps.outbox.kick();
    // A fill may have been scheduled (places given back, an offer ended): the lines get them now.
    this.deps.waitlist?.kick();

    const [registration] = toRegistrationDtos(
      await selectRegistrations(this.deps.db, eq(registrations.id, registrationId)),
    );
    if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    return registration;
  }

  /**
   * The wizard's shift step on the shifts held after the change (docs/product.md §5 step 4): the registration's
   * camping options, every always-required category and those of the jobs held; 400 with its messages.
   */
  private async checkSelection(
    tx: DbOrTx,
    caller: CurrentUser,
    registrationId: string,
    after: readonly ChangeJob[],
  ): Promise<void> {
    const options = await tx
      .select({ name: campingOptions.name, workShiftsRequired: campingOptions.workShiftsRequired })
      .from(registrationCampingOptions)
      .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
      .where(eq(registrationCampingOptions.registrationId, registrationId));
    const categoryIds = [...new Set(after.map((job) => job.categoryId))];
    const categories = await tx
      .select({
        id: jobCategories.id,
        name: jobCategories.name,
        alwaysRequired: jobCategories.alwaysRequired,
        staffOnly: jobCategories.staffOnly,
      })
      .from(jobCategories)
      .where(
        categoryIds.length > 0
          ? or(eq(jobCategories.alwaysRequired, true), inArray(jobCategories.id, categoryIds))
          : eq(jobCategories.alwaysRequired, true),
      );
    const problems = validateShiftSelection(
      after.map((job) => ({ categoryId: job.categoryId })),
      options,
      categories,
      caller,
    );
    if (problems.length > 0) throw badRequest(problems);
  }
}

/**
 * What the request asks for must make sense against what is held (400): jobs that exist and that the caller may
 * see (staff-only work only for staff and admins, as in the catalog), none both dropped and taken, drops among
 * the shifts held, takes not among them.
 */
function checkChange(
  caller: CurrentUser,
  input: ShiftChangesValues,
  held: { heldIds: readonly string[]; jobById: ReadonlyMap<string, ChangeJob> },
): void {
  const seesStaffOnly = isStaffRole(caller.role);
  const visible = (id: string) => {
    const job = held.jobById.get(id);
    return job !== undefined && (seesStaffOnly || !job.staffOnly || held.heldIds.includes(id));
  };
  const unknown = [...input.drop, ...input.take].filter((id) => !visible(id));
  if (unknown.length > 0) throw badRequest([...new Set(unknown)].map(REGISTRATION_MESSAGES.unknownJob));
  const label = (id: string) => labelOf(held.jobById.get(id) as ChangeJob);
  const problems = [
    ...input.drop
      .filter((id) => input.take.includes(id))
      .map((id) => SHIFT_CHANGE_MESSAGES.dropAndTake(label(id))),
    ...input.drop
      .filter((id) => !input.take.includes(id) && !held.heldIds.includes(id))
      .map((id) => SHIFT_CHANGE_MESSAGES.notHeld(label(id))),
    ...input.take
      .filter((id) => !input.drop.includes(id) && held.heldIds.includes(id))
      .map((id) => SHIFT_CHANGE_MESSAGES.alreadyHeld(label(id))),
  ];
  if (problems.length > 0) throw badRequest(problems);
}

/** The jobs among `ids` that exist, with their shift and category. */
async function changeJobs(db: DbOrTx, ids: readonly string[]): Promise<ChangeJob[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ job: jobs, shift: shifts, staffOnly: jobCategories.staffOnly })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId))
    .where(inArray(jobs.id, [...ids]))
    .orderBy(jobs.id);
  return rows.map(({ job, shift, staffOnly }) => ({
    id: job.id,
    name: job.name,
    location: job.location,
    categoryId: job.categoryId,
    staffOnly,
    active: jobIsActive({ active: job.active, shift }),
    shift: {
      name: shift.name,
      dayOfWeek: shift.dayOfWeek,
      dayOffset: shift.dayOffset,
      startTime: shift.startTime,
      endTime: shift.endTime,
      description: shift.description,
    },
  }));
}

/**
 * "{camp}: your shifts changed": what was dropped and taken and the shifts now held, each with its date when the
 * camp has event dates (docs/product.md §11).
 */
export function shiftChangeMail(
  context: PaymentMailContext,
  change: {
    dropped: readonly ChangeJob[];
    taken: readonly ChangeJob[];
    after: readonly ChangeJob[];
    calendar: EventCalendar | null;
  },
): OutboxMail {
  const list = (items: readonly ChangeJob[]) =>
    items.length > 0 ? items.map((job) => overlapJobLabel(job, change.calendar)).join('; ') : 'none';
  return personMail(context, SHIFT_CHANGE_TEXTS.mailSubject(context.campName), [
    `You changed your work shifts${forYear(context)} at ${context.campName}.`,
    ...(change.dropped.length > 0 ? [`Dropped: ${list(change.dropped)}`] : []),
    ...(change.taken.length > 0 ? [`Taken: ${list(change.taken)}`] : []),
    `Your shifts now: ${list(change.after)}`,
  ]);
}
