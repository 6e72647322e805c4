import {
  ADMIN_CANCEL_MESSAGES,
  type CancelRefundOutcome,
  type CancelRegistrationResponse,
  type CancelRegistrationValues,
  holdsPlaces,
  type RegistrationStatus,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { ConfigService } from '../config/config.service';
import { payments } from '../../db/schema/index';
import type { Env } from '../../env';
import { badRequest } from '../../lib/app-error';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxMail, type OutboxWorker } from '../mail/outbox';
import { reconcileDues } from '../payments/dues';
import { forYear, type PaymentMailContext, paymentMailContext, personMail } from '../payments/payment-mail';
import type { PaymentsService } from '../payments/payments.service';
import type { RefundsService } from '../payments/refunds.service';
import { stripeSecretKey } from '../payments/stripe-client';
import { releasePlaces } from '../registrations/capacity';
import { scheduleWaitlistFill } from '../waitlist/tasks';
import { endOpenOffer } from '../waitlist/offer-rows';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import {
  cancelRegistrationRows,
  itemAudits,
  jobItems,
  lockOpenRegistration,
  optionItems,
} from './registration-items';

export interface AdminRegistrationsCancelDeps {
  db: Db;
  env: Env;
  now: () => Date;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** Woken when the cancel gave places back: the line gets them now, not at the next poll (decision 048). */
  waitlist: Pick<WaitlistWorker, 'kick'>;
  config: Pick<ConfigService, 'findRow' | 'secret'>;
  refunds: Pick<RefundsService, 'requestInTx' | 'attempt'>;
  payments: Pick<PaymentsService, 'settleCheckoutsOf'>;
  log: FastifyBaseLogger;
}

/**
 * DELETE /admin/registrations/{id}: the admin cancel (docs/product.md §5 Admin cancel, decision 017). One transaction, under the
 * registration's row lock: status CANCELLED (with the time and reason), its work shifts and camping options
 * removed and their places given back through the wizard's capacity code, its unpaid dues row dropped
 * (reconcileDues), audit records under one transactionId, and with sendNotification a mail in the outbox.
 * Custom field values stay (they hold no place and keep what the person told the camp). With processRefund,
 * the same transaction writes a refund of all that is left of every COMPLETED payment (manual ones are made
 * by hand at once, card ones PENDING and audited as asked for); after the commit Stripe is asked for the
 * card ones. A refund Stripe refuses stays FAILED (or PENDING when Stripe did not answer) on the payment, in
 * the audit trail and in the answer, for an admin to retry from Admin → Payments. Without sendNotification
 * the person gets no mail about the cancel, its refunds included.
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
    if (input.processRefund) await this.refusesCardRefundsWithoutStripe(registrationId);
    // An open Checkout is expired first (or fulfilled, if paid meanwhile), so nobody pays afterwards.
    await this.deps.payments.settleCheckoutsOf(registrationId);
    const asked = await this.deps.db.transaction(async (tx) => {
      const registration = await lockOpenRegistration(
        tx,
        registrationId,
        ADMIN_CANCEL_MESSAGES.alreadyCancelled,
      );

      await cancelHeldRegistration(tx, registration, {
        registrationId,
        adminUserId,
        now: this.deps.now(),
        reason,
        transactionId,
        actionType: 'REGISTRATION_CANCEL',
      });

      const asked = input.processRefund
        ? await this.requestRefunds(tx, registrationId, {
            adminUserId,
            reason,
            transactionId,
            notify: input.sendNotification,
          })
        : [];

      if (!input.sendNotification) return asked;
      const context = await paymentMailContext(tx, {
        userId: registration.userId,
        registrationId,
        publicUrl: this.deps.env.publicUrl,
      });
      if (context) await enqueueMail(tx, cancellationMail(context, reason));
      return asked;
    });
    this.deps.outbox.kick();
    this.deps.waitlist.kick();

    const outcomes: CancelRefundOutcome[] = [];
    for (const refundId of asked) {
      const { refund, message } = await this.deps.refunds.attempt(refundId);
      if (message) {
        this.deps.log.warn(
          { paymentId: refund.paymentId, registrationId },
          'Admin cancel: a refund did not complete',
        );
      }
      outcomes.push({ paymentId: refund.paymentId, amount: refund.amount, status: refund.status, message });
    }
    return { registration: { id: registrationId, status: 'CANCELLED' }, refunds: outcomes };
  }

  /**
   * Card payments are refunded through Stripe: with Stripe off, a cancel asking for their refund is refused
   * before anything changes (the dialog says so and does not offer the refund).
   */
  private async refusesCardRefundsWithoutStripe(registrationId: string): Promise<void> {
    const [card] = await this.deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.registrationId, registrationId),
          eq(payments.status, 'COMPLETED'),
          eq(payments.provider, 'STRIPE'),
        ),
      )
      .limit(1);
    if (!card) return;
    if (!(await stripeSecretKey(this.deps.config)))
      throw badRequest(ADMIN_CANCEL_MESSAGES.cardRefundUnavailable);
  }

  /**
   * Inside the cancel's transaction: a refund of every COMPLETED payment (all that is left of it), oldest
   * first, under the payments' row locks. Answers the ids of those Stripe is to be asked for.
   */
  private async requestRefunds(
    tx: DbOrTx,
    registrationId: string,
    request: { adminUserId: string; reason: string; transactionId: string; notify: boolean },
  ): Promise<string[]> {
    const completed = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'COMPLETED')))
      .orderBy(payments.createdAt, payments.id)
      .for('update');
    const asked: string[] = [];
    for (const payment of completed) {
      const row = await this.deps.refunds.requestInTx(tx, payment, request);
      if (row && payment.provider === 'STRIPE') asked.push(row.id);
    }
    return asked;
  }
}

