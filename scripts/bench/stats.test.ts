import { describe, expect, it, vi } from 'vitest';
import { mapLimit } from './http';
import { percentile, summarize, tally } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('summarizes unsorted samples', () => {
    expect(summarize([30, 10, 20])).toEqual({
      count: 3,
      min: 10,
      p50: 20,
      p95: 30,
      p99: 30,
      max: 30,
      mean: 20,
    });
  });

  it('tallies values, largest first', () => {
    expect(tally([201, 409, 201, 500])).toEqual([
      ['201', 2],
      ['409', 1],
      ['500', 1],
    ]);
  });

  it('never runs more than the limit at once, and keeps the order', async () => {
    // Fake time: each task takes `value` ms of it, so they finish out of order without the test waiting.
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    const done = mapLimit([5, 1, 4, 2, 3], 2, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, value));
      running -= 1;
      return value * 10;
    });
    const results = await vi
      .runAllTimersAsync()
      .then(() => done)
      .finally(() => vi.useRealTimers());
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
