import type { FastifyBaseLogger } from 'fastify';

/**
 * A worker of rows that fall due (docs/architecture.md §9): a timer wakes it every `pollMs`, a commit that wrote
 * due work kicks it at once, and one run at a time drains what is due; a kick during a run makes it look again
 * before it ends. Timers only wake it: the rows are the record. The outbox and the waitlist workers are these.
 */
export abstract class PollingWorker<Result> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Result> | undefined;
  private again = false;
  private stopped = false;

  protected constructor(
    private readonly pollMs: number,
    protected readonly log: FastifyBaseLogger,
    /** Names the worker in its log lines ("E-mail outbox"). */
    private readonly name: string,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Look for due work now (after a commit that wrote some); never throws. */
  kick(): void {
    if (this.stopped) return;
    void this.drain().catch((error: unknown) => {
      this.log.error({ err: error }, `${this.name}: drain failed`);
    });
  }

  /** Does every due piece of work; calls made meanwhile join the run in progress. */
  drain(): Promise<Result> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Whether stop() was called: a run ends at its next step. */
  protected get isStopped(): boolean {
    return this.stopped;
  }

  /** Whether a kick came since the last call (and forgets it): the run looks again. */
  protected kickedMeanwhile(): boolean {
    const kicked = this.again;
    this.again = false;
    return kicked;
  }

  /** One drain: everything due now. */
  protected abstract run(): Promise<Result>;
}
