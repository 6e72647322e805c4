import {
  ADMIN_CANCEL_MESSAGES,
  ADMIN_REGISTRATION_MESSAGES,
  type CancelRefundOutcome,
  type CancelRegistrationResponse,
  type CancelRegistrationValues,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments, registrationCampingOptions, registrationJobs, registrations } from '../../db/schema/index';
import type { Env } from '../../env';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxMail, type OutboxWorker } from '../mail/outbox';
import { reconcileDues } from '../payments/dues';
import { forYear, type PaymentMailContext, paymentMailContext, personMail } from '../payments/payment-mail';
import type { PaymentsService } from '../payments/payments.service';
import type { RefundsService } from '../payments/refunds.service';
import { releasePlaces } from '../registrations/capacity';
import { itemAudits, jobItems, optionItems } from './registration-items';

export interface AdminRegistrationsCancelDeps {
  db: Db;
  env: Env;
  now: () => Date;
  outbox: Pick<OutboxWorker, 'kick'>;
  refunds: Pick<RefundsService, 'refund'>;
  payments: Pick<PaymentsService, 'settleCheckoutsOf'>;
  log: FastifyBaseLogger;
}

/**
 * DELETE /admin/registrations/{id}: the admin cancel (spec §5, issue 11). One transaction, under the
 * registration's row lock: status CANCELLED (with the time and reason), its work shifts and camping options
 * removed and their places given back through the wizard's capacity code, its unpaid dues row dropped
 * (reconcileDues), audit records under one transactionId, and with sendNotification a mail in the outbox.
 * Custom field values stay (they hold no place and keep what the person told the camp). With processRefund,
 * after the commit every COMPLETED payment is refunded in full through the refunds service, under the same
 * transactionId; a refund that fails leaves the cancel done and is reported in the answer.
 */
export class AdminRegistrationsCancelService {
  constructor(private readonly deps: AdminRegistrationsCancelDeps) {}

  async cancel(
    adminUserId: string,
    registrationId: string,
    input: CancelRegistrationValues,
  ): Promise<CancelRegistrationResponse> {
    const transactionId = randomUUID();
    const reason = input.reason;
    // An open Checkout is expired first (or fulfilled, if paid meanwhile), so nobody pays afterwards.
    await this.deps.payments.settleCheckoutsOf(registrationId);
    const mailed = await this.deps.db.transaction(async (tx) => {
      const [registration] = await tx
        .select({ userId: registrations.userId, year: registrations.year, status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, registrationId))
        .for('update');
      if (!registration) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
      if (registration.status === 'CANCELLED') throw badRequest(ADMIN_CANCEL_MESSAGES.alreadyCancelled);

      const jobRows = await tx
        .delete(registrationJobs)
        .where(eq(registrationJobs.registrationId, registrationId))
        .returning({ id: registrationJobs.jobId });
      const optionRows = await tx
        .delete(registrationCampingOptions)
        .where(eq(registrationCampingOptions.registrationId, registrationId))
        .returning({ id: registrationCampingOptions.campingOptionId });
      const jobIds = jobRows.map((row) => row.id).sort();
      const campingOptionIds = optionRows.map((row) => row.id).sort();
      await tx
        .update(registrations)
        .set({ status: 'CANCELLED', cancelledAt: this.deps.now(), cancellationReason: reason })
        .where(eq(registrations.id, registrationId));
      await releasePlaces(tx, registration.year, { campingOptionIds, jobIds });
      await reconcileDues(tx, registrationId);

      const removedJobs = await jobItems(tx, jobIds);
      const removedOptions = await optionItems(tx, campingOptionIds);
      const entry = { transactionId, adminUserId, registrationId, reason };
      await recordAudit(
        tx,
        {
          ...entry,
          actionType: 'REGISTRATION_CANCEL',
          oldValues: {
            status: registration.status,
            campingOptions: removedOptions.map((option) => option.name).sort(),
            jobs: removedJobs.map((job) => job.label).sort(),
          },
          newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
        },
        ...itemAudits(entry, { removedJobs, removedOptions, addedJobs: [], addedOptions: [] }),
      );

      if (!input.sendNotification) return false;
      const context = await paymentMailContext(tx, {
        userId: registration.userId,
        registrationId,
        publicUrl: this.deps.env.publicUrl,
      });
      if (!context) return false;
      await enqueueMail(tx, cancellationMail(context, reason));
      return true;
    });
    if (mailed) this.deps.outbox.kick();

    const refunds = input.processRefund
      ? await this.refundAll(registrationId, { adminUserId, reason, transactionId })
      : [];
    return { registration: { id: registrationId, status: 'CANCELLED' }, refunds };
  }

  /** Refunds every COMPLETED payment of the registration in full, one at a time; never throws an AppError. */
  private async refundAll(
    registrationId: string,
    request: { adminUserId: string; reason: string; transactionId: string },
  ): Promise<CancelRefundOutcome[]> {
    const completed = await this.deps.db
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'COMPLETED')))
      .orderBy(payments.createdAt, payments.id);
    const outcomes: CancelRefundOutcome[] = [];
    for (const payment of completed) {
      try {
        const { refund } = await this.deps.refunds.refund(payment.id, request);
        outcomes.push({ paymentId: payment.id, amount: refund.amount, status: refund.status, message: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        this.deps.log.warn(
          { err: error, paymentId: payment.id, registrationId },
          'Admin cancel: a refund did not complete',
        );
        outcomes.push({
          paymentId: payment.id,
          amount: payment.amountCents / 100,
          // 503: Stripe did not answer, the refund row stays PENDING (asked again with the same key later).
          status: error.statusCode === 503 ? 'PENDING' : 'FAILED',
          message: error.message,
        });
      }
    }
    return outcomes;
  }
}

/** The mail telling the person their registration was cancelled, with the admin's reason. */
export function cancellationMail(context: PaymentMailContext, reason: string): OutboxMail {
  return personMail(context, `${context.campName}: your registration${forYear(context)} has been cancelled`, [
    `Your registration${forYear(context)} at ${context.campName} has been cancelled by the camp's administrators.`,
    `Reason: ${reason}`,
    'Your work shifts and camping options have been released. If you believe this is a mistake, please contact the camp administrators.',
  ]);
}
