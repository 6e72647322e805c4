import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGLITE_FOLDER } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { readOptions } from './bench/cli';

// What npm run backup and npm run restore share (decision 032): which database the server uses, what kind of
// backup a file holds, where a new backup goes, and how a script ends (0 done, 1 failure with one line, 2 bad
// usage).

/** A failure the operator can act on: printed as one line, exit code 1. */
export class BackupError extends Error {}

export { PGLITE_FOLDER } from '../apps/api/src/db/client';

export type Target =
  | { kind: 'postgres'; url: string; label: string }
  | { kind: 'pglite'; dataDir: string; directory: string; label: string };

/** `host:port/database` of a PostgreSQL URL, without its user or password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The server's database, read as the server reads it (apps/api/src/env.ts): DATABASE_URL when set, else the
 * embedded database in DATA_DIR. The scripts need no APP_SECRET, so one is lent to the check: a backup never
 * needs it, and reading the environment must not write a development secret into DATA_DIR.
 */
export function databaseTarget(source: NodeJS.ProcessEnv = process.env): Target {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv({ ...source, APP_SECRET: 'backup-needs-no-secret-backup-needs-no-secret' });
  } catch (error) {
    throw new BackupError((error instanceof Error ? error.message : String(error)).replace(/\n\s*/g, ' '));
  }
  if (env.databaseUrl) {
    return { kind: 'postgres', url: env.databaseUrl, label: describePostgres(env.databaseUrl) };
  }
  const directory = path.join(env.dataDir, PGLITE_FOLDER);
  return { kind: 'pglite', dataDir: env.dataDir, directory, label: `the embedded database in ${directory}` };
}

export type BackupKind = 'postgres' | 'pglite';

/** What a backup file holds, by its first bytes: pg_dump's custom format, or PGlite's gzipped tarball. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (!statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(
    `${file} is not a backup of this app: neither a pg_dump custom-format archive nor a PGlite data directory tarball`,
  );
}

/** 2026-11-24T05:26:43.123Z → 20261124T052643Z */
export function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * The file a new backup goes to: `out` itself, or, when `out` is a folder (existing, or written with a
 * trailing slash), a new `camp-<kind>-<UTC time>.<ext>` in it. An existing file is never overwritten.
 */
export function backupPath(out: string, kind: BackupKind, now: Date): string {
  const extension = kind === 'postgres' ? 'dump' : 'tar.gz';
  const isFolder = /[/\\]$/.test(out) || (existsSync(out) && statSync(out).isDirectory());
  const file = isFolder ? path.join(out, `camp-${kind}-${stamp(now)}.${extension}`) : out;
  const resolved = path.resolve(file);
  if (existsSync(resolved)) throw new BackupError(`${resolved} already exists: give another --out`);
  if (!existsSync(path.dirname(resolved))) {
    throw new BackupError(`the folder ${path.dirname(resolved)} does not exist`);
  }
  return resolved;
}

/**
 * Runs `write(partial)` for a file first written as `<file>.partial` and renamed when complete, so that a
 * backup cut short never looks like a finished one.
 */
export async function writeWhole<T>(file: string, write: (partial: string) => Promise<T>): Promise<T> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const result = await write(partial);
    renameSync(partial, file);
    return result;
  } finally {
    rmSync(partial, { force: true });
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function seconds(fromMs: number): string {
  return `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;
}

/**
 * The main of npm run backup / npm run restore: options read by `parse` (exit 0 after --help, 2 with the usage
 * after a bad one), then `body`; a BackupError ends with its one line and exit 1, anything else with
 * "<name> failed: …" and exit 1.
 */
export function runScript<O>(
  name: string,
  usage: string,
  parse: () => O | undefined,
  body: (o: O) => Promise<void>,
) {
  const main = async (): Promise<number> => {
    const options = readOptions(usage, parse);
    if (typeof options === 'number') return options;
    await body(options);
    return 0;
  };
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(error instanceof BackupError ? message : `${name} failed: ${message}`);
      process.exitCode = 1;
    },
  );
}
