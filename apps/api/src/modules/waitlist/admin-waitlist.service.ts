import {
  type AdminWaitlist,
  type AdminWaitlistEntry,
  ADMIN_REGISTRATION_MESSAGES,
  OFFER_HOLD_HOURS_DEFAULT,
  PLACE_HOLDING_STATUSES,
  WAITLIST_ADMIN_MAILS,
  WAITLIST_ADMIN_MESSAGES,
  WAITLIST_ADMIN_TEXTS,
  WAITLIST_MESSAGES,
  jobLabel,
  SHIFT_WAITLIST_MESSAGES,
} from '@camp/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  campConfig,
  campingOptions,
  jobs,
  registrationCampingOptions,
  registrations,
  shifts,
  shiftWaits,
  users,
  waitlistOffers,
} from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import {
  cancelRegistrationRows,
  itemAudits,
  jobItems,
  lockRegistration,
  optionItems,
} from '../admin-registrations/registration-items';
import { recordAudit } from '../audit/audit-writer';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { reconcileDues } from '../payments/dues';
import { forYear, paymentMailContext, personMail } from '../payments/payment-mail';
import { takePlaces, tookAll } from '../registrations/capacity';
import { WAITLIST_FILL_LOCK } from './fill';
import { linePositions, offerDto, openOffers } from './lines';
import { enqueueOfferMail } from './offer-mail';
import { assertJobIdsTakeNewPeople } from '../work/job-open';
import { endOpenOffer, nextLineKey } from './offer-rows';
import { shiftLines, shiftPosition } from './admin-waitlist-shifts';
import {
  endShiftWait,
  enqueueShiftWaitMail,
  lockShiftWait,
  offerShiftPlace,
  requeueShiftWait,
  type ShiftWaitRow,
} from './shift-wait-rows';
import type { WaitlistWorker } from './waitlist-worker';

export interface AdminWaitlistDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  outbox: Pick<OutboxWorker, 'kick'>;
  waitlist: Pick<WaitlistWorker, 'kick'>;
}

const HOUR_MS = 3_600_000;

/** The statuses whose registrations hold places, and so may be offered a shift (decision 052). */
const holding: readonly string[] = PLACE_HOLDING_STATUSES;

/** The registration an action is about, under its row lock. */
interface Locked {
  userId: string;
  year: number;
  status: string;
}

/** Joins a registration to its camping options' link rows. */
const optionLinkOf = eq(registrationCampingOptions.registrationId, registrations.id);

/**
 * The admins' side of the waitlist (docs/product.md §10, decision 048): the lines of a year as the Waitlist screen
 * shows them, and Offer now, Skip, Remove and Move. Every action runs in one transaction that first takes the fill's
 * advisory lock of the registration's year (fill.ts: no fill walks the line meanwhile) and then the registration's
 * row lock (every other path that holds a registration lock never waits for the advisory lock, and the fill takes
 * registration rows with SKIP LOCKED, so this order cannot deadlock). Each is audited with the admin's id and
 * answers the year's lines as they are after it.
 */
export class AdminWaitlistService {
  constructor(private readonly deps: AdminWaitlistDeps) {}

