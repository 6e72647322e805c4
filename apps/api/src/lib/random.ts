import { createHash, randomBytes } from 'node:crypto';

/**
 * The one seeded pseudo-random generator of the app, its tests, the demo seed and the benchmarks (decisions 043
 * and 049). Two sources of 32-bit numbers sit behind the same helpers:
 *
 * - a **number** seed runs mulberry32 (the seed mixed once), unchanged since decision 043, so a seed gives the
 *   same demo camp, rush or clock as before. Fast, 32 bits of state: for test data only.
 * - a **string** seed (a draw's stored seed, `newDrawSeed`) runs SHA-256 in counter mode: block k is
 *   SHA-256 of the UTF-8 text `${seed}:${k}` (k = 0, 1, 2, … in decimal), read as eight big-endian unsigned
 *   32-bit numbers, used in order. Nothing in it depends on the Node version, the platform or floating point,
 *   and anyone can re-run it with any SHA-256 (decision 049 shows it in a few lines of Python).
 *
 * Neither is for secrets: the seed of a draw is made with `crypto.randomBytes` and the sequence only has to be
 * repeatable from it and spread values evenly.
 */

/** How a draw's seed is written: 32 lower-case hex characters (128 random bits). */
export const DRAW_SEED_PATTERN = /^[0-9a-f]{32}$/;

/** A new random seed for a draw, to be stored with it (32 hex characters from `crypto.randomBytes`). */
export function newDrawSeed(): string {
  return randomBytes(16).toString('hex');
}

const TWO_TO_32 = 4294967296;

/** mulberry32, as decision 043 kept it: the seed mixed once so nearby seeds do not start alike. */
function mulberry32(seed: number): () => number {
  let state = Math.imul((seed | 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** SHA-256 in counter mode over a seed string: see the comment at the top of this file. */
function sha256Counter(seed: string): () => number {
  let block = 0;
  let words: Buffer = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at === words.length) {
      words = createHash('sha256').update(`${seed}:${block}`, 'utf8').digest();
      block += 1;
      at = 0;
    }
    const value = words.readUInt32BE(at);
    at += 4;
    return value;
  };
}

export class Prng {
  /** The next uniformly distributed unsigned 32-bit integer. */
  readonly uint32: () => number;

  /**
   * A number seeds mulberry32 (test data); a non-empty string seeds SHA-256 in counter mode (draws); a function
   * is used as the source of unsigned 32-bit integers itself (tests of the helpers).
   */
  constructor(seed: number | string | (() => number)) {
    if (typeof seed === 'function') {
      this.uint32 = seed;
    } else if (typeof seed === 'string') {
      if (seed.length === 0) throw new Error('Prng: the seed string is empty');
      this.uint32 = sha256Counter(seed);
    } else {
      this.uint32 = mulberry32(seed);
    }
  }

  /** A float in [0, 1); bound, so `rng.next` can be handed on as a `() => number`. */
  readonly next = (): number => this.uint32() / TWO_TO_32;

  /**
   * A uniform integer in [0, n), 1 ≤ n ≤ 2³², without modulo bias: a 32-bit value from the top, incomplete
   * stretch of n values (fewer than n of 2³²) is thrown away and another one read.
   */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_TO_32) {
      throw new Error(`Prng.below: n must be a whole number from 1 to 2^32, not ${n}`);
    }
    const limit = TWO_TO_32 - (TWO_TO_32 % n);
    for (;;) {
      const value = this.uint32();
      if (value < limit) return value % n;
    }
  }

  /** A shuffled copy by Fisher–Yates with `below`: every order equally likely (the draw's shuffle). */
  shuffleUniform<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.below(i + 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  // The helpers below read `next` as they always did (decision 043: the same seed, the same test data); their
  // rounding bias is below one in 2³² / n and does not matter for test data. A draw uses `below`.

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Prng.pick: empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One item chosen with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('Prng.weighted: empty list');
    return last[0];
  }

  /** A shuffled copy (Fisher-Yates on `next`; the sequence of decision 043). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** A string of the given length from the alphabet. */
  chars(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A well-formed version-4 UUID made from the sequence (repeatable, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = this.chars(32, '0123456789abcdef').split('');
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(this.next() * 4)] as string;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
