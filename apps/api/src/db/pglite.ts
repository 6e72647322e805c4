import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The embedded database as the server runs it, sized for a small virtual server (decision 044).

/**
 * PostgreSQL's settings for the server's PGlite, after PGlite's own. PGlite's memory is one WebAssembly
 * memory that grows and never shrinks, and PostgreSQL touches all of its shared buffers at start: the default
 * 128 MB was 128 MB of resident memory before the first request. A camp's database is a few megabytes; what
 * does not fit in 16 MB of buffers is read from the operating system's file cache.
 */
export const PGLITE_SERVER_SETTINGS: readonly string[] = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/** Marks a data directory that holds a database (what PGlite checks before it runs initdb). */
const VERSION_FILE = 'PG_VERSION';

/**
 * Creates the database of a new data directory in a child process. PGlite's initdb runs a second PostgreSQL
 * and the initdb program beside the first and unpacks a copy of the new database: about 700 MB at its peak,
 * much of which the process kept for good. A child gives it all back when it exits.
 */
async function initdbInChildProcess(directory: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'const settings = JSON.parse(process.argv[3]);' +
    'PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, ...settings] })' +
    '.then((db) => db.close()).then(' +
    '() => process.exit(0), (error) => { console.error(error); process.exit(1); });';
  const settings = JSON.stringify(PGLITE_SERVER_SETTINGS);
  const child = spawn(process.execPath, ['-e', script, pglite, directory, settings], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0 || !existsSync(path.join(directory, VERSION_FILE))) {
    throw new Error(`Could not create the embedded database in ${directory}: ${errors.trim()}`);
  }
}

/** The server's embedded database in `directory`, created there first if the directory holds none. */
export async function openPglite(directory: string): Promise<PGlite> {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(path.join(directory, VERSION_FILE))) await initdbInChildProcess(directory);
  return PGlite.create(directory, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SERVER_SETTINGS],
  });
}
