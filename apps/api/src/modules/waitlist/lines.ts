import type { OfferState, RegistrationWaitlist } from '@camp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bare, rowsOf } from '../../db/raw';
import { registrationCampingOptions, registrations, timedTasks, waitlistOffers } from '../../db/schema/index';
import { nextLineKey } from './offer-rows';

// The waitlist's lines (docs/product.md §10, decision 048): joining them, and where a waitlisted registration
// stands. A line is an option's WAITLISTED registrations of the year in line_key order.

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/** A waitlisted registration's place in one option's line: 1 is next. */
export interface LineSpot {
  registrationId: string;
  campingOptionId: string;
  position: number;
}

/**
 * Puts registrations (already inserted or held, in this transaction) at the end of the line, in the order
 * given: status WAITLISTED, a new line key each (from waitlist_line_seq, handed out in that order) and the
 * time they joined. They must hold no place (the caller released or never took them). Answers the time.
 */
export async function joinLine(tx: DbOrTx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  // The keys are drawn after the sort (PostgreSQL evaluates a volatile select list after ORDER BY), so the
  // first given gets the smallest.
  await tx.execute(sql`
    with keyed as (
      select v.id, ${nextLineKey} as key
      from unnest(${uuids(ids)}) with ordinality as v(id, n) order by v.n
    )
    update ${registrations} set ${bare(registrations.status)} = 'WAITLISTED',
      ${bare(registrations.lineKey)} = keyed.key, ${bare(registrations.waitlistedAt)} = ${now.toISOString()}::timestamptz
    from keyed where ${registrations.id} = keyed.id`);
}

/**
 * Each waitlisted registration's position in the line of each of its camping options (1 is next), for the
 * given registrations (those not WAITLISTED have none): one statement however many.
 */
export async function linePositions(db: DbOrTx, ids: readonly string[]): Promise<LineSpot[]> {
  if (ids.length === 0) return [];
  const links = registrationCampingOptions;
  const rows = rowsOf<{ registration_id: string; camping_option_id: string; position: number }>(
    await db.execute(sql`
      select mine.${bare(links.registrationId)} as registration_id,
        mine.${bare(links.campingOptionId)} as camping_option_id,
        (select count(*) from ${links} l join ${registrations} r on r.${bare(registrations.id)} = l.${bare(links.registrationId)}
          where l.${bare(links.campingOptionId)} = mine.${bare(links.campingOptionId)}
            and r.${bare(registrations.year)} = me.${bare(registrations.year)}
            and r.${bare(registrations.status)} = 'WAITLISTED'
            and r.${bare(registrations.lineKey)} <= me.${bare(registrations.lineKey)})::int as position
      from ${links} mine join ${registrations} me on me.${bare(registrations.id)} = mine.${bare(links.registrationId)}
      where me.${bare(registrations.id)} = any(${uuids(ids)}) and me.${bare(registrations.status)} = 'WAITLISTED'`),
  );
  return rows.map((row) => ({
    registrationId: row.registration_id,
    campingOptionId: row.camping_option_id,
    position: Number(row.position),
  }));
}

/** The open offers of the given registrations. */
export function openOffers(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(waitlistOffers)
    .where(and(inArray(waitlistOffers.registrationId, [...ids]), eq(waitlistOffers.state, 'OPEN')));
}

/** What the registration reads need to fill `waitlist`: positions and open offers of the waitlisted ones. */
export interface WaitlistReads {
  spots: LineSpot[];
  offers: Awaited<ReturnType<typeof openOffers>>;
}

/** The waitlist facts of the given registrations: two statements for a whole list, none when none waits. */
export async function waitlistReads(db: DbOrTx, waitlistedIds: readonly string[]): Promise<WaitlistReads> {
  if (waitlistedIds.length === 0) return { spots: [], offers: [] };
  const spots = await linePositions(db, waitlistedIds);
  const offers = await openOffers(db, waitlistedIds);
  return { spots, offers };
}

/**
 * A registration's `waitlist` answer: null unless WAITLISTED; else when it joined, its position in each of its
 * options' lines (in the order of `options`) and its open offer.
 */
export function toRegistrationWaitlist(
  registration: { id: string; status: string; waitlistedAt: Date | null },
  options: ReadonlyArray<{ id: string; name: string }>,
  reads: WaitlistReads,
): RegistrationWaitlist | null {
  if (registration.status !== 'WAITLISTED' || !registration.waitlistedAt) return null;
  const spots = reads.spots.filter((spot) => spot.registrationId === registration.id);
  const offer = reads.offers.find((row) => row.registrationId === registration.id);
  return {
    joinedAt: registration.waitlistedAt.toISOString(),
    positions: options.flatMap((option) => {
      const spot = spots.find((entry) => entry.campingOptionId === option.id);
      return spot ? [{ campingOptionId: option.id, name: option.name, position: spot.position }] : [];
    }),
    offer: offerDto(offer),
  };
}

/** An offer as the API answers it (docs/product.md §7), or null. */
export function offerDto(
  offer: { id: string; state: OfferState; offeredAt: Date; expiresAt: Date } | undefined,
): { id: string; state: OfferState; offeredAt: string; expiresAt: string } | null {
  return offer
    ? {
        id: offer.id,
        state: offer.state,
        offeredAt: offer.offeredAt.toISOString(),
        expiresAt: offer.expiresAt.toISOString(),
      }
    : null;
}

/**
 * The camping options among `ids` that people are waiting for (WAITLISTED, linked, no open offer) while a fill
 * of `year` is pending: newcomers don't jump the line (decision 048), so a submission counts them as full.
 * Read after the option rows are locked, so a cancel that freed a place there is seen with its fill task. When
 * no fill is pending the one-time filter skips the scan.
 */
export async function optionsWithLine(
  tx: DbOrTx,
  year: number,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const links = registrationCampingOptions;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select distinct l.${bare(links.campingOptionId)} as id
      from ${links} l join ${registrations} r on r.${bare(registrations.id)} = l.${bare(links.registrationId)}
      where exists (select 1 from ${timedTasks} where ${timedTasks.kind} = 'WAITLIST_FILL'
          and ${timedTasks.year} = ${year} and ${timedTasks.state} = 'PENDING')
        and l.${bare(links.campingOptionId)} = any(${uuids(ids)})
        and r.${bare(registrations.year)} = ${year} and r.${bare(registrations.status)} = 'WAITLISTED'
        and not exists (select 1 from ${waitlistOffers} o where o.${bare(waitlistOffers.registrationId)} = r.${bare(registrations.id)}
          and o.${bare(waitlistOffers.state)} = 'OPEN')`),
  );
  return new Set(rows.map((row) => row.id));
}
