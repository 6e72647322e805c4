import {
  ADMIN_REGISTRATION_MESSAGES,
  centsToDollars,
  formatDateTimeInZone,
  formatDollars,
  type OverdueRegistration,
  PAYMENT_DEADLINE_MAILS,
  PAYMENT_DEADLINE_MESSAGES,
  PAYMENT_DEADLINE_TEXTS,
  PAYMENT_REMINDER_HOURS,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  campConfig,
  campingOptions,
  payments,
  registrationCampingOptions,
  registrations,
  users,
} from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { cancelHeldRegistration } from '../admin-registrations/admin-registrations-cancel.service';
import { enqueueMail } from '../mail/outbox';
import { duesBalance } from './dues';
import { optionDuesCentsSql, paidCentsSql } from './owed';
import { paymentMailContext, personMail } from './payment-mail';
import { personColumns, personDto } from './payments.read';

// Payment deadlines (docs/product.md §10): when dues are owed after an accepted offer or a won place, they are due
// within the camp's payment deadline; a reminder goes PAYMENT_REMINDER_HOURS before, and past it the place can be
// released back to the line (by an admin, or by the deadline worker when the camp says so).

const DAY_MS = 86_400_000;
const REMINDER_MS = PAYMENT_REMINDER_HOURS * 3_600_000;

async function deadlineConfig(tx: DbOrTx) {
  const [config] = await tx
    .select({
      days: campConfig.paymentDeadlineDays,
      autoRelease: campConfig.paymentAutoRelease,
      timeZone: campConfig.timeZone,
    })
    .from(campConfig)
    .limit(1);
  return {
    days: config?.days ?? null,
    autoRelease: config?.autoRelease ?? false,
    timeZone: config?.timeZone ?? 'UTC',
  };
}

/**
 * Sets a registration's payment deadline, in the caller's transaction (which holds the registration's row lock):
 * `now` plus the camp's payment deadline days, when the camp has one and the registration is PENDING with dues
 * owed; the reminder is to go again for the new deadline. Called when a waitlist offer is accepted. Answers the
 * deadline set, or null when none applies (no deadline configured, nothing owed).
 */
export async function setPayBy(tx: DbOrTx, registrationId: string, now: Date): Promise<Date | null> {
  return (await setPayByMany(tx, [registrationId], now)).get(registrationId) ?? null;
}

/**
 * setPayBy for many registrations at once (the draw's winners): one read of the configuration and one UPDATE,
 * whose WHERE holds the same rule as setPayBy (PENDING, and the dues ledger of duesBalance in its SQL form from
 * owed.ts above zero). Answers the deadline of each registration that got one; the others are left out.
 */
export async function setPayByMany(
  tx: DbOrTx,
  registrationIds: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  if (registrationIds.length === 0) return new Map();
  const { days } = await deadlineConfig(tx);
  if (days === null) return new Map();
  const payBy = new Date(now.getTime() + days * DAY_MS);
  // The options' dues at the owner's rate, minus what was paid (COMPLETED and REFUNDED): duesBalance per row.
  const dues = sql`(select coalesce(sum(${optionDuesCentsSql(users.role, campingOptions)}), 0)
    from ${registrationCampingOptions}
    join ${campingOptions} on ${campingOptions.id} = ${registrationCampingOptions.campingOptionId}
    join ${users} on ${users.id} = ${registrations.userId}
    where ${registrationCampingOptions.registrationId} = ${registrations.id})`;
  const paid = sql`(select ${paidCentsSql(payments)} from ${payments}
    where ${payments.registrationId} = ${registrations.id})`;
  const set = await tx
    .update(registrations)
    .set({ payBy, payRemindedAt: null })
    .where(
      and(
        inArray(registrations.id, [...registrationIds]),
        eq(registrations.status, 'PENDING'),
        sql`${dues} - ${paid} > 0`,
      ),
    )
    .returning({ id: registrations.id });
  return new Map(set.map((row) => [row.id, payBy]));
}

/** PENDING registrations with a deadline at or before `now` (owing or not: the caller checks the ledger). */
const pastDeadline = (now: Date) =>
  and(
    eq(registrations.status, 'PENDING'),
    isNotNull(registrations.payBy),
    sql`${registrations.payBy} <= ${now}`,
  );

/**
 * GET /admin/payments/overdue: PENDING registrations past their deadline that still owe dues (the ledger of
 * duesBalance), oldest deadline first.
 */
