import { PollingWorker } from '../../lib/polling-worker';
import type { MailingWorkerOptions } from '../mail/outbox';
import { type ReminderPass, sendDueShiftReminders } from './shift-reminders';

export interface ReminderWorkerOptions extends MailingWorkerOptions {
  /** The clock reminders fall due by (tests move it). */
  now?: () => Date;
  /** How often the worker looks for due reminders (ms). */
  pollMs?: number;
}

/**
 * Shift reminders and corrections (docs/product.md §11, decision 055) as work that happens later
 * (docs/architecture.md §9), in any number of processes: each pass writes what is due (shift-reminders.ts); the
 * `shift_reminders` rows make each mail happen once, and a restart catches up on what fell due meanwhile.
 */
export class ShiftReminderWorker extends PollingWorker<ReminderPass> {
  private readonly now: () => Date;

  constructor(private readonly options: ReminderWorkerOptions) {
    super(options.pollMs ?? 60_000, options.log, 'Shift reminder worker');
    this.now = options.now ?? (() => new Date());
  }

  protected async run(): Promise<ReminderPass> {
    const pass: ReminderPass = { reminders: 0, corrections: 0 };
    do {
      const done = await sendDueShiftReminders(this.options.db, this.now(), {
        publicUrl: this.options.publicUrl,
        isStopped: () => this.isStopped,
      });
      pass.reminders += done.reminders;
      pass.corrections += done.corrections;
    } while (this.kickedMeanwhile() && !this.isStopped);
    if (pass.reminders + pass.corrections > 0) this.options.outbox.kick();
    return pass;
  }
}
