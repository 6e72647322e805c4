import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { HAPROXY_MISSING, haproxyBinary } from './bench/balancer';
import { DEFAULT_REDIS_URL, runRush } from './bench/rush';
import { runCleanups, type Cleanups } from './bench/durability';

// The rush (decision 031) through a real load balancer, small enough for CI. 200 people sign in, are seeded
// and submit at once through HAProxy in front of two API processes sharing one fresh PostgreSQL database and
// Redis (decision 031). PostgreSQL is used only to create and drop that database.

const serverUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresMissing(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `no PostgreSQL at ${serverUrl} (set TEST_DATABASE_URL): ${String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const PEOPLE = 200;
// The camp of scripts/bench/camp.ts: 3 camping options, 10 Gate, 10 Kitchen and 10 Build jobs.
const PLACES_COUNTED = 33;

describe('the registration rush through HAProxy and two API processes', () => {
  it(`lets ${PEOPLE} people in at once with nothing oversold, no server error and both processes serving`, async (context) => {
    context.skip(!haproxyBinary(), HAPROXY_MISSING);
    const missing = await postgresMissing();
    context.skip(missing !== undefined, missing);

    const cleanups: Cleanups = [];
    const lines: string[] = [];
    try {
      const result = await runRush(
        {
          users: PEOPLE,
          concurrency: PEOPLE,
          seed: 15,
          logLevel: 'warn',
          processes: 2,
          balancer: true,
          databaseUrl: serverUrl,
          redisUrl: process.env.REDIS_URL?.trim() || DEFAULT_REDIS_URL,
          log: (line) => lines.push(line),
        },
        cleanups,
      );
      const summary = lines.join('\n');
      expect(result.balanced, summary).toBe(true);
      expect(result.database, summary).toBe('postgres');
      // Every answer is 201 or the 409 naming only full places; none is a 5xx or missing.
      expect(result.serverErrors, summary).toBe(0);
      expect(result.unexpected, summary).toEqual([]);
      expect(result.registered + result.refusedAsFull, summary).toBe(PEOPLE);
      expect(result.registered, summary).toBeGreaterThan(0);
      expect(result.refusedAsFull, summary).toBeGreaterThan(0);
      // Nothing oversold; each 201 stored; every counter column equal to its rows; every refusal true.
      expect(result.oversold, summary).toBe(0);
      expect(result.stored, summary).toBe(result.registered);
      expect(result.countersChecked, summary).toBe(PLACES_COUNTED);
      expect(result.problems, summary).toEqual([]);
      // Both processes answered submissions, and nothing reached the balancer but through them.
      const rush = result.processes.map((figures) => figures.rushResponses ?? 0);
      expect(rush.length, summary).toBe(2);
      expect(rush[0]! + rush[1]!, summary).toBe(PEOPLE);
      expect(Math.min(...rush), summary).toBeGreaterThan(0);
      expect(
        result.processes.map((figures) => figures.loggedErrors),
        summary,
      ).toEqual([0, 0]);
      // The sign-in limits of all 200 people and the admin were counted in the shared Redis.
      expect(result.redisSignInCounters, summary).toBe(PEOPLE + 1);
    } finally {
      await runCleanups(cleanups);
    }
  }, 120_000);
});
