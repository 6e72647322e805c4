import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import type { OutboxWorker } from '../mail/outbox';
import { finishTask, runOneDueTask, type TimedTaskRow } from '../waitlist/tasks';
import { type DrawRunContext, runYearDraw } from './draw-run';

type TaskRow = TimedTaskRow;

/**
 * Runs a claimed DRAW task in the caller's transaction and marks it DONE there (decision 049): the draw and the
 * task's end commit together, or neither does.
 */
export async function runDrawTask(tx: DbOrTx, task: TaskRow, context: DrawRunContext): Promise<boolean> {
  const outcome = await runYearDraw(tx, task.year, context);
  await finishTask(tx, task, context.now);
  return outcome.ran;
}

export interface DrawWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Woken after a draw wrote its mails. */
  outbox: Pick<OutboxWorker, 'kick'>;
  /** Woken after a draw: it schedules a fill of the places nobody could use. */
  waitlist?: { kick: () => void };
  now?: () => Date;
  pollMs?: number;
  /** Attempts before a draw task is given up as FAILED (an admin then presses "Draw now" again). */
  maxAttempts?: number;
}

/** What one drain did. */
export interface DrawPass {
  draws: number;
  failed: number;
}

/**
 * The draws that fall due when an application window closes (docs/architecture.md §9, decision 049), in any number
 * of processes: a due DRAW task is claimed with FOR UPDATE SKIP LOCKED in the transaction that runs the draw and
 * marks it DONE, so a draw is done exactly once and a process killed mid-draw leaves the task PENDING (the next
 * claim draws the same result from the stored seed). A draw that fails is retried with the outbox's backoff.
 */
export class DrawWorker extends PollingWorker<DrawPass> {
  private readonly maxAttempts: number;
  private readonly now: () => Date;

  constructor(private readonly options: DrawWorkerOptions) {
    super(options.pollMs ?? 15_000, options.log, 'Draw worker');
    this.maxAttempts = options.maxAttempts ?? 8;
    this.now = options.now ?? (() => new Date());
  }

  protected async run(): Promise<DrawPass> {
    const pass: DrawPass = { draws: 0, failed: 0 };
    let progress: boolean;
    do {
      this.kickedMeanwhile();
      progress = false;
      for (;;) {
        if (this.isStopped) break;
        const drawn = await this.drawOne();
        if (drawn === null) break;
        if (drawn === 'failed') pass.failed += 1;
        else {
          pass.draws += 1;
          progress = true;
        }
      }
    } while ((this.kickedMeanwhile() || progress) && !this.isStopped);
    if (pass.draws > 0) {
      this.options.outbox.kick();
      this.options.waitlist?.kick();
    }
    return pass;
  }

  /** Claims and runs one due draw: 'drawn', 'failed', or null when none is due. */
  private drawOne(): Promise<'drawn' | 'failed' | null> {
    return runOneDueTask(
      this.options.db,
      'DRAW',
      this.now(),
      async (tx, task) => {
        await runDrawTask(tx, task, { now: this.now(), publicUrl: this.options.publicUrl, ranBy: null });
        return 'drawn' as const;
      },
      { maxAttempts: this.maxAttempts, log: this.log, failedMessage: 'Draw worker: draw failed' },
    );
  }
}
