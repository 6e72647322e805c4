import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, fromPglite, fromPostgresUrl } from '../src/db/client';
import { readTestDatabaseUrl } from '../src/env';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  inject('pgTemplateDatabase') ? 'postgres' : 'pglite';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database that no other test file can see: a copy of the migrated PGlite dump, or a
 * clone of the migrated PostgreSQL template. close() throws it away.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplateDatabase');
  if (!template) {
    const dump = readFileSync(inject('pgliteDumpFile'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return fromPglite(client);
  }
  const [handle] = await createPostgresDatabase({ template, handles: 1 });
  return handle!;
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
