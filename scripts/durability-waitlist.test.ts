import { describe, expect, it } from 'vitest';
import { type Cleanups, runCleanups } from './bench/durability';
import { describeWaitlistResult, runWaitlistDurability } from './bench/durability-waitlist';

// kill -9 during the waitlist cascade, restart: every freed place offered exactly once, to the next in line, with
// its mail, and every counter equal to its rows (docs/product.md §10, docs/security.md): the flow of
// npm run test:durability:waitlist, small enough for CI. Two server processes race on PostgreSQL.

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

const databases = [
  { name: 'the embedded database (PGlite), one process', url: undefined },
  ...(postgresUrl ? [{ name: 'PostgreSQL, two processes', url: postgresUrl }] : []),
];

describe('waitlist cascade under kill -9', () => {
  it.each(databases)(
    'offers every freed place once, in line order, with one mail each, on $name',
    async ({ url }) => {
      const cleanups: Cleanups = [];
      const lines: string[] = [];
      try {
        const result = await runWaitlistDurability(
          { places: 12, waiting: 20, cancels: 8, seed: 3, databaseUrl: url, log: (line) => lines.push(line) },
          cleanups,
        );
        const summary = [...lines, ...describeWaitlistResult(result)].join('\n');
        expect(result.processes, summary).toBe(url ? 2 : 1);
        // The kill cut the cascade after offers were made, and the restart went on with it.
        expect(result.offersSeenBeforeKill, summary).toBeGreaterThan(0);
        expect(result.offersAfterRestart, summary).toBeGreaterThan(0);
        expect(result.duplicated, summary).toEqual([]);
        expect(result.lost, summary).toEqual([]);
        expect(result.mismatches, summary).toEqual([]);
        expect(result.problems, summary).toEqual([]);
        expect(result.placesUsed, summary).toBe(12);
        expect(result.countersChecked, summary).toBe(1);
        // Every acknowledged answer is in the offers' states (lost would say which is not).
        expect(result.offerStates.DECLINED ?? 0, summary).toBeGreaterThanOrEqual(
          result.acknowledged.declined + 1,
        );
        expect(result.offerStates.ACCEPTED ?? 0, summary).toBeGreaterThanOrEqual(
          result.acknowledged.accepted,
        );
      } finally {
        await runCleanups(cleanups);
      }
    },
    180_000,
  );
});