/**
 * The cancel itself, in the caller's transaction, which holds the registration's row lock (lockOpenRegistration):
 * what it held goes back (docs/product.md §10): a PENDING or CONFIRMED one its options and jobs, and the line is
 * told to fill them; a WAITLISTED one nothing but its open offer's options, given back as the offer ends
 * (endOpenOffer). Its status becomes CANCELLED with the reason, its dues row follows (reconcileDues), and the
 * cancel is audited as `actionType` (REGISTRATION_CANCEL, or PLACE_RELEASE for an unpaid place released after its
 * payment deadline) with an item record per removed job and option, under one transactionId.
 */
export async function cancelHeldRegistration(
  tx: DbOrTx,
  registration: { year: number; status: RegistrationStatus },
  cancel: {
    registrationId: string;
    adminUserId: string | null;
    now: Date;
    reason: string;
    transactionId: string;
    actionType: 'REGISTRATION_CANCEL' | 'PLACE_RELEASE';
  },
): Promise<void> {
  const { registrationId, adminUserId, now, reason, transactionId } = cancel;
  if (registration.status === 'WAITLISTED') {
    await endOpenOffer(tx, { registrationId, state: 'WITHDRAWN', decidedBy: adminUserId, now });
  }
  const { jobIds, campingOptionIds } = await cancelRegistrationRows(tx, registrationId, {
    now,
    reason,
    decidedBy: adminUserId,
  });
  if (holdsPlaces(registration.status) && jobIds.length + campingOptionIds.length > 0) {
    await releasePlaces(tx, registration.year, { campingOptionIds, jobIds });
    await scheduleWaitlistFill(tx, registration.year);
  }
  await reconcileDues(tx, registrationId);

  const removedJobs = await jobItems(tx, jobIds);
  const removedOptions = await optionItems(tx, campingOptionIds);
  const entry = { transactionId, adminUserId, registrationId, reason };
  await recordAudit(
    tx,
    {
      ...entry,
      actionType: cancel.actionType,
      oldValues: {
        status: registration.status,
        campingOptions: removedOptions.map((option) => option.name).sort(),
        jobs: removedJobs.map((job) => job.label).sort(),
      },
      newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
    },
    ...itemAudits(entry, { removedJobs, removedOptions, addedJobs: [], addedOptions: [] }),
  );
}

/** The mail telling the person their registration was cancelled, with the admin's reason. */
export function cancellationMail(context: PaymentMailContext, reason: string): OutboxMail {
  return personMail(context, `${context.campName}: your registration${forYear(context)} has been cancelled`, [
    `Your registration${forYear(context)} at ${context.campName} has been cancelled by the camp's administrators.`,
    `Reason: ${reason}`,
    'Your work shifts and camping options have been released. If you believe this is a mistake, please contact the camp administrators.',
  ]);
}
