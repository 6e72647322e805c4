import { describe, expect, it } from 'vitest';
import { Prng } from './rng';

describe('the seeded generator', () => {
  it('repeats the same numbers for the same seed', () => {
    const a = new Prng(7);
    const b = new Prng(7);
    const values = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('keeps its sequence, so a seed gives the same demo camp as before (decision 043)', () => {
    const rng = new Prng(20_250_824);
    expect(rng.next()).toBe(0.5103830711450428);
    expect(rng.int(1, 6)).toBe(1);
    expect(rng.uuid()).toBe('c1d2f1cd-a380-4714-8336-b1767c69d1b6');
  });

  it('can be handed on as a plain function', () => {
    const next = new Prng(3).next;
    expect(next()).toBe(new Prng(3).next());
  });
});
