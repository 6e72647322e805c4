import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registrations } from '../../db/schema/index';
import { recordAudit } from '../audit/audit-writer';
import { enqueueOfferMail } from './offer-mail';
import { endOpenOffer, nextLineKey } from './offer-rows';

/**
 * Ends a registration's open offer that ran out (docs/product.md §10), in the caller's transaction, which holds the
 * registration's row lock: the offer is EXPIRED, its places go back and the line is told to fill them
 * (endOpenOffer), the person stays on the waitlist at the end of the line (or the fill would offer them the
 * same places again at once), WAITLIST_EXPIRE is audited and the "offer ran out" mail written. Answers whether
 * it ended an offer (false when another path ended it first).
 */
export async function expireOffer(
  tx: DbOrTx,
  registrationId: string,
  context: { now: Date; publicUrl: string },
): Promise<boolean> {
  const ended = await endOpenOffer(tx, {
    registrationId,
    state: 'EXPIRED',
    decidedBy: null,
    now: context.now,
  });
  if (!ended) return false;
  await tx
    .update(registrations)
    .set({ lineKey: nextLineKey })
    .where(and(eq(registrations.id, registrationId), eq(registrations.status, 'WAITLISTED')));
  await recordAudit(tx, {
    actionType: 'WAITLIST_EXPIRE',
    transactionId: randomUUID(),
    adminUserId: null,
    registrationId,
    oldValues: { offerId: ended.id, expiresAt: ended.expiresAt.toISOString() },
  });
  await enqueueOfferMail(tx, {
    kind: 'expired',
    registrationId,
    expiresAt: ended.expiresAt,
    publicUrl: context.publicUrl,
  });
  return true;
}
