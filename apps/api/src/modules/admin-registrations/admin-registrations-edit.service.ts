import {
  ADMIN_EDIT_MESSAGES,
  ADMIN_REGISTRATION_MESSAGES,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUS_LABELS,
  findShiftOverlaps,
  jobMailLabel,
  overlapPairText,
  type Registration,
  SHIFT_OVERLAP_MESSAGES,
  type UpdateRegistrationValues,
  holdsPlaces,
  WAITLIST_MESSAGES,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  registrationCampingOptions,
  registrationJobs,
  registrations,
  waitlistOffers,
} from '../../db/schema/index';
import type { Env } from '../../env';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxMail, type OutboxWorker } from '../mail/outbox';
import { reconcileDues } from '../payments/dues';
import { forYear, type PaymentMailContext, paymentMailContext, personMail } from '../payments/payment-mail';
import type { PaymentsService } from '../payments/payments.service';
import { changePlaces } from '../registrations/capacity';
import { fullMessages } from '../registrations/registration-submission.service';
import { toRegistrationDtos } from '../registrations/registrations.mapper';
import { selectRegistrations } from '../registrations/registrations.store';
import { joinLine } from '../waitlist/lines';
import { endOpenOffer } from '../waitlist/offer-rows';
import { settleShiftWaitsOfEdit } from '../waitlist/shift-wait-ends';
import { eventCalendarNow, overlapJobsOf, overlapPairValues } from '../work/shift-overlaps';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import { assertJobsTakeNewPeople } from '../work/job-open';
import {
  itemAudits,
  type JobItem,
  jobItems,
  lockOpenRegistration,
  type OptionItem,
  optionItems,
} from './registration-items';

export interface AdminRegistrationsEditDeps {
  db: Db;
  env: Env;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** Woken after an edit that may have given places back (decision 048). */
  waitlist: Pick<WaitlistWorker, 'kick'>;
  payments: Pick<PaymentsService, 'settleCheckoutsOf'>;
  now?: () => Date;
}

const added = (from: readonly string[], to: readonly string[]) => to.filter((id) => !from.includes(id));
const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * PUT /admin/registrations/{id}: the admin edit (docs/product.md §5 Admin edit, decision 018). One transaction under the
 * registration's row lock: the status, the link rows of the jobs and camping options added and removed, their
 * places moved through the wizard's capacity code (a full one refuses the whole edit with 409 naming it),
 * the dues row reconciled with the new options, REGISTRATION_EDIT plus one record per added or removed item
 * under one transactionId (the notes as their reason), and with sendNotification a mail in the outbox.
 *
 * Places follow who holds them (docs/product.md §10, decision 048): PENDING and CONFIRMED hold their options
 * and jobs, WAITLISTED nothing but an open offer's options. An edit to WAITLISTED gives everything back and puts
 * the registration at the end of the line; an edit off the waitlist takes what it did not hold (an open offer
 * ends WITHDRAWN and passes its held options to the registration); a waitlisted registration's options cannot
 * change while its offer is open (409). An edit that gives places back asks the line to fill them. An edit of the
 * jobs that leaves shifts overlapping in time needs `acknowledgeOverlap` (docs/product.md §11, decision 056).
 */
