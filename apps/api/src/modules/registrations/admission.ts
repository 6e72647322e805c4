/**
 * At most `limit` holders at once; the others wait in arrival order. Used to keep the submissions' database
 * transactions (which can wait on row locks while holding a pooled connection) from taking every connection
 * of the pool during a rush: the reads and sign-in checks of other requests keep a connection, and nobody
 * waits for the pool's connection time-out (which would answer 500).
 */
export class Admission {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `task` when a place is free; `waited` tells it whether it had to queue for one. */
  async run<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
    const waited = this.active >= this.limit;
    if (waited) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task(waited);
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next in line, so `active` stays the same.
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Holders now and people waiting (for tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
