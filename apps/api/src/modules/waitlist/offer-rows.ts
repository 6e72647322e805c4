import type { OfferState } from '@camp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registrationCampingOptions, waitlistOffers } from '../../db/schema/index';
import { releasePlaces } from '../registrations/capacity';
import { scheduleWaitlistFill } from './tasks';

/** An offer as the services read it. */
export type OfferRow = typeof waitlistOffers.$inferSelect;

/** The ways an open offer ends (docs/product.md §10). */
export type OfferEnd = Exclude<OfferState, 'OPEN'>;

/**
 * Ends a registration's open offer, if it has one, under a row lock on the offer (so accept, decline, expiry,
 * an admin and a leaving person racing for one offer get exactly one outcome: the others find it no longer
 * OPEN). Unless `keepPlaces` (the places pass to the registration itself: accepted, or an admin moved it off
 * the waitlist), the offer's held camping options go back, and the line is told to fill them (decision 048).
 * Answers the ended offer, or null when there was no open one.
 */
export async function endOpenOffer(
  tx: DbOrTx,
  end: {
    registrationId: string;
    state: OfferEnd;
    decidedBy: string | null;
    now: Date;
    keepPlaces?: boolean;
  },
): Promise<OfferRow | null> {
  const [open] = await tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.registrationId, end.registrationId), eq(waitlistOffers.state, 'OPEN')))
    .for('update');
  if (!open) return null;
  const [ended] = await tx
    .update(waitlistOffers)
    .set({ state: end.state, decidedAt: end.now, decidedBy: end.decidedBy })
    .where(and(eq(waitlistOffers.id, open.id), eq(waitlistOffers.state, 'OPEN')))
    .returning();
  if (!ended) return null;
  if (!end.keepPlaces) {
    const links = await tx
      .select({ id: registrationCampingOptions.campingOptionId })
      .from(registrationCampingOptions)
      .where(eq(registrationCampingOptions.registrationId, end.registrationId));
    await releasePlaces(tx, open.year, { campingOptionIds: links.map((link) => link.id), jobIds: [] });
    await scheduleWaitlistFill(tx, open.year);
  }
  return ended;
}

/** The next place in line: a registration joining the waitlist (or put back by an admin) goes to its end. */
export const nextLineKey = sql<number>`nextval('waitlist_line_seq')`;
