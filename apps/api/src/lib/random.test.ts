import { describe, expect, it } from 'vitest';
import { DRAW_SEED_PATTERN, newDrawSeed, Prng } from './random';

const SEED = '0123456789abcdef0123456789abcdef';

/** A source that hands out the given 32-bit values in turn, then fails the test. */
const values = (...list: number[]) => {
  let at = 0;
  return () => {
    if (at >= list.length) throw new Error('the source ran dry');
    return list[at++] as number;
  };
};

describe('the seeded generator of the draw (decision 049)', () => {
  it('reads SHA-256 of "<seed>:<k>" as big-endian 32-bit words, as the Python of decision 049 does', () => {
    const rng = new Prng(SEED);
    // SHA-256("0123…cdef:0") = ca6f1a87 10df6d0d 4232f2ea 641de69c 9807039d 58a19336 eaacf905 10e55478,
    // then the first word of block 1 (c356cbae): computed with sha256sum and with Python's hashlib.
    expect(Array.from({ length: 9 }, () => rng.uint32())).toEqual([
      0xca6f1a87, 0x10df6d0d, 0x4232f2ea, 0x641de69c, 0x9807039d, 0x58a19336, 0xeaacf905, 0x10e55478,
      0xc356cbae,
    ]);
  });

  it('shuffles exactly as the reference implementation of decision 049', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    expect(new Prng(SEED).shuffleUniform(items)).toEqual([3, 4, 6, 5, 0, 8, 7, 2, 1, 9]);
    expect(items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('repeats for the same seed and differs for another', () => {
    const take = (seed: string) => {
      const rng = new Prng(seed);
      return Array.from({ length: 20 }, () => rng.below(1000));
    };
    expect(take(SEED)).toEqual(take(SEED));
    expect(take(SEED)).not.toEqual(take('0123456789abcdef0123456789abcdee'));
  });

  it('below(n) throws away the incomplete top stretch instead of folding it (no modulo bias)', () => {
    // 2^32 = 3 · 1431655765 + 1: the single value 2^32 − 1 is outside the last complete stretch of three.
    expect(new Prng(values(0xffffffff, 5)).below(3)).toBe(2);
    expect(new Prng(values(0xfffffffe)).below(3)).toBe(0xfffffffe % 3);
    // 2^31 + 1 leaves a stretch of 2^31 − 1 values to throw away.
    expect(new Prng(values(0x80000001, 0xfffffffe, 7)).below(0x80000001)).toBe(7);
    expect(new Prng(values(9)).below(1)).toBe(0);
    expect(new Prng(values(0xffffffff)).below(2 ** 32)).toBe(0xffffffff);
  });

  it('below(n) stays in range and spreads evenly', () => {
    const rng = new Prng(SEED);
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 28_000; i += 1) counts[rng.below(7)]! += 1;
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(28_000);
    // 4,000 expected each, standard deviation ≈ 59: ±400 is more than six of them.
    for (const count of counts) expect(Math.abs(count - 4000)).toBeLessThan(400);
  });

  it('refuses an n it cannot draw from and an empty seed', () => {
    const rng = new Prng(SEED);
    for (const n of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) {
      expect(() => rng.below(n)).toThrow(`Prng.below: n must be a whole number from 1 to 2^32, not ${n}`);
    }
    expect(() => new Prng('')).toThrow('Prng: the seed string is empty');
  });

  it('makes new seeds of 32 hex characters, different each time', () => {
    const a = newDrawSeed();
    const b = newDrawSeed();
    expect(a).toMatch(DRAW_SEED_PATTERN);
    expect(b).toMatch(DRAW_SEED_PATTERN);
    expect(a).not.toBe(b);
  });

  it('keeps the number-seeded sequence of decision 043', () => {
    const rng = new Prng(20_250_824);
    expect(rng.next()).toBe(0.5103830711450428);
    expect(new Prng(20_250_824).uint32()).toBe(Math.round(0.5103830711450428 * 2 ** 32));
  });
});
