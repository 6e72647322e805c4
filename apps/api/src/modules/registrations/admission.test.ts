import { describe, expect, it } from 'vitest';
import { Admission } from './admission';

describe('Admission', () => {
  it('lets at most the limit run at once, in arrival order, and recovers from failures', async () => {
    const gate = new Admission(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      gate.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (index === 1) throw new Error('boom');
        return index;
      }),
    );
    const settled = Promise.allSettled(tasks);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ active: 2, waiting: 3 });
    while (releases.length > 0 || started.length < 5) {
      const release = releases.shift();
      release?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const results = await settled;
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});
