import { ADMIN_REGISTRATION_MESSAGES, WAITLIST_JOIN_TEXTS, WAITLIST_MESSAGES } from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import {
  cancelRegistrationRows,
  itemAudits,
  jobItems,
  optionItems,
} from '../admin-registrations/registration-items';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { reconcileDues } from '../payments/dues';
import { paymentMailContext } from '../payments/payment-mail';
import { leftWaitlistMail } from './join-mails';
import { endOpenOffer } from './offer-rows';

export interface LeaveWaitlistDeps {
  db: Db;
  now: () => Date;
  outbox: Pick<OutboxWorker, 'kick'>;
  publicUrl: string;
}

/**
 * POST /registrations/{id}/leave-waitlist (docs/product.md §10): the person's own WAITLISTED registration is
 * cancelled with the reason "Left the waitlist", in one transaction under its row lock. It held no place, except
 * that an open offer held its camping options: that offer ends WITHDRAWN, its places go back and the line is
 * told to fill them (endOpenOffer). Its links go as in a cancel; WAITLIST_LEAVE is audited (no admin) and the
 * person gets a mail. Someone else's registration is not found (404); one not on the waitlist is a 409.
 */
export async function leaveWaitlist(
  deps: LeaveWaitlistDeps,
  userId: string,
  registrationId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [registration] = await tx
      .select({ userId: registrations.userId, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for('update');
    if (!registration || registration.userId !== userId) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
    if (registration.status !== 'WAITLISTED') throw conflict(WAITLIST_MESSAGES.notWaitlisted);
    const now = deps.now();
    // Before the links go: the offer's held options are read from them.
    const offer = await endOpenOffer(tx, { registrationId, state: 'WITHDRAWN', decidedBy: userId, now });

    const reason = WAITLIST_JOIN_TEXTS.leftReason;
    const removed = await cancelRegistrationRows(tx, registrationId, { now, reason, decidedBy: userId });
    await reconcileDues(tx, registrationId);

    const removedJobs = await jobItems(tx, removed.jobIds);
    const removedOptions = await optionItems(tx, removed.campingOptionIds);
    const entry = { transactionId: randomUUID(), adminUserId: null, registrationId, reason };
    await recordAudit(
      tx,
      {
        ...entry,
        actionType: 'WAITLIST_LEAVE',
        oldValues: {
          status: 'WAITLISTED',
          campingOptions: removedOptions.map((option) => option.name).sort(),
          jobs: removedJobs.map((job) => job.label).sort(),
          ...(offer ? { offerId: offer.id } : {}),
        },
        newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
      },
      ...itemAudits(entry, { removedJobs, removedOptions, addedJobs: [], addedOptions: [] }),
    );
    const context = await paymentMailContext(tx, { userId, registrationId, publicUrl: deps.publicUrl });
    if (context) await enqueueMail(tx, leftWaitlistMail(context));
  });
  deps.outbox.kick();
}
