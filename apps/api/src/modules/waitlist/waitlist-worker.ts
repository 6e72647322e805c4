import { OFFER_WARNING_HOURS } from '@camp/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PollingWorker } from '../../lib/polling-worker';
import { registrations, shiftWaits, waitlistOffers } from '../../db/schema/index';
import type { MailingWorkerOptions } from '../mail/outbox';
import { fillLine } from './fill';
import { enqueueOfferMail } from './offer-mail';
import { expireOffer } from './offer-expiry';
import { expireShiftOffer } from './shift-wait-expiry';
import { enqueueShiftWaitMail } from './shift-wait-rows';
import { finishTask, runOneDueTask } from './tasks';

export interface WaitlistWorkerOptions extends MailingWorkerOptions {
  /** The clock offers are made, warned and expired by (tests move it). */
  now?: () => Date;
  /** How often the worker looks for due work when nothing kicked it (ms). */
  pollMs?: number;
  /** Attempts before a fill task is given up as FAILED. */
  maxAttempts?: number;
}

/** What one drain did. */
export interface WaitlistPass {
  /** Fill tasks done, and the offers they made. */
  fills: number;
  offers: number;
  expired: number;
  warned: number;
  /** The shift lines' (decision 052): offers the fills made, offers that ran out, reminders written. */
  shiftOffers: number;
  shiftExpired: number;
  shiftWarned: number;
  /** Fill tasks that failed this time (retried later, or FAILED after the last attempt). */
  failed: number;
}

const WARNING_MS = OFFER_WARNING_HOURS * 3_600_000;

/**
 * The waitlist's work that happens later (docs/architecture.md §9, decision 048), in any number of processes:
 *
 * - due WAITLIST_FILL tasks, claimed one at a time with FOR UPDATE SKIP LOCKED in the transaction that runs the
 *   fill (fill.ts) and marks the task DONE, so a fill is done exactly once and a process killed mid-fill leaves
 *   it PENDING; a fill that fails is retried with the outbox's backoff and FAILED after `maxAttempts`;
 * - OPEN offers past their deadline, claimed with their registration (SKIP LOCKED, so never waiting on a
 *   person's accept or decline), ended as EXPIRED (offer-expiry.ts);
 * - the "runs out in 12 hours" mail, once per offer (warned_at), claimed the same way;
 * - the same for the shift lines' offers (decision 052): expired ones back to WAITING at the end of the line
 *   (shift-wait-expiry.ts), and their reminders.
 *
 * Timers only wake it; the rows are the record, so a restart catches up on everything that fell due meanwhile.
 */
export class WaitlistWorker extends PollingWorker<WaitlistPass> {
  private readonly maxAttempts: number;
  private readonly now: () => Date;

  constructor(private readonly options: WaitlistWorkerOptions) {
    super(options.pollMs ?? 15_000, options.log, 'Waitlist worker');
    this.maxAttempts = options.maxAttempts ?? 8;
    this.now = options.now ?? (() => new Date());
  }

  /** Does every due fill, expiry and warning; answers what it did. */
  protected async run(): Promise<WaitlistPass> {
    const pass: WaitlistPass = {
      fills: 0,
      offers: 0,
      expired: 0,
      warned: 0,
      shiftOffers: 0,
      shiftExpired: 0,
      shiftWarned: 0,
      failed: 0,
    };
    let progress: boolean;
    do {
      this.kickedMeanwhile();
      progress = false;
      // Expiries first: they free places (and schedule the fill that offers them on).
      while (!this.isStopped && (await this.expireOne())) {
        pass.expired += 1;
        progress = true;
      }
      while (!this.isStopped && (await this.expireShiftOne())) {
        pass.shiftExpired += 1;
        progress = true;
      }
      for (;;) {
        if (this.isStopped) break;
        const filled = await this.fillOne();
        if (filled === null) break;
        if (filled === 'failed') pass.failed += 1;
        else {
          pass.fills += 1;
          pass.offers += filled.offers;
          pass.shiftOffers += filled.shiftOffers;
          progress = true;
        }
      }
      while (!this.isStopped && (await this.warnOne())) {
        pass.warned += 1;
        progress = true;
      }
      while (!this.isStopped && (await this.warnShiftOne())) {
        pass.shiftWarned += 1;
        progress = true;
      }
    } while ((this.kickedMeanwhile() || progress) && !this.isStopped);
    const mailed =
      pass.offers + pass.expired + pass.warned + pass.shiftOffers + pass.shiftExpired + pass.shiftWarned;
    if (mailed > 0) this.options.outbox.kick();
    return pass;
  }