  /**
   * GET /admin/waitlist: every camping option (also those nobody waits for), its places and its line in order; then
   * every job whose waitlist is on or that has people in line (decision 052), in festival order.
   */
  async list(year?: number): Promise<AdminWaitlist> {
    const db = this.deps.db;
    const theYear = year ?? (await registrationYear(db));
    const options = await db
      .select({
        id: campingOptions.id,
        name: campingOptions.name,
        enabled: campingOptions.enabled,
        waitlistEnabled: campingOptions.waitlistEnabled,
        maxSignups: campingOptions.maxSignups,
      })
      .from(campingOptions)
      .orderBy(asc(campingOptions.name), asc(campingOptions.id));
    const hasOpenOffer = sql`exists (select 1 from ${waitlistOffers} where ${waitlistOffers.registrationId} = ${registrations.id} and ${waitlistOffers.state} = 'OPEN')`;
    const places = await db
      .select({
        id: registrationCampingOptions.campingOptionId,
        taken:
          sql<number>`count(*) filter (where ${inArray(registrations.status, [...PLACE_HOLDING_STATUSES])})`.mapWith(
            Number,
          ),
        held: sql<number>`count(*) filter (where ${registrations.status} = 'WAITLISTED' and ${hasOpenOffer})`.mapWith(
          Number,
        ),
      })
      .from(registrationCampingOptions)
      .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
      .where(eq(registrations.year, theYear))
      .groupBy(registrationCampingOptions.campingOptionId);
    const waiting = await db
      .select({
        registrationId: registrations.id,
        campingOptionId: registrationCampingOptions.campingOptionId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        waitlistedAt: registrations.waitlistedAt,
      })
      .from(registrationCampingOptions)
      .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(registrations.year, theYear), eq(registrations.status, 'WAITLISTED')))
      .orderBy(asc(registrations.lineKey), asc(registrations.id));
    const ids = [...new Set(waiting.map((row) => row.registrationId))];
    const open = await openOffers(db, ids);
    const ended =
      ids.length === 0
        ? []
        : await db
            .selectDistinctOn([waitlistOffers.registrationId], {
              registrationId: waitlistOffers.registrationId,
              state: waitlistOffers.state,
              decidedAt: waitlistOffers.decidedAt,
            })
            .from(waitlistOffers)
            .where(and(inArray(waitlistOffers.registrationId, ids), ne(waitlistOffers.state, 'OPEN')))
            .orderBy(waitlistOffers.registrationId, desc(waitlistOffers.decidedAt));
    const [offerCount] = await db
      .select({ n: count() })
      .from(waitlistOffers)
      .innerJoin(registrations, eq(registrations.id, waitlistOffers.registrationId))
      .where(and(eq(waitlistOffers.year, theYear), eq(waitlistOffers.state, 'OPEN')));

    const shiftSide = await shiftLines(db, theYear);

    const placesOf = new Map(places.map((row) => [row.id, row]));
    return {
      year: theYear,
      options: options.map((option) => {
        let position = 0;
        const line: AdminWaitlistEntry[] = waiting
          .filter((row) => row.campingOptionId === option.id)
          .map((row) => {
            position += 1;
            const offer = open.find((entry) => entry.registrationId === row.registrationId);
            const last = ended.find((entry) => entry.registrationId === row.registrationId);
            return {
              registrationId: row.registrationId,
              name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email,
              email: row.email,
              joinedAt: (row.waitlistedAt ?? new Date(0)).toISOString(),
              position,
              offer: offerDto(offer),
              lastOffer: last?.decidedAt
                ? { state: last.state, decidedAt: last.decidedAt.toISOString() }
                : null,
            };
          });
        return {
          campingOptionId: option.id,
          name: option.name,
          enabled: option.enabled,
          waitlistEnabled: option.waitlistEnabled,
          taken: placesOf.get(option.id)?.taken ?? 0,
          held: placesOf.get(option.id)?.held ?? 0,
          maxSignups: option.maxSignups,
          line,
        };
      }),
      shifts: shiftSide.lines,
      totals: {
        waitlisted: ids.length,
        openOffers: (offerCount?.n ?? 0) + shiftSide.offers,
        shiftWaiting: shiftSide.waiting,
      },
    };
  }

  /**
   * POST /admin/waitlist/:registrationId/offer ("Offer now"): an offer out of line order, when every camping option
   * of the registration has a free place (else 409 naming each full one, nothing changed). The places are taken
   * with takePlaces as the fill takes them; the offer records the admin (offered_by), is audited as WAITLIST_OFFER
   * and mailed as the fill's offers are.
   */
  async offer(adminUserId: string, registrationId: string, reason?: string): Promise<AdminWaitlist> {
    const year = await this.act(registrationId, async (tx, registration) => {
      const [open] = await openOffers(tx, [registrationId]);
      if (open) throw conflict(WAITLIST_ADMIN_MESSAGES.alreadyOffered);
      const linked = await linkedOptions(tx, registrationId);
      const full = await takePlaces(tx, registration.year, {
        registrationId,
        campingOptionIds: linked.map((option) => option.id),
        jobIds: [],
      });
      if (!tookAll(full)) {
        const messages = linked
          .filter((option) => full.campingOptionIds.includes(option.id))
          .map((option) => WAITLIST_MESSAGES.noPlaceFree(option.name));
        throw conflict(messages.length === 1 ? messages[0]! : messages);
      }
      const now = this.deps.now();
      const [config] = await tx.select({ hours: campConfig.offerHoldHours }).from(campConfig).limit(1);
      const expiresAt = new Date(now.getTime() + (config?.hours ?? OFFER_HOLD_HOURS_DEFAULT) * HOUR_MS);
      const [offer] = await tx
        .insert(waitlistOffers)
        .values({
          registrationId,
          year: registration.year,
          offeredAt: now,
          expiresAt,
          offeredBy: adminUserId,
        })
        .returning({ id: waitlistOffers.id });
      if (!offer) throw new Error('insert returned no offer');
      await recordAudit(tx, {
        actionType: 'WAITLIST_OFFER',
        transactionId: randomUUID(),
        adminUserId,
        registrationId,
        reason: reason || null,
        newValues: {
          offerId: offer.id,
          campingOptionIds: linked.map((option) => option.id).sort(),
          expiresAt: expiresAt.toISOString(),
        },
      });
      await enqueueOfferMail(tx, {
        kind: 'offer',
        registrationId,
        expiresAt,
        publicUrl: this.deps.publicUrl,
      });
    });
    this.deps.outbox.kick();
    return this.list(year);
  }

  /**
   * POST /admin/waitlist/:registrationId/skip: ends the open offer as SKIPPED (409 when there is none). Its places go
   * back and the line is told to fill them (endOpenOffer); the person stays on the waitlist at the end of the line,
   * as after an offer that ran out (or the fill would offer them the same places again at once). Audited as
   * WAITLIST_SKIP; the person gets a mail.
   */
  async skip(adminUserId: string, registrationId: string, reason?: string): Promise<AdminWaitlist> {
    const year = await this.act(registrationId, async (tx) => {
      const now = this.deps.now();
      const ended = await endOpenOffer(tx, { registrationId, state: 'SKIPPED', decidedBy: adminUserId, now });
      if (!ended) throw conflict(WAITLIST_ADMIN_MESSAGES.noOpenOffer);
      await tx
        .update(registrations)
        .set({ lineKey: nextLineKey })
        .where(eq(registrations.id, registrationId));
      await recordAudit(tx, {
        actionType: 'WAITLIST_SKIP',
        transactionId: randomUUID(),
        adminUserId,
        registrationId,
        reason: reason || WAITLIST_ADMIN_TEXTS.skippedReason,
        oldValues: { offerId: ended.id, expiresAt: ended.expiresAt.toISOString() },
        newValues: { offerState: 'SKIPPED' },
      });
      await this.mailPerson(tx, registrationId, (context) =>
        personMail(context, WAITLIST_ADMIN_MAILS.skippedSubject(context.campName), [
          ...WAITLIST_ADMIN_MAILS.skippedLines,
        ]),
      );
    });
    return this.afterFreeing(year);
  }

  /**
   * POST /admin/waitlist/:registrationId/remove: leaves the waitlist on the person's behalf, as leave.ts does for
   * the person: status CANCELLED with the admin's reason, an open offer WITHDRAWN (its places go back to the line),
   * links gone; WAITLIST_REMOVE and the item records audited under one transaction id; the person is mailed.
   */
  async remove(adminUserId: string, registrationId: string, reason: string): Promise<AdminWaitlist> {
    const year = await this.act(registrationId, async (tx, registration) => {
      const now = this.deps.now();
      const offer = await endOpenOffer(tx, {
        registrationId,
        state: 'WITHDRAWN',
        decidedBy: adminUserId,
        now,
      });
      const removed = await cancelRegistrationRows(tx, registrationId, { now, reason });
      await reconcileDues(tx, registrationId);
      const removedJobs = await jobItems(tx, removed.jobIds);
      const removedOptions = await optionItems(tx, removed.campingOptionIds);
      const entry = { transactionId: randomUUID(), adminUserId, registrationId, reason };
      await recordAudit(
        tx,
        {
          ...entry,
          actionType: 'WAITLIST_REMOVE',
          oldValues: {
            status: registration.status,
            campingOptions: removedOptions.map((option) => option.name).sort(),
            jobs: removedJobs.map((job) => job.label).sort(),
            ...(offer ? { offerId: offer.id } : {}),
          },
          newValues: { status: 'CANCELLED', campingOptions: [], jobs: [] },
        },
        ...itemAudits(entry, { removedJobs, removedOptions, addedJobs: [], addedOptions: [] }),
      );
      await this.mailPerson(tx, registrationId, (context) =>
        personMail(
          context,
          WAITLIST_ADMIN_MAILS.removedSubject(context.campName, forYear(context)),
          WAITLIST_ADMIN_MAILS.removedLines(context.campName, forYear(context), reason),
        ),
      );
    });
    return this.afterFreeing(year);
  }

  /**
   * POST /admin/waitlist/:registrationId/move: swaps the registration's line key with its neighbour's in the line of
   * one camping option (the one before it for up, after it for down). One key per registration (decision 048), so
   * the two swap places in every line they share. 409 at the top or bottom, or when it does not wait for the option.
   */
  async move(
    adminUserId: string,
    registrationId: string,
    input: { campingOptionId: string; direction: 'up' | 'down' },
  ): Promise<AdminWaitlist> {
    const year = await this.act(registrationId, async (tx, registration) => {
      const [mine] = await tx
        .select({ lineKey: registrations.lineKey })
        .from(registrations)
        .innerJoin(registrationCampingOptions, optionLinkOf)
        .where(
          and(
            eq(registrations.id, registrationId),
            eq(registrationCampingOptions.campingOptionId, input.campingOptionId),
          ),
        );
      if (!mine || mine.lineKey === null) throw conflict(WAITLIST_ADMIN_MESSAGES.notInLine);
      const up = input.direction === 'up';
      const [neighbour] = await tx
        .select({ id: registrations.id, lineKey: registrations.lineKey })
        .from(registrations)
        .innerJoin(registrationCampingOptions, optionLinkOf)
        .where(
          and(
            eq(registrationCampingOptions.campingOptionId, input.campingOptionId),
            eq(registrations.year, registration.year),
            eq(registrations.status, 'WAITLISTED'),
            up ? lt(registrations.lineKey, mine.lineKey) : gt(registrations.lineKey, mine.lineKey),
          ),
        )
        .orderBy(up ? desc(registrations.lineKey) : asc(registrations.lineKey))
        .limit(1)
        .for('update', { of: registrations });
      if (!neighbour || neighbour.lineKey === null) {
        throw conflict(up ? WAITLIST_ADMIN_MESSAGES.atTop : WAITLIST_ADMIN_MESSAGES.atBottom);
      }
      const before = await positionIn(tx, registrationId, input.campingOptionId);
      // (year, line_key) is unique: the moved one steps aside on a fresh key while the neighbour takes its key.
      await tx
        .update(registrations)
        .set({ lineKey: nextLineKey })
        .where(eq(registrations.id, registrationId));
      await tx.update(registrations).set({ lineKey: mine.lineKey }).where(eq(registrations.id, neighbour.id));
      await tx
        .update(registrations)
        .set({ lineKey: neighbour.lineKey })
        .where(eq(registrations.id, registrationId));
      const after = await positionIn(tx, registrationId, input.campingOptionId);
      await recordAudit(tx, {
        actionType: 'WAITLIST_MOVE',
        transactionId: randomUUID(),
        adminUserId,
        registrationId,
        oldValues: { campingOptionId: input.campingOptionId, position: before },
        newValues: { campingOptionId: input.campingOptionId, position: after, swappedWith: neighbour.id },
      });
    });
    return this.list(year);
  }

  // ---- The shift lines (decision 052) ------------------------------------------------------------------

  /**
   * POST /admin/waitlist/shift-waits/:shiftWaitId/offer ("Offer now" in a job's line): a WAITING entry is offered
   * a place on its job out of line order when one is free (409 naming the job when it is full, nothing changed).
   * Only a registration that holds places (PENDING or CONFIRMED) may be offered a shift. The place is taken and the
   * offer audited and mailed by offerShiftPlace, as the fill's offers are, with the admin as offered_by.
   */
  async offerShiftWait(adminUserId: string, shiftWaitId: string, reason?: string): Promise<AdminWaitlist> {
    const year = await this.actOnShiftWait(shiftWaitId, async (tx, wait, registration) => {
      if (wait.state === 'OFFERED') throw conflict(SHIFT_WAITLIST_MESSAGES.alreadyOffered);
      if (!holding.includes(registration.status)) throw conflict(SHIFT_WAITLIST_MESSAGES.adminNotActive);
      // A retired job's line is dormant: no offers, not even out of order (docs/product.md §11).
      await assertJobIdsTakeNewPeople(tx, [wait.jobId]);
      const now = this.deps.now();
      const [config] = await tx.select({ hours: campConfig.offerHoldHours }).from(campConfig).limit(1);
      const expiresAt = new Date(now.getTime() + (config?.hours ?? OFFER_HOLD_HOURS_DEFAULT) * HOUR_MS);
      const offered = await offerShiftPlace(tx, wait.year, wait.id, {
        now,
        expiresAt,
        offeredBy: adminUserId,
        publicUrl: this.deps.publicUrl,
        reason: reason || null,
      });
      if (offered === 'full')
        throw conflict(SHIFT_WAITLIST_MESSAGES.noPlaceFree(await labelOf(tx, wait.jobId)));
      // Checked above under the same locks; kept as a guard so a changed rule never passes as success.
      if (offered === 'gone') throw conflict(SHIFT_WAITLIST_MESSAGES.adminNotActive);
    });
    this.deps.outbox.kick();
    return this.list(year);
  }

  /**
   * POST /admin/waitlist/shift-waits/:shiftWaitId/skip: ends the entry's open offer as SKIPPED (409 when there is
   * none): its place goes back and the line is told to fill it, and the person waits again at the end of the job's
   * line (requeueShiftWait), as after an offer that ran out. Audited as WAITLIST_SKIP; the person is mailed.
   */
  async skipShiftWait(adminUserId: string, shiftWaitId: string, reason?: string): Promise<AdminWaitlist> {
    const year = await this.actOnShiftWait(shiftWaitId, async (tx, wait) => {
      if (wait.state !== 'OFFERED') throw conflict(SHIFT_WAITLIST_MESSAGES.noOpenOffer);
      const now = this.deps.now();
      const requeued = await requeueShiftWait(tx, wait.id, { lastOffer: 'SKIPPED', now });
      if (!requeued) throw conflict(SHIFT_WAITLIST_MESSAGES.noOpenOffer);
      await recordAudit(tx, {
        actionType: 'WAITLIST_SKIP',
        transactionId: randomUUID(),
        adminUserId,
        registrationId: wait.registrationId,
        reason: reason || WAITLIST_ADMIN_TEXTS.skippedReason,
        oldValues: {
          shiftWaitId: wait.id,
          jobId: wait.jobId,
          state: 'OFFERED',
          expiresAt: wait.expiresAt?.toISOString() ?? null,
        },
        newValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'WAITING', lastOffer: 'SKIPPED' },
      });
      await enqueueShiftWaitMail(tx, { kind: 'skipped', wait: requeued, publicUrl: this.deps.publicUrl });
    });
    return this.afterFreeing(year);
  }

  /**
   * POST /admin/waitlist/shift-waits/:shiftWaitId/remove: ends the entry as REMOVED with the admin's reason (an open
   * offer's place goes back to the line, endShiftWait). The registration and its other shifts stay as they are.
   * Audited as WAITLIST_REMOVE with the reason; the person is mailed with it.
   */
  async removeShiftWait(adminUserId: string, shiftWaitId: string, reason: string): Promise<AdminWaitlist> {
    const year = await this.actOnShiftWait(shiftWaitId, async (tx, wait) => {
      const ended = await endShiftWait(tx, wait.id, {
        state: 'REMOVED',
        decidedBy: adminUserId,
        now: this.deps.now(),
      });
      if (!ended) throw notFound(SHIFT_WAITLIST_MESSAGES.notFound);
      await recordAudit(tx, {
        actionType: 'WAITLIST_REMOVE',
        transactionId: randomUUID(),
        adminUserId,
        registrationId: wait.registrationId,
        reason,
        oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: wait.state },
        newValues: { shiftWaitId: wait.id, jobId: wait.jobId, state: 'REMOVED' },
      });
      await enqueueShiftWaitMail(tx, {
        kind: 'removed',
        wait: ended,
        publicUrl: this.deps.publicUrl,
        reason,
      });
    });
    return this.afterFreeing(year);
  }

  /**
   * POST /admin/waitlist/shift-waits/:shiftWaitId/move: swaps the entry's line key with its neighbour's among the
   * open entries of the job's line (the one before it for up, after it for down); 409 at the top or bottom. A shift
   * wait's key belongs to one line only, so nothing else moves.
   */
  async moveShiftWait(
    adminUserId: string,
    shiftWaitId: string,
    input: { direction: 'up' | 'down' },
  ): Promise<AdminWaitlist> {
    const year = await this.actOnShiftWait(shiftWaitId, async (tx, wait) => {
      const up = input.direction === 'up';
      // The neighbour's row is locked too, so a racing move, skip or end sees the swap or waits for it.
      const [neighbour] = await tx
        .select({ id: shiftWaits.id, lineKey: shiftWaits.lineKey })
        .from(shiftWaits)
        .where(
          and(
            eq(shiftWaits.jobId, wait.jobId),
            eq(shiftWaits.year, wait.year),
            inArray(shiftWaits.state, ['WAITING', 'OFFERED']),
            up ? lt(shiftWaits.lineKey, wait.lineKey) : gt(shiftWaits.lineKey, wait.lineKey),
          ),
        )
        .orderBy(up ? desc(shiftWaits.lineKey) : asc(shiftWaits.lineKey))
        .limit(1)
        .for('update');
      if (!neighbour) {
        throw conflict(up ? SHIFT_WAITLIST_MESSAGES.atTop : SHIFT_WAITLIST_MESSAGES.atBottom);
      }
      const before = await shiftPosition(tx, wait);
      await tx.update(shiftWaits).set({ lineKey: wait.lineKey }).where(eq(shiftWaits.id, neighbour.id));
      await tx.update(shiftWaits).set({ lineKey: neighbour.lineKey }).where(eq(shiftWaits.id, wait.id));
      const after = await shiftPosition(tx, { ...wait, lineKey: neighbour.lineKey });
      await recordAudit(tx, {
        actionType: 'WAITLIST_MOVE',
        transactionId: randomUUID(),
        adminUserId,
        registrationId: wait.registrationId,
        oldValues: { shiftWaitId: wait.id, jobId: wait.jobId, position: before },
        newValues: { shiftWaitId: wait.id, jobId: wait.jobId, position: after, swappedWith: neighbour.id },
      });
    });
    return this.list(year);
  }

  /**
   * One shift line action's transaction, in the lock order of decision 052: the year's fill lock, the
   * registration's row, then the entry's row. 404 when there is no such entry or it has ended (also when it ended
   * while this waited for the locks). Answers the entry's year.
   */
  private async actOnShiftWait(
    shiftWaitId: string,
    work: (tx: DbOrTx, wait: ShiftWaitRow, registration: Locked) => Promise<void>,
  ): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ year: shiftWaits.year, registrationId: shiftWaits.registrationId })
        .from(shiftWaits)
        .where(and(eq(shiftWaits.id, shiftWaitId), inArray(shiftWaits.state, ['WAITING', 'OFFERED'])));
      if (!found) throw notFound(SHIFT_WAITLIST_MESSAGES.notFound);
      await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_FILL_LOCK}, ${found.year})`);
      const registration = await lockRegistration(tx, found.registrationId);
      const wait = await lockShiftWait(tx, shiftWaitId);
      if (wait?.state !== 'WAITING' && wait?.state !== 'OFFERED') {
        throw notFound(SHIFT_WAITLIST_MESSAGES.notFound);
      }
      await work(tx, wait, registration);
      return wait.year;
    });
  }

  /**
   * One action's transaction: the year's fill lock, then the registration's row lock; 404 when there is no such
   * registration, 409 when it is not on the waitlist. Answers the registration's year.
   */
  private async act(
    registrationId: string,
    work: (tx: DbOrTx, registration: Locked) => Promise<void>,
  ): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ year: registrations.year })
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      if (!found) throw notFound(ADMIN_REGISTRATION_MESSAGES.notFound);
      await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_FILL_LOCK}, ${found.year})`);
      const registration = await lockRegistration(tx, registrationId);
      if (registration.status !== 'WAITLISTED') throw conflict(WAITLIST_MESSAGES.notWaitlisted);
      await work(tx, registration);
      return registration.year;
    });
  }

  private async mailPerson(
    tx: DbOrTx,
    registrationId: string,
    mail: (
      context: NonNullable<Awaited<ReturnType<typeof paymentMailContext>>>,
    ) => Parameters<typeof enqueueMail>[1],
  ): Promise<void> {
    const [registration] = await tx
      .select({ userId: registrations.userId })
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    if (!registration) return;
    const context = await paymentMailContext(tx, {
      userId: registration.userId,
      registrationId,
      publicUrl: this.deps.publicUrl,
    });
    if (context) await enqueueMail(tx, mail(context));
  }

  /** After a change that freed places: the outbox sends its mails, the fill offers the places; answers the lists. */
  private afterFreeing(year: number): Promise<AdminWaitlist> {
    this.deps.outbox.kick();
    this.deps.waitlist.kick();
    return this.list(year);
  }
}

