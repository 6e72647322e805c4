import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl } from '../src/db/client';
import { readTestDatabaseUrl } from '../src/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar.gz) that each test file loads a copy of. */
    pgliteDumpFile: string;
    /** On PostgreSQL: the migrated template database each test file clones. */
    pgTemplateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates once per run: PGlite takes seconds to initialise, so one migrated instance is dumped and every
 * test file starts from a copy; on PostgreSQL a migrated template database is cloned per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const usePostgres = project.config.env?.TEST_DB_KIND === 'postgres';
  if (usePostgres) {
    const url = readTestDatabaseUrl();
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const template = `camp_test_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = fromPostgresUrl(withDatabase(url, template), 2);
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplateDatabase', template);
    project.provide('pgliteDumpFile', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'camp-test-'));
  const client = await PGlite.create();
  await fromPglite(client).migrate();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = path.join(directory, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', file);
  project.provide('pgTemplateDatabase', '');
  return async () => {
    rmSync(directory, { recursive: true, force: true });
  };
}