export class AdminRegistrationsEditService {
  constructor(private readonly deps: AdminRegistrationsEditDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async update(
    adminUserId: string,
    registrationId: string,
    input: UpdateRegistrationValues,
  ): Promise<Registration> {
    const transactionId = randomUUID();
    // A Checkout opened for the old dues is expired first (or fulfilled, if paid meanwhile), so nobody pays
    // an amount the edit changes; only when the options change, the only thing the dues depend on.
    if (input.campingOptionIds !== undefined) {
      const current = await linkedIds(this.deps.db, registrationId);
      if (!sameIds(current.campingOptionIds, input.campingOptionIds)) {
        await this.deps.payments.settleCheckoutsOf(registrationId);
      }
    }

    const mailed = await this.deps.db.transaction(async (tx) => {
      const registration = await lockOpenRegistration(tx, registrationId, ADMIN_EDIT_MESSAGES.cancelled);

      const before = await linkedIds(tx, registrationId);
      const status = input.status ?? registration.status;
      const after = {
        jobIds: input.jobIds ?? before.jobIds,
        campingOptionIds: input.campingOptionIds ?? before.campingOptionIds,
      };
      const statusChanged = status !== registration.status;
      const jobsChanged = !sameIds(before.jobIds, after.jobIds);
      const optionsChanged = !sameIds(before.campingOptionIds, after.campingOptionIds);
      if (!statusChanged && !jobsChanged && !optionsChanged) throw badRequest(ADMIN_EDIT_MESSAGES.noChanges);

      const addedJobIds = added(before.jobIds, after.jobIds);
      const removedJobIds = added(after.jobIds, before.jobIds);
      const addedOptionIds = added(before.campingOptionIds, after.campingOptionIds);
      const removedOptionIds = added(after.campingOptionIds, before.campingOptionIds);
      // Every job and option before and after, read once (one query at a time: a transaction holds one
      // connection); an id asked for that is not there does not exist.
      const jobById = byId(await jobItems(tx, [...new Set([...before.jobIds, ...after.jobIds])]));
      const optionById = byId(
        await optionItems(tx, [...new Set([...before.campingOptionIds, ...after.campingOptionIds])]),
      );
      const unknown = [
        ...addedOptionIds.filter((id) => !optionById.has(id)).map(REGISTRATION_MESSAGES.unknownOption),
        ...addedJobIds.filter((id) => !jobById.has(id)).map(REGISTRATION_MESSAGES.unknownJob),
      ];
      if (unknown.length > 0) throw badRequest(unknown);
      const jobsOf = (ids: readonly string[]) => ids.flatMap((id) => jobById.get(id) ?? []);
      const optionsOf = (ids: readonly string[]) => ids.flatMap((id) => optionById.get(id) ?? []);
      const addedJobs = jobsOf(addedJobIds);
      const addedOptions = optionsOf(addedOptionIds);
      // Only the jobs added must take new people: a retired job the person already has stays (docs/product.md §11).
      assertJobsTakeNewPeople(addedJobs);

      // No double-booking (docs/product.md §11, decision 056): an edit of the jobs that leaves overlapping shifts
      // saves only with the admin's acknowledgement (409 naming the pairs otherwise), recorded as SHIFT_OVERLAP_ACK.
      const calendar = jobsChanged ? await eventCalendarNow(tx) : null;
      const overlaps = calendar ? findShiftOverlaps(await overlapJobsOf(tx, after.jobIds), calendar) : [];
      if (overlaps.length > 0 && !input.acknowledgeOverlap) {
        throw conflict([
          SHIFT_OVERLAP_MESSAGES.adminAcknowledgeRequired,
          ...overlaps.map((overlap) => overlapPairText(overlap, calendar)),
        ]);
      }

      const [offer] =
        registration.status === 'WAITLISTED'
          ? await tx
              .select({ id: waitlistOffers.id })
              .from(waitlistOffers)
              .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.state, 'OPEN')))
          : [];
      if (offer && optionsChanged) throw conflict(WAITLIST_MESSAGES.offerOpen);
      // What it holds before and after: an open offer holds the (unchanged) options until it ends; moved off
      // the waitlist, the offer ends and its places stay with the registration.
      const heldBefore = holdsPlaces(registration.status);
      const holdsAfter = holdsPlaces(status);
      const offerOptions = offer ? before.campingOptionIds : [];
      if (offer && holdsAfter) {
        await endOpenOffer(tx, {
          registrationId,
          state: 'WITHDRAWN',
          decidedBy: adminUserId,
          now: this.now(),
          keepPlaces: true,
        });
      }
      // Its shift lines (decision 052): a job given ends its line, an edit to WAITLISTED requeues shift offers.
      await settleShiftWaitsOfEdit(tx, registrationId, {
        year: registration.year,
        addedJobIds,
        jobIds: [...before.jobIds, ...after.jobIds],
        toWaitlist: statusChanged && status === 'WAITLISTED',
        offWaitlist: !heldBefore && holdsAfter,
        adminUserId,
        transactionId,
        now: this.now(),
      });
      const held = {
        jobIds: heldBefore ? before.jobIds : [],
        campingOptionIds: heldBefore ? before.campingOptionIds : offerOptions,
      };
      const holds = {
        jobIds: holdsAfter ? after.jobIds : [],
        campingOptionIds: holdsAfter ? after.campingOptionIds : offerOptions,
      };
      const take = {
        jobIds: added(held.jobIds, holds.jobIds),
        campingOptionIds: added(held.campingOptionIds, holds.campingOptionIds),
      };
      const release = {
        jobIds: added(holds.jobIds, held.jobIds),
        campingOptionIds: added(holds.campingOptionIds, held.campingOptionIds),
      };

      if (removedJobIds.length > 0) {
        await tx
          .delete(registrationJobs)
          .where(
            and(
              eq(registrationJobs.registrationId, registrationId),
              inArray(registrationJobs.jobId, removedJobIds),
            ),
          );
      }
      if (removedOptionIds.length > 0) {
        await tx
          .delete(registrationCampingOptions)
          .where(
            and(
              eq(registrationCampingOptions.registrationId, registrationId),
              inArray(registrationCampingOptions.campingOptionId, removedOptionIds),
            ),
          );
      }
      if (addedJobIds.length > 0) {
        await tx.insert(registrationJobs).values(addedJobIds.map((jobId) => ({ registrationId, jobId })));
      }
      if (addedOptionIds.length > 0) {
        await tx
          .insert(registrationCampingOptions)
          .values(addedOptionIds.map((campingOptionId) => ({ registrationId, campingOptionId })));
      }
      const full = await changePlaces(tx, registration.year, { registrationId, take, release });
      const refused = fullMessages(optionsOf(full.campingOptionIds), jobsOf(full.jobIds));
      // Throwing rolls the whole edit back: nothing of it is stored, no place moved.
      if (refused) throw conflict(refused);
      if (release.jobIds.length + release.campingOptionIds.length > 0) {
        await scheduleWaitlistFill(tx, registration.year);
      }

      if (statusChanged && status === 'WAITLISTED') {
        // The end of the line, as someone joining now.
        await joinLine(tx, [registrationId], this.now());
      } else if (statusChanged) {
        await tx
          .update(registrations)
          .set({ status, lineKey: null, waitlistedAt: null })
          .where(eq(registrations.id, registrationId));
      }
      if (optionsChanged) await reconcileDues(tx, registrationId);

      const jobsNow = jobsOf(after.jobIds);
      const optionsNow = optionsOf(after.campingOptionIds);
      const summary = (values: {
        status: string;
        jobs: readonly JobItem[];
        options: readonly OptionItem[];
      }): Record<string, unknown> => ({
        status: values.status,
        campingOptions: values.options.map((option) => option.name).sort(),
        jobs: values.jobs.map((job) => job.label).sort(),
      });
      const entry = { transactionId, adminUserId, registrationId, reason: input.notes };
      await recordAudit(
        tx,
        {
          ...entry,
          actionType: 'REGISTRATION_EDIT',
          oldValues: summary({
            status: registration.status,
            jobs: jobsOf(before.jobIds),
            options: optionsOf(before.campingOptionIds),
          }),
          newValues: summary({ status, jobs: jobsNow, options: optionsNow }),
        },
        ...itemAudits(entry, {
          addedJobs,
          removedJobs: jobsOf(removedJobIds),
          addedOptions,
          removedOptions: optionsOf(removedOptionIds),
        }),
        ...(overlaps.length > 0
          ? [
              {
                ...entry,
                actionType: 'SHIFT_OVERLAP_ACK' as const,
                oldValues: null,
                newValues: { pairs: overlaps.map((overlap) => overlapPairValues(overlap, calendar)) },
              },
            ]
          : []),
      );

      if (!input.sendNotification) return false;
      const context = await paymentMailContext(tx, {
        userId: registration.userId,
        registrationId,
        publicUrl: this.deps.env.publicUrl,
      });
      if (!context) return false;
      const mailCalendar = await eventCalendarNow(tx);
      await enqueueMail(
        tx,
        updateMail(context, {
          status,
          campingOptions: optionsNow.map((option) => option.name).sort(),
          // Dated when the camp has event dates (docs/product.md §11).
          jobs: jobsNow.map((job) => jobMailLabel(job.name, job.shift, mailCalendar)).sort(),
        }),
      );
      return true;
    });
    if (mailed) this.deps.outbox.kick();
    // A fill may have been scheduled (places given back, a move to the waitlist): the line gets them now.
    this.deps.waitlist.kick();

    const [registration] = toRegistrationDtos(
      await selectRegistrations(this.deps.db, eq(registrations.id, registrationId)),
    );
    if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    return registration;
  }
}