  /** Claims and runs one due fill task: the offers it made, 'failed', or null when none is due. */
  private fillOne(): Promise<{ offers: number; shiftOffers: number } | 'failed' | null> {
    return runOneDueTask(
      this.options.db,
      'WAITLIST_FILL',
      null,
      async (tx, task) => {
        const now = this.now();
        const result = await fillLine(tx, task.year, now, { publicUrl: this.options.publicUrl });
        await finishTask(tx, task, now);
        return { offers: result.offers.length, shiftOffers: result.shiftOffers.length };
      },
      { maxAttempts: this.maxAttempts, log: this.log, failedMessage: 'Waitlist worker: fill failed' },
    );
  }

  /** Ends one open offer past its deadline; false when none is due. */
  private async expireOne(): Promise<boolean> {
    const now = this.now();
    return this.options.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ registrationId: waitlistOffers.registrationId })
        .from(waitlistOffers)
        .innerJoin(registrations, eq(registrations.id, waitlistOffers.registrationId))
        .where(and(eq(waitlistOffers.state, 'OPEN'), sql`${waitlistOffers.expiresAt} <= ${now}`))
        .orderBy(asc(waitlistOffers.expiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      return expireOffer(tx, due.registrationId, { now, publicUrl: this.options.publicUrl });
    });
  }

  /**
   * Ends one shift offer past its deadline (expireShiftOffer: back to WAITING at the end of the line, the place to
   * the next); false when none is due. The registration's row is claimed with SKIP LOCKED (never waiting on the
   * person's accept or decline, nor on a fill that holds it), then the entry's, the order every path takes.
   */
  private async expireShiftOne(): Promise<boolean> {
    const now = this.now();
    return this.options.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: shiftWaits.id })
        .from(shiftWaits)
        .innerJoin(registrations, eq(registrations.id, shiftWaits.registrationId))
        .where(and(eq(shiftWaits.state, 'OFFERED'), sql`${shiftWaits.expiresAt} <= ${now}`))
        .orderBy(asc(shiftWaits.expiresAt), asc(shiftWaits.id))
        .limit(1)
        .for('update', { of: registrations, skipLocked: true });
      if (!due) return false;
      return (await expireShiftOffer(tx, due.id, { now, publicUrl: this.options.publicUrl })) !== null;
    });
  }

  /** Writes one due "your shift offer runs out soon" mail (once per offer: warned_at); false when none is due. */
  private async warnShiftOne(): Promise<boolean> {
    const now = this.now();
    return this.options.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(shiftWaits)
        .where(
          and(
            eq(shiftWaits.state, 'OFFERED'),
            isNull(shiftWaits.warnedAt),
            sql`${shiftWaits.expiresAt} <= ${new Date(now.getTime() + WARNING_MS)}`,
            sql`${shiftWaits.expiresAt} > ${now}`,
          ),
        )
        .orderBy(asc(shiftWaits.expiresAt), asc(shiftWaits.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      const [warned] = await tx
        .update(shiftWaits)
        .set({ warnedAt: now })
        .where(and(eq(shiftWaits.id, due.id), eq(shiftWaits.state, 'OFFERED')))
        .returning();
      if (!warned) return false;
      await enqueueShiftWaitMail(tx, { kind: 'warning', wait: warned, publicUrl: this.options.publicUrl });
      return true;
    });
  }

  /** Writes one due "runs out in 12 hours" mail; false when none is due. */
  private async warnOne(): Promise<boolean> {
    const now = this.now();
    return this.options.db.transaction(async (tx) => {
      const [due] = await tx
        .select({
          id: waitlistOffers.id,
          registrationId: waitlistOffers.registrationId,
          expiresAt: waitlistOffers.expiresAt,
        })
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.state, 'OPEN'),
            isNull(waitlistOffers.warnedAt),
            sql`${waitlistOffers.expiresAt} <= ${new Date(now.getTime() + WARNING_MS)}`,
            sql`${waitlistOffers.expiresAt} > ${now}`,
          ),
        )
        .orderBy(asc(waitlistOffers.expiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      await tx.update(waitlistOffers).set({ warnedAt: now }).where(eq(waitlistOffers.id, due.id));
      await enqueueOfferMail(tx, {
        kind: 'warning',
        registrationId: due.registrationId,
        expiresAt: due.expiresAt,
        publicUrl: this.options.publicUrl,
        offerId: due.id,
      });
      return true;
    });
  }
}
