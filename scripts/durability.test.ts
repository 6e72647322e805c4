import { describe, expect, it } from 'vitest';
import { type Cleanups, describeResult, runCleanups, runDurability } from './bench/durability';

// kill -9 during a burst of writes, restart, every acknowledged write there and every counter equal to its
// rows (docs/security.md): the flow of npm run test:durability, small enough for CI.

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

const databases = [
  { name: 'the embedded database (PGlite)', url: undefined },
  ...(postgresUrl ? [{ name: 'PostgreSQL', url: postgresUrl }] : []),
];

describe('durability under kill -9', () => {
  it.each(databases)(
    'keeps every write answered 2xx and every place counter on $name',
    async ({ url }) => {
      const cleanups: Cleanups = [];
      const lines: string[] = [];
      try {
        const result = await runDurability(
          { people: 40, seed: 11, killAtFraction: 0.5, databaseUrl: url, log: (line) => lines.push(line) },
          cleanups,
        );
        const summary = [...lines, ...describeResult(result)].join('\n');
        // The kill really cut the burst, after some writes were acknowledged.
        expect(result.acknowledged.registrations, summary).toBeGreaterThan(0);
        expect(result.unanswered, summary).toBeGreaterThan(0);
        expect(result.lost, summary).toEqual([]);
        expect(result.present, summary).toBe(result.acknowledged.total);
        expect(result.countersChecked, summary).toBeGreaterThan(0);
        expect(result.mismatches, summary).toEqual([]);
        expect(result.problems, summary).toEqual([]);
      } finally {
        await runCleanups(cleanups);
      }
    },
    180_000,
  );
});