/** The job and camping option ids a registration holds, sorted. */
async function linkedIds(
  db: DbOrTx,
  registrationId: string,
): Promise<{ jobIds: string[]; campingOptionIds: string[] }> {
  const jobRows = await db
    .select({ id: registrationJobs.jobId })
    .from(registrationJobs)
    .where(eq(registrationJobs.registrationId, registrationId));
  const optionRows = await db
    .select({ id: registrationCampingOptions.campingOptionId })
    .from(registrationCampingOptions)
    .where(eq(registrationCampingOptions.registrationId, registrationId));
  return {
    jobIds: jobRows.map((row) => row.id).sort(),
    campingOptionIds: optionRows.map((row) => row.id).sort(),
  };
}

/** The mail telling the person what their registration now holds (the admin's notes stay internal). */
export function updateMail(
  context: PaymentMailContext,
  now: { status: Registration['status']; campingOptions: string[]; jobs: string[] },
): OutboxMail {
  return personMail(context, `${context.campName}: your registration${forYear(context)} has been updated`, [
    `The camp's administrators have updated your registration${forYear(context)} at ${context.campName}.`,
    `Status: ${REGISTRATION_STATUS_LABELS[now.status]}`,
    `Camping: ${now.campingOptions.length > 0 ? now.campingOptions.join(', ') : 'none'}`,
    `Work shifts: ${now.jobs.length > 0 ? now.jobs.join('; ') : 'none'}`,
  ]);
}
