/**
 * Group admission (decision 030): items wait in one queue in arrival order and are handed to `run` in groups,
 * at most `concurrency` groups at once. While a group is running, those who arrive gather behind it and go
 * together in the next one, so a rush becomes a few large groups and a quiet hour groups of one, with no
 * timer: a group waits only for the event loop's next turn (see schedule).
 *
 * `fits` says whether an item may join a group already holding others (for submissions: the same year, and
 * not a second submission of the same person); an item that does not fit keeps its place for a later group.
 * When a group fails as a whole (`run` throws), each of its items is run again alone, in order, so that one
 * bad item cannot fail the others; an item that fails alone gets that error. `onIdle` lets work that can wait
 * (sending the registration mails) start when a rush is over rather than compete with it.
 */
/** An item waiting in the queue, with the settlers of the promise its caller holds. */
interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class GroupAdmission<Item, Result> {
  private running = 0;
  private scheduled = false;
  private readonly queue: Array<Waiting<Item, Result>> = [];

  constructor(
    private readonly options: {
      run: (items: Item[]) => Promise<Result[]>;
      /** Groups running at once. */
      concurrency: number;
      /** Items in one group at most. */
      maxGroup: number;
      fits: (group: readonly Item[], item: Item) => boolean;
      /** Called when a group finished and nothing else is running or waiting. */
      onIdle?: () => void;
    },
  ) {}

  admit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Groups running and items waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * Groups start on the event loop's next turn (setImmediate), after the I/O it has ready: requests already
   * read but not yet parsed join the group. This matters for the embedded database, whose queries resolve
   * without ever yielding to I/O, so without the turn every request would run its whole way alone.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const group = this.takeGroup();
      this.running += 1;
      void this.runGroup(group).finally(() => {
        this.running -= 1;
        if (this.queue.length > 0) this.schedule();
        else if (this.running === 0) this.options.onIdle?.();
      });
    }
  }

  private takeGroup(): Array<Waiting<Item, Result>> {
    const group = [this.queue.shift() as Waiting<Item, Result>];
    const items = [group[0]!.item];
    for (let index = 0; index < this.queue.length && group.length < this.options.maxGroup;) {
      const entry = this.queue[index]!;
      if (this.options.fits(items, entry.item)) {
        group.push(entry);
        items.push(entry.item);
        this.queue.splice(index, 1);
      } else {
        index += 1;
      }
    }
    return group;
  }

  private async runGroup(group: Array<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await this.options.run(group.map((entry) => entry.item));
      group.forEach((entry, index) => entry.resolve(results[index] as Result));
      return;
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
    }
    for (const entry of group) {
      try {
        const [result] = await this.options.run([entry.item]);
        entry.resolve(result as Result);
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}