export async function overdueRegistrations(db: DbOrTx, now: Date): Promise<OverdueRegistration[]> {
  const rows = await db
    .select({
      id: registrations.id,
      year: registrations.year,
      payBy: registrations.payBy,
      user: personColumns(users),
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(pastDeadline(now))
    .orderBy(asc(registrations.payBy), asc(registrations.id));
  if (rows.length === 0) return [];
  const optionRows = await db
    .select({ registrationId: registrationCampingOptions.registrationId, name: campingOptions.name })
    .from(registrationCampingOptions)
    .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
    .where(
      inArray(
        registrationCampingOptions.registrationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(campingOptions.name));
  const overdue: OverdueRegistration[] = [];
  for (const row of rows) {
    const { owed } = await duesBalance(db, row.id);
    if (owed <= 0) continue;
    const payBy = row.payBy!;
    overdue.push({
      registrationId: row.id,
      year: row.year,
      user: personDto(row.user),
      campingOptions: optionRows
        .filter((option) => option.registrationId === row.id)
        .map((option) => option.name),
      owed: centsToDollars(owed),
      payBy: payBy.toISOString(),
      overdueDays: Math.floor((now.getTime() - payBy.getTime()) / DAY_MS),
    });
  }
  return overdue;
}

/**
 * Releases an unpaid place whose deadline has passed, in the caller's transaction: the registration is locked
 * (with `skipLocked`, a registration being changed elsewhere answers 'busy'), checked to be PENDING, past its
 * deadline and owing (else 409 notOverdue; 404 when there is none), then cancelled through the admin cancel's own
 * code (cancelHeldRegistration: places back, a fill scheduled) with the reason "Payment deadline passed",
 * audited as PLACE_RELEASE (adminUserId null when the worker released it), and the person mailed.
 */
export async function releaseUnpaidPlace(
  tx: DbOrTx,
  registrationId: string,
  release: { adminUserId: string | null; now: Date; publicUrl: string; skipLocked?: boolean },
): Promise<'released' | 'busy'> {
  const locking = tx
    .select({
      userId: registrations.userId,
      year: registrations.year,
      status: registrations.status,
      payBy: registrations.payBy,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  const [registration] = await (release.skipLocked
    ? locking.for('update', { skipLocked: true })
    : locking.for('update'));
  if (!registration) {
    if (release.skipLocked) return 'busy';
    throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
  }
  const { payBy } = registration;
  if (registration.status !== 'PENDING' || payBy === null || payBy > release.now) {
    throw conflict(PAYMENT_DEADLINE_MESSAGES.notOverdue);
  }
  if ((await duesBalance(tx, registrationId)).owed <= 0) throw conflict(PAYMENT_DEADLINE_MESSAGES.notOverdue);

  const reason = PAYMENT_DEADLINE_TEXTS.releasedReason;
  await cancelHeldRegistration(tx, registration, {
    registrationId,
    adminUserId: release.adminUserId,
    now: release.now,
    reason,
    transactionId: randomUUID(),
    actionType: 'PLACE_RELEASE',
  });
  const context = await paymentMailContext(tx, {
    userId: registration.userId,
    registrationId,
    publicUrl: release.publicUrl,
  });
  if (context) {
    const { timeZone } = await deadlineConfig(tx);
    await enqueueMail(
      tx,
      personMail(
        context,
        PAYMENT_DEADLINE_MAILS.releasedSubject(context.campName),
        PAYMENT_DEADLINE_MAILS.releasedLines(formatDateTimeInZone(payBy, timeZone)),
      ),
    );
  }
  return 'released';
}

/**
 * Writes one due payment reminder (PAYMENT_REMINDER_HOURS before the deadline), in its own transaction: the
 * registration is claimed with FOR UPDATE SKIP LOCKED among those not yet reminded, `pay_reminded_at` set and the
 * mail written in that same transaction, so the reminder goes exactly once with any number of processes and
 * after a restart. A deadline that no longer applies (nothing owed) is cleared instead. False when none is due.
 */
export async function remindOne(db: Db, now: Date, publicUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: registrations.id, userId: registrations.userId, payBy: registrations.payBy })
      .from(registrations)
      .where(
        and(
          eq(registrations.status, 'PENDING'),
          isNull(registrations.payRemindedAt),
          isNotNull(registrations.payBy),
          sql`${registrations.payBy} <= ${new Date(now.getTime() + REMINDER_MS)}`,
          sql`${registrations.payBy} > ${now}`,
        ),
      )
      .orderBy(asc(registrations.payBy))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return false;
    const { owed } = await duesBalance(tx, due.id);
    if (owed <= 0) {
      await tx
        .update(registrations)
        .set({ payBy: null, payRemindedAt: null })
        .where(eq(registrations.id, due.id));
      return true;
    }
    await tx.update(registrations).set({ payRemindedAt: now }).where(eq(registrations.id, due.id));
    const context = await paymentMailContext(tx, { userId: due.userId, registrationId: due.id, publicUrl });
    if (context) {
      const { timeZone } = await deadlineConfig(tx);
      const deadline = formatDateTimeInZone(due.payBy!, timeZone);
      await enqueueMail(
        tx,
        personMail(
          context,
          PAYMENT_DEADLINE_MAILS.reminderSubject(context.campName, deadline),
          PAYMENT_DEADLINE_MAILS.reminderLines(formatDollars(owed / 100), deadline),
        ),
      );
    }
    return true;
  });
}

/** Whether the camp releases overdue places by itself, and the ids of the PENDING registrations past deadline. */
export async function autoReleaseCandidates(db: DbOrTx, now: Date): Promise<string[]> {
  const { autoRelease } = await deadlineConfig(db);
  if (!autoRelease) return [];
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(pastDeadline(now))
    .orderBy(asc(registrations.payBy), asc(registrations.id));
  return rows.map((row) => row.id);
}
