import { confirmsEmail, deletedEmailOf, MY_DATA_MESSAGES, type MyDataExport } from '@camp/shared';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  applications,
  auditRecords,
  campingOptionFields,
  campingOptions,
  drawEntries,
  emailOutbox,
  jobs,
  loginCodes,
  passkeys,
  payments,
  rateLimitCounters,
  refreshTokens,
  refunds,
  registrationCampingOptions,
  registrationFieldValues,
  registrationJobs,
  registrations,
  securityEvents,
  shifts,
  shiftWaits,
  testEmailHistory,
  userNotes,
  users,
  waitlistOffers,
  webauthnChallenges,
} from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { recordSecurityEvent } from '../security-events/security-events';
import type { UsersService } from './users.service';

const isoOrNull = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * Lets this transaction change security_events, which is append-only otherwise (migration 0014, decision 063).
 * Only the erasure below and the retention purge call it.
 */
export async function allowSecurityEventsUpkeep(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('camp.security_events_upkeep', 'on', true)`);
}

/**
 * My data (docs/product.md §12 My data, decision 063): a person's export of everything the camp holds that they
 * gave or did, and the erasure of their account. Admin-internal records (internal notes, the admins' reasons on
 * the audit trail) are the camp's records about the person: left out of the export.
 */
export class MyDataService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly users: UsersService,
  ) {}

  /** GET /users/me/data and GET /users/{id}/data. */
  async exportOf(userId: string): Promise<MyDataExport> {
    const db = this.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');

    const regs = await db
      .select()
      .from(registrations)
      .where(eq(registrations.userId, userId))
      .orderBy(asc(registrations.year), asc(registrations.createdAt));
    const regIds = regs.map((r) => r.id);
    const none = regIds.length === 0;
    const options = none
      ? []
      : await db
          .select({
            registrationId: registrationCampingOptions.registrationId,
            id: campingOptions.id,
            name: campingOptions.name,
          })
          .from(registrationCampingOptions)
          .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
          .where(inArray(registrationCampingOptions.registrationId, regIds))
          .orderBy(asc(campingOptions.name));
    const answers = none
      ? []
      : await db
          .select({
            registrationId: registrationFieldValues.registrationId,
            fieldId: registrationFieldValues.fieldId,
            field: campingOptionFields.displayName,
            value: registrationFieldValues.value,
          })
          .from(registrationFieldValues)
          .innerJoin(campingOptionFields, eq(campingOptionFields.id, registrationFieldValues.fieldId))
          .where(inArray(registrationFieldValues.registrationId, regIds))
          .orderBy(asc(campingOptionFields.displayName));
    const held = none
      ? []
      : await db
          .select({
            registrationId: registrationJobs.registrationId,
            jobId: jobs.id,
            job: jobs.name,
            shift: shifts.name,
            day: shifts.dayOfWeek,
            startTime: shifts.startTime,
            endTime: shifts.endTime,
            attendance: registrationJobs.attendance,
            attendanceAt: registrationJobs.attendanceAt,
          })
          .from(registrationJobs)
          .innerJoin(jobs, eq(jobs.id, registrationJobs.jobId))
          .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
          .where(inArray(registrationJobs.registrationId, regIds))
          .orderBy(asc(shifts.dayOfWeek), asc(shifts.startTime), asc(jobs.name));
    const offers = none
      ? []
      : await db
          .select()
          .from(waitlistOffers)
          .where(inArray(waitlistOffers.registrationId, regIds))
          .orderBy(asc(waitlistOffers.offeredAt));
    const waits = none
      ? []
      : await db
          .select({
            registrationId: shiftWaits.registrationId,
            jobId: shiftWaits.jobId,
            job: jobs.name,
            state: shiftWaits.state,
            joinedAt: shiftWaits.joinedAt,
            endedAt: shiftWaits.endedAt,
          })
          .from(shiftWaits)
          .innerJoin(jobs, eq(jobs.id, shiftWaits.jobId))
          .where(inArray(shiftWaits.registrationId, regIds))
          .orderBy(asc(shiftWaits.joinedAt));
    const entries = await db
      .select()
      .from(drawEntries)
      .where(eq(drawEntries.userId, userId))
      .orderBy(asc(drawEntries.year), asc(drawEntries.createdAt));
    const paid = await db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt));
    const refundRows =
      paid.length === 0
        ? []
        : await db
            .select()
            .from(refunds)
            .where(
              inArray(
                refunds.paymentId,
                paid.map((p) => p.id),
              ),
            )
            .orderBy(asc(refunds.createdAt));
    const events = await db
      .select({
        type: securityEvents.type,
        createdAt: securityEvents.createdAt,
        email: securityEvents.email,
        ip: securityEvents.ip,
      })
      .from(securityEvents)
      .where(
        or(
          eq(securityEvents.subjectUserId, userId),
          and(isNotNull(securityEvents.email), sql`lower(${securityEvents.email}) = lower(${user.email})`),
        ),
      )
      .orderBy(asc(securityEvents.createdAt));
    const applied = await db
      .select()
      .from(applications)
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.year));
    const keys = await db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt));

    const of = <T extends { registrationId: string | null }>(rows: T[], id: string) =>
      rows.filter((row) => row.registrationId === id);
    return {
      exportedAt: this.now().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        playaName: user.playaName,
        profilePicture: user.profilePicture,
        phone: user.phone,
        city: user.city,
        stateProvince: user.stateProvince,
        country: user.country,
        emergencyContact: user.emergencyContact,
        role: user.role,
        isEmailVerified: user.isEmailVerified,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
      registrations: regs.map((r) => ({
        id: r.id,
        year: r.year,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        acceptedTermsAt: isoOrNull(r.acceptedTermsAt),
        cancelledAt: isoOrNull(r.cancelledAt),
        cancellationReason: r.cancellationReason,
        waitlistedAt: isoOrNull(r.waitlistedAt),
        payBy: isoOrNull(r.payBy),
        campingOptions: of(options, r.id).map(({ id, name }) => ({ id, name })),
        answers: of(answers, r.id).map(({ fieldId, field, value }) => ({ fieldId, field, value })),
        shifts: of(held, r.id).map((h) => ({
          jobId: h.jobId,
          job: h.job,
          shift: h.shift,
          day: h.day,
          startTime: h.startTime.slice(0, 5),
          endTime: h.endTime.slice(0, 5),
          attendance: h.attendance,
          attendanceAt: isoOrNull(h.attendanceAt),
        })),
        waitlistOffers: of(offers, r.id).map((o) => ({
          state: o.state,
          offeredAt: o.offeredAt.toISOString(),
          expiresAt: o.expiresAt.toISOString(),
          decidedAt: isoOrNull(o.decidedAt),
        })),
        shiftWaits: of(waits, r.id).map((w) => ({
          jobId: w.jobId,
          job: w.job,
          state: w.state,
          joinedAt: w.joinedAt.toISOString(),
          endedAt: isoOrNull(w.endedAt),
        })),
      })),
      drawEntries: entries.map((e) => ({
        year: e.year,
        state: e.state,
        campWith: e.campWith,
        campingOptionIds: e.campingOptionIds,
        jobIds: e.jobIds,
        answers: (e.fieldValues ?? {}) as Record<string, unknown>,
        acceptedTermsAt: e.acceptedTermsAt.toISOString(),
        drawnPosition: e.drawnPosition,
        createdAt: e.createdAt.toISOString(),
      })),
      // Amounts, states and dates; never the provider's references (decision 063).
      payments: paid.map((p) => ({
        id: p.id,
        registrationId: p.registrationId,
        amountCents: p.amountCents,
        currency: p.currency,
        status: p.status,
        provider: p.provider,
        method: p.method,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        refundedAt: isoOrNull(p.refundedAt),
        refunds: refundRows
          .filter((refund) => refund.paymentId === p.id)
          .map((refund) => ({
            amountCents: refund.amountCents,
            status: refund.status,
            createdAt: refund.createdAt.toISOString(),
            updatedAt: refund.updatedAt.toISOString(),
          })),
      })),
      // What they wrote and where it stands; never who decided (decision 065).
      applications: applied.map((a) => ({
        year: a.year,
        status: a.status,
        about: a.about,
        answers: a.answers,
        message: a.message,
        submittedAt: a.createdAt.toISOString(),
        decidedAt: isoOrNull(a.decidedAt),
      })),
      securityEvents: events.map((e) => ({
        type: e.type,
        createdAt: e.createdAt.toISOString(),
        email: e.email,
        ip: e.ip,
      })),
      passkeys: keys.map((k) => ({
        name: k.name,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: isoOrNull(k.lastUsedAt),
        deviceType: k.deviceType,
        backedUp: k.backedUp,
      })),
      calendarFeed: { version: user.calendarFeedVersion },
    };
  }

  /** DELETE /users/me: the caller's own account, confirmed by typing its address. */
  async deleteOwn(userId: string, confirmEmail: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await this.lockPerson(tx, userId);
      if (!confirmsEmail(confirmEmail, target.email)) throw badRequest(MY_DATA_MESSAGES.confirmEmailMismatch);
      if (target.role === 'ADMIN')
        await this.users.assertAnotherAdmin(tx, MY_DATA_MESSAGES.cannotEraseLastAdmin);
      await this.erase(tx, target, { actorUserId: userId, by: 'self' });
    });
  }

  /** POST /users/{id}/erase: an admin erases another person's account. */
  async eraseByAdmin(adminId: string, userId: string, confirmEmail: string): Promise<void> {
    if (adminId === userId) throw conflict(MY_DATA_MESSAGES.cannotEraseSelf);
    await this.db.transaction(async (tx) => {
      const target = await this.lockPerson(tx, userId);
      if (!confirmsEmail(confirmEmail, target.email))
        throw badRequest(MY_DATA_MESSAGES.adminConfirmEmailMismatch);
      if (target.role === 'ADMIN')
        await this.users.assertAnotherAdmin(tx, MY_DATA_MESSAGES.cannotEraseLastAdmin);
      await this.erase(tx, target, { actorUserId: adminId, by: 'admin' });
    });
  }

  private async lockPerson(tx: Tx, userId: string) {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    if (target.deletedAt) throw conflict(MY_DATA_MESSAGES.alreadyErased);
    return target;
  }

  /**
   * The erasure, in the caller's transaction (docs/product.md §12 My data, decision 063). What stays: the users row
   * (id, role, dates) so that registrations keep their place in the counts and payments their owner; the
   * registrations' statuses, options and shifts; payments and refunds with their amounts.
   * erasure-columns.test.ts lists every column of every table and what happens to it here.
   */
  private async erase(
    tx: Tx,
    target: typeof users.$inferSelect,
    how: { actorUserId: string; by: 'self' | 'admin' },
  ): Promise<void> {
    const id = target.id;
    const email = target.email.toLowerCase();
    const theirRegistrations = tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.userId, id));

    // Security events about them or done by them keep their type and time, not the address, client or values.
    await allowSecurityEventsUpkeep(tx);
    await tx
      .update(securityEvents)
      .set({
        email: null,
        ip: null,
        details: sql`case when ${securityEvents.subjectUserId} = ${id}
          and ${securityEvents.details} ?| array['old', 'new', 'changes']
          then jsonb_build_object('id', ${securityEvents.details} -> 'id', 'erased', true)
          else ${securityEvents.details} end`,
      })
      .where(
        or(
          eq(securityEvents.subjectUserId, id),
          eq(securityEvents.actorUserId, id),
          sql`lower(${securityEvents.email}) = ${email}`,
        ),
      );

    // Sign-in and sessions: every way in ends now (the auth guard needs a live refresh token).
    await tx.delete(loginCodes).where(sql`lower(${loginCodes.email}) = ${email}`);
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
    await tx.delete(passkeys).where(eq(passkeys.userId, id));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, id));
    // Rate-limit counters named by the address (sign-in budgets): the address is nobody's now.
    await tx.delete(rateLimitCounters).where(sql`position(${email} in lower(${rateLimitCounters.key})) > 0`);

    // The camp's notes about them, their applications (with their decisions, decision 065), and every mail to their
    // address (pending or sent: the outbox is a delivery log).
    await tx.delete(userNotes).where(eq(userNotes.userId, id));
    await tx.delete(applications).where(eq(applications.userId, id));
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${email}`);
    await tx
      .update(testEmailHistory)
      .set({ recipientEmail: deletedEmailOf(id) })
      .where(sql`lower(${testEmailHistory.recipientEmail}) = ${email}`);

    // Registrations keep their status (places and counts unchanged); their answers and free texts go.
    await tx
      .delete(registrationFieldValues)
      .where(inArray(registrationFieldValues.registrationId, theirRegistrations));
    await tx.update(registrations).set({ cancellationReason: null }).where(eq(registrations.userId, id));
    // The reasons admins typed on their registrations' audit records may name them: blanked. audit_records is
    // append-only; migration 0015 lets this transaction, and only this change, through (decision 063).
    await tx.execute(sql`select set_config('camp.audit_erasure', 'on', true)`);
    await tx
      .update(auditRecords)
      .set({ reason: null })
      .where(and(inArray(auditRecords.registrationId, theirRegistrations), isNotNull(auditRecords.reason)));

    // Draw entries: their answers and the addresses they named; their address out of everyone else's entries.
    await tx
      .update(drawEntries)
      .set({ campWith: sql`'{}'::text[]`, fieldValues: sql`'{}'::jsonb` })
      .where(eq(drawEntries.userId, id));
    await tx
      .update(drawEntries)
      .set({ campWith: sql`array_remove(${drawEntries.campWith}, ${email})` })
      .where(sql`${email} = any(${drawEntries.campWith})`);

    await tx
      .update(users)
      .set({
        email: deletedEmailOf(id),
        firstName: null,
        lastName: null,
        playaName: null,
        profilePicture: null,
        phone: null,
        city: null,
        stateProvince: null,
        country: null,
        emergencyContact: null,
        internalNotes: null,
        passwordHash: null,
        role: 'PARTICIPANT',
        isEmailVerified: false,
        allowRegistration: false,
        allowEarlyRegistration: false,
        allowDeferredDuesPayment: false,
        allowNoJob: false,
        // Every calendar feed link made before stops working (decision 054).
        calendarFeedVersion: target.calendarFeedVersion + 1,
        deletedAt: this.now(),
        updatedAt: this.now(),
      })
      .where(eq(users.id, id));

    // No address, no client address: the event says only who, whose and how.
    await recordSecurityEvent(tx, {
      type: 'user.erased',
      actorUserId: how.actorUserId,
      subjectUserId: id,
      email: null,
      ip: null,
      details: { by: how.by },
    });
  }
}
