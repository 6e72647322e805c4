import { PGlite } from '@electric-sql/pglite';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { BackupError, stamp, writeWhole } from './backup-common';

// Backups of the embedded database (decision 032). PGlite is one process's database: only a stopped server's
// folder can be copied. The backup opens it (replaying its write-ahead log if the server was killed), runs a
// CHECKPOINT and takes PGlite's own tarball of the folder (dumpDataDir); the restore loads that tarball into a
// new folder (loadDataDir), checks it opens, and only then puts it in place.

/** Written by PGlite while a process has the folder open, removed when it closes it cleanly. */
const PID_FILE = 'postmaster.pid';

/** Whether a folder holds a database (PostgreSQL writes PG_VERSION first). */
export const holdsDatabase = (directory: string) => existsSync(path.join(directory, 'PG_VERSION'));

/**
 * The processes that have a file of `directory` open (Linux /proc): a running server keeps its catalog files
 * open for as long as it runs. `complete` is false when /proc is missing or some processes could not be read.
 */
export function processesHolding(directory: string): { pids: number[]; complete: boolean } {
  const prefix = `${path.resolve(directory)}${path.sep}`;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return { pids: [], complete: false };
  }
  const pids: number[] = [];
  let complete = true;
  for (const entry of entries) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch (error) {
      // Gone meanwhile (ENOENT) is fine; another user's process (EACCES) cannot be seen.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') complete = false;
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(prefix);
      } catch {
        return false;
      }
    });
    if (holds) pids.push(Number(entry));
  }
  return { pids, complete };
}

/** Refuses a folder that a process has open: the server must be stopped. */
export function ensureStopped(directory: string): void {
  const { pids, complete } = processesHolding(directory);
  if (pids.length > 0) {
    throw new BackupError(
      `the embedded database in ${directory} is open in process ${pids.join(', ')} (a running server?): stop it first`,
    );
  }
  if (!complete && existsSync(path.join(directory, PID_FILE))) {
    throw new BackupError(
      `${path.join(directory, PID_FILE)} exists and not every process could be checked: stop the server (if it was killed, start and stop it once)`,
    );
  }
}

/** The tables and migrations a database holds, to tell a real one from an empty or foreign folder. */
async function describe(db: PGlite): Promise<{ tables: number; migrations: number }> {
  const tables = await db.query<{ count: number }>(
    `select count(*)::int as count from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const migrations = await db.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let count = 0;
  if (migrations.rows[0]?.present) {
    const counted = await db.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    count = counted.rows[0]?.count ?? 0;
  }
  return { tables: tables.rows[0]?.count ?? 0, migrations: count };
}

export interface PgliteBackup {
  file: string;
  bytes: number;
  tables: number;
}

/** A gzipped tarball of the stopped server's embedded database, consistent and checkpointed. */
export async function backupPglite(directory: string, file: string): Promise<PgliteBackup> {
  if (!holdsDatabase(directory)) {
    throw new BackupError(`there is no embedded database in ${directory} (is DATA_DIR right?)`);
  }
  ensureStopped(directory);
  const db = await PGlite.create(directory);
  try {
    const { tables } = await describe(db);
    await db.query('checkpoint');
    const tarball = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    await writeWhole(file, async (partial) => writeFileSync(partial, bytes, { mode: 0o600 }));
    return { file, bytes: statSync(file).size, tables };
  } finally {
    await db.close();
  }
}

export interface PgliteRestore {
  tables: number;
  /** Where the database that was replaced (--force) was moved to. */
  keptAt: string | undefined;
}

/**
 * Loads a tarball into `directory`, which must hold no database unless `force`: then the old folder is moved
 * aside (kept, never deleted) once the new one has been loaded and checked.
 */
export async function restorePglite(
  directory: string,
  file: string,
  options: { force: boolean; now: Date },
): Promise<PgliteRestore> {
  const occupied = holdsDatabase(directory);
  if (occupied) ensureStopped(directory);
  if (occupied && !options.force) {
    throw new BackupError(
      `refusing to restore into ${directory}: it already holds a database; give --force to replace it (the old one is kept beside it)`,
    );
  }
  if (existsSync(directory) && !occupied && readdirSync(directory).length > 0) {
    throw new BackupError(
      `refusing to restore into ${directory}: the folder holds files that are not a database`,
    );
  }
  const loading = `${directory}.restoring-${stamp(options.now)}`;
  rmSync(loading, { recursive: true, force: true });
  mkdirSync(path.dirname(directory), { recursive: true });
  try {
    let db: PGlite;
    try {
      db = await PGlite.create(loading, { loadDataDir: new Blob([readFileSync(file)]) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new BackupError(`${file} is not a PGlite data directory backup: ${message}`);
    }
    let tables: number;
    try {
      const found = await describe(db);
      if (found.migrations === 0) {
        throw new BackupError(
          `${file} is not a backup of this app: it has no drizzle.__drizzle_migrations table`,
        );
      }
      tables = found.tables;
    } finally {
      await db.close();
    }
    let keptAt: string | undefined;
    if (occupied) {
      keptAt = `${directory}.before-restore-${stamp(options.now)}`;
      renameSync(directory, keptAt);
    } else if (existsSync(directory)) {
      rmSync(directory, { recursive: true });
    }
    renameSync(loading, directory);
    return { tables, keptAt };
  } finally {
    rmSync(loading, { recursive: true, force: true });
  }
}
