import { AppError } from '../../lib/app-error';
import { PollingWorker } from '../../lib/polling-worker';
import type { MailingWorkerOptions } from '../mail/outbox';
import type { WaitlistWorker } from '../waitlist/waitlist-worker';
import { autoReleaseCandidates, releaseUnpaidPlace, remindOne } from './deadlines';
import type { PaymentsService } from './payments.service';

export interface DeadlineWorkerOptions extends MailingWorkerOptions {
  /** Woken after a release (its fill offers the freed places). */
  waitlist: Pick<WaitlistWorker, 'kick'>;
  /** Open Checkouts are settled before a place is released, so nobody pays a cancelled registration. */
  payments: Pick<PaymentsService, 'settleCheckoutsOf'>;
  /** The clock deadlines are read by (tests move it). */
  now?: () => Date;
  /** How often the worker looks for due work when nothing kicked it (ms). */
  pollMs?: number;
}

/** What one drain did. */
export interface DeadlinePass {
  reminded: number;
  released: number;
}

/**
 * The payment deadline's work that happens later (docs/product.md §10, docs/architecture.md §9), in any number of
 * processes, driven by the registrations' own rows:
 *
 * - the reminder, PAYMENT_REMINDER_HOURS before `pay_by`, claimed with FOR UPDATE SKIP LOCKED and marked
 *   `pay_reminded_at` in the transaction that writes its mail, so it goes exactly once (deadlines.ts remindOne);
 * - with the camp's "release unpaid places automatically" on, each overdue place is released (releaseUnpaidPlace,
 *   adminUserId null) under its row lock taken with SKIP LOCKED and checked again there, so a place is released
 *   once even when two processes see it, and one paid meanwhile is kept.
 *
 * Timers only wake it; the rows are the record, so a restart catches up on everything that fell due meanwhile.
 */
export class PaymentDeadlineWorker extends PollingWorker<DeadlinePass> {
  private readonly now: () => Date;

  constructor(private readonly options: DeadlineWorkerOptions) {
    super(options.pollMs ?? 60_000, options.log, 'Payment deadline worker');
    this.now = options.now ?? (() => new Date());
  }

  protected async run(): Promise<DeadlinePass> {
    const pass: DeadlinePass = { reminded: 0, released: 0 };
    const { db, publicUrl } = this.options;
    do {
      while (!this.isStopped && (await remindOne(db, this.now(), publicUrl))) pass.reminded += 1;
      // Each candidate is tried once per pass: one that cannot be released now (Stripe unreachable, paid
      // meanwhile, changed elsewhere) waits for the next pass.
      for (const registrationId of await autoReleaseCandidates(db, this.now())) {
        if (this.isStopped) break;
        if (await this.releaseOne(registrationId)) pass.released += 1;
      }
    } while (this.kickedMeanwhile() && !this.isStopped);
    if (pass.reminded + pass.released > 0) this.options.outbox.kick();
    if (pass.released > 0) this.options.waitlist.kick();
    return pass;
  }

  private async releaseOne(registrationId: string): Promise<boolean> {
    try {
      await this.options.payments.settleCheckoutsOf(registrationId);
      const outcome = await this.options.db.transaction((tx) =>
        releaseUnpaidPlace(tx, registrationId, {
          adminUserId: null,
          now: this.now(),
          publicUrl: this.options.publicUrl,
          skipLocked: true,
        }),
      );
      return outcome === 'released';
    } catch (error) {
      // 409: no longer overdue (paid, or released by another process): nothing to do.
      if (error instanceof AppError && error.statusCode === 409) return false;
      this.log.warn({ err: error, registrationId }, 'Payment deadline worker: release failed');
      return false;
    }
  }
}
