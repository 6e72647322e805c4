import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, fromPglite, fromPostgresUrl } from '../src/db/client';
import { readTestDatabaseUrl } from '../src/env';
import { emptyDatabase } from './empty-database';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  inject('pgTemplateDatabase') ? 'postgres' : 'pglite';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * PGlite databases that test apps of this worker closed on, emptied, for the next test app (the API's test files
 * share a worker's modules: vitest.config.ts). Loading a migrated copy took 0.5–0.8 s; emptying one takes 0.07 s.
 */
const idlePglite: PGlite[] = [];
const MOST_IDLE = 2;

/**
 * A fresh, migrated database that no other test file can see: an emptied PGlite database a closed test app left
 * (releaseTestDatabase) or a copy of the migrated PGlite dump, or a clone of the migrated PostgreSQL template.
 * close() throws it away.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplateDatabase');
  if (!template) {
    const idle = idlePglite.pop();
    if (idle) return fromPglite(idle);
    const dump = readFileSync(inject('pgliteDumpFile'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return fromPglite(client);
  }
  const [handle] = await createPostgresDatabase({ template, handles: 1 });
  return handle!;
}

const pgliteClientOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: PGlite }).$client;

/**
 * Done with a database of createTestDatabase: a PGlite one is emptied and kept for the next test app of the worker
 * (unless it was closed, or enough are kept); any other is thrown away.
 */
export async function releaseTestDatabase(handle: DatabaseHandle): Promise<void> {
  const client = handle.kind === 'pglite' ? pgliteClientOf(handle) : undefined;
  if (!client || client.closed || idlePglite.length >= MOST_IDLE) {
    await handle.close();
    return;
  }
  try {
    await emptyDatabase(client);
  } catch {
    await handle.close();
    return;
  }
  idlePglite.push(client);
}

/**
 * A fresh PostgreSQL database (a clone of `template`, or empty and unmigrated without one) opened by
 * `handles` separate pools, as several API processes would open it. Closing the last handle drops it.
 */
export async function createPostgresDatabase(options: {
  template?: string;
  handles: number;
}): Promise<DatabaseHandle[]> {
  const url = readTestDatabaseUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `camp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  let open = options.handles;
  return Array.from({ length: options.handles }, () => {
    const handle = fromPostgresUrl(withDatabase(url, name), 20);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        open -= 1;
        if (open > 0) return;
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  });
}
