import { ADMIN_REGISTRATION_MESSAGES, type DayOfWeek, jobLabel } from '@camp/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrationJobs,
  registrations,
  shifts,
} from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/app-error';
import type { AuditEntry } from '../audit/audit-writer';
import { cancelShiftWaits } from '../waitlist/shift-wait-ends';

// What an admin edit or cancel shares: the registration under its row lock, and what they add to or remove
// from it (its jobs and camping options), named the way the audit trail and the person's mail show them.

/** The registration under its row lock (inside the caller's transaction): 404 when there is none. */
export async function lockRegistration(tx: DbOrTx, registrationId: string) {
  const [registration] = await tx
    .select({ userId: registrations.userId, year: registrations.year, status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update');
  if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
  return registration;
}

/**
 * The registration under its row lock (inside the caller's transaction): 404 when there is none, 400 with
 * `cancelledMessage` when it is already CANCELLED.
 */
export async function lockOpenRegistration(tx: DbOrTx, registrationId: string, cancelledMessage: string) {
  const registration = await lockRegistration(tx, registrationId);
  if (registration.status === 'CANCELLED') throw badRequest(cancelledMessage);
  return registration;
}

/**
 * Cancels a registration's rows in the caller's transaction (an admin cancel, or a person leaving the waitlist):
 * its shift lines end CANCELLED (open shift offers give their places back, decision 052), its job and camping option
 * links go, its status becomes CANCELLED with the time and reason, and it leaves the waitlist's line. Gives back no
 * place of its own: the caller releases what it held. Answers the removed ids, sorted. `decidedBy`: who ended the
 * shift lines (the admin, the person), null when the app did.
 */
export async function cancelRegistrationRows(
  tx: DbOrTx,
  registrationId: string,
  cancel: { now: Date; reason: string; decidedBy?: string | null },
): Promise<{ jobIds: string[]; campingOptionIds: string[] }> {
  await cancelShiftWaits(tx, registrationId, { decidedBy: cancel.decidedBy ?? null, now: cancel.now });
  const jobRows = await tx
    .delete(registrationJobs)
    .where(eq(registrationJobs.registrationId, registrationId))
    .returning({ id: registrationJobs.jobId });
  const optionRows = await tx
    .delete(registrationCampingOptions)
    .where(eq(registrationCampingOptions.registrationId, registrationId))
    .returning({ id: registrationCampingOptions.campingOptionId });
  await tx
    .update(registrations)
    .set({
      status: 'CANCELLED',
      cancelledAt: cancel.now,
      cancellationReason: cancel.reason,
      lineKey: null,
      waitlistedAt: null,
    })
    .where(eq(registrations.id, registrationId));
  return {
    jobIds: jobRows.map((row) => row.id).sort(),
    campingOptionIds: optionRows.map((row) => row.id).sort(),
  };
}

/** A job with its shift's day: `label` reads 'Dishes (Tuesday lunch, Tuesday)'. */
export interface JobItem {
  id: string;
  name: string;
  dayOfWeek: DayOfWeek;
  label: string;
  /** The job and its shift as job-open.ts reads them: whether it takes new people (docs/product.md §11). */
  job: { name: string; active: boolean };
  shift: {
    name: string;
    active: boolean;
    dayOfWeek: DayOfWeek;
    /** When the shift is, for the mail's dated label (docs/product.md §11). */
    dayOffset: number;
    startTime: string;
    endTime: string;
  };
}

export interface OptionItem {
  id: string;
  name: string;
}

/** The jobs among `ids` that exist, in id order, with their shift. */
export async function jobItems(db: DbOrTx, ids: readonly string[]): Promise<JobItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: jobs.id,
      name: jobs.name,
      active: jobs.active,
      shiftName: shifts.name,
      shiftActive: shifts.active,
      dayOfWeek: shifts.dayOfWeek,
      dayOffset: shifts.dayOffset,
      startTime: shifts.startTime,
      endTime: shifts.endTime,
    })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(inArray(jobs.id, [...ids]))
    .orderBy(jobs.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dayOfWeek: row.dayOfWeek,
    label: jobLabel(row.name, row.shiftName, row.dayOfWeek),
    job: { name: row.name, active: row.active },
    shift: {
      name: row.shiftName,
      active: row.shiftActive,
      dayOfWeek: row.dayOfWeek,
      dayOffset: row.dayOffset,
      startTime: row.startTime,
      endTime: row.endTime,
    },
  }));
}

/** The camping options among `ids` that exist, in id order. */
export async function optionItems(db: DbOrTx, ids: readonly string[]): Promise<OptionItem[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: campingOptions.id, name: campingOptions.name })
    .from(campingOptions)
    .where(inArray(campingOptions.id, [...ids]))
    .orderBy(campingOptions.id);
}

/** What one admin action added and removed. */
export interface ItemChanges {
  addedJobs: readonly JobItem[];
  removedJobs: readonly JobItem[];
  addedOptions: readonly OptionItem[];
  removedOptions: readonly OptionItem[];
}

/**
 * One WORK_SHIFT_ADD / WORK_SHIFT_REMOVE / CAMPING_OPTION_ADD / CAMPING_OPTION_REMOVE record per item (docs/product.md §4),
 * sharing the action's transactionId, admin and reason: the item's id and name as the old or the new value.
 */
export function itemAudits(
  entry: Omit<AuditEntry, 'actionType' | 'oldValues' | 'newValues'>,
  changes: ItemChanges,
): AuditEntry[] {
  const job = (item: JobItem) => ({ jobId: item.id, name: item.label });
  const option = (item: OptionItem) => ({ campingOptionId: item.id, name: item.name });
  return [
    ...changes.removedJobs.map((item) => ({
      ...entry,
      actionType: 'WORK_SHIFT_REMOVE' as const,
      oldValues: job(item),
      newValues: null,
    })),
    ...changes.addedJobs.map((item) => ({
      ...entry,
      actionType: 'WORK_SHIFT_ADD' as const,
      oldValues: null,
      newValues: job(item),
    })),
    ...changes.removedOptions.map((item) => ({
      ...entry,
      actionType: 'CAMPING_OPTION_REMOVE' as const,
      oldValues: option(item),
      newValues: null,
    })),
    ...changes.addedOptions.map((item) => ({
      ...entry,
      actionType: 'CAMPING_OPTION_ADD' as const,
      oldValues: null,
      newValues: option(item),
    })),
  ];
}