/** The job's label as the mails and messages name it: "Bar (Evening, Monday)". */
async function labelOf(tx: DbOrTx, jobId: string): Promise<string> {
  const [row] = await tx
    .select({ job: jobs.name, shift: shifts.name, day: shifts.dayOfWeek })
    .from(jobs)
    .innerJoin(shifts, eq(shifts.id, jobs.shiftId))
    .where(eq(jobs.id, jobId));
  return row ? jobLabel(row.job, row.shift, row.day) : jobId;
}

async function registrationYear(db: DbOrTx): Promise<number> {
  const [config] = await db.select({ year: campConfig.registrationYear }).from(campConfig).limit(1);
  return config?.year ?? new Date().getUTCFullYear();
}

/** The registration's camping options, by id. */
function linkedOptions(tx: DbOrTx, registrationId: string) {
  return tx
    .select({ id: campingOptions.id, name: campingOptions.name })
    .from(registrationCampingOptions)
    .innerJoin(campingOptions, eq(campingOptions.id, registrationCampingOptions.campingOptionId))
    .where(eq(registrationCampingOptions.registrationId, registrationId))
    .orderBy(asc(campingOptions.id));
}

async function positionIn(
  tx: DbOrTx,
  registrationId: string,
  campingOptionId: string,
): Promise<number | null> {
  const spots = await linePositions(tx, [registrationId]);
  return spots.find((spot) => spot.campingOptionId === campingOptionId)?.position ?? null;
}
