import { spawn } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError, describePostgres, writeWhole } from './backup-common';

// PostgreSQL backups (decision 032): pg_dump's custom format, taken while the API runs (pg_dump reads one
// consistent snapshot), and a restore that is one transaction: pg_restore writes the archive's SQL, psql runs
// it between our own BEGIN and a COMMIT sent only once pg_restore has finished well, so a failed restore
// changes nothing. Both need Debian's postgresql-client of the server's major version or newer.

const CLIENT_PACKAGE = 'Debian/Ubuntu: apt-get install postgresql-client';

/** The table every database of this app has (Drizzle's record of the migrations run). */
const MIGRATIONS_TABLE = { schema: 'drizzle', name: '__drizzle_migrations' };

export interface ToolOptions {
  /** The folder of pg_dump, pg_restore and psql (default: found on PATH). */
  pgBin?: string | undefined;
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The URL without its password, and an environment carrying the password as PGPASSWORD, so that it is not on
 * a command line other users of the host can read.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      env.PGPASSWORD = decodeURIComponent(parsed.password);
      parsed.password = '';
    }
    return { dbname: parsed.toString(), env };
  } catch {
    return { dbname: url, env };
  }
}

function toolPath(name: string, options: ToolOptions): string {
  return options.pgBin ? path.join(options.pgBin, name) : name;
}

function missing(name: string, options: ToolOptions, needed: number | undefined): BackupError {
  const where = options.pgBin ? `in ${options.pgBin}` : 'on PATH';
  const version = needed === undefined ? '' : `, major version ${needed} or newer`;
  return new BackupError(
    `${name} was not found ${where}: install PostgreSQL's client tools${version} (${CLIENT_PACKAGE}), or give --pg-bin <folder>`,
  );
}

/** The last line a tool wrote to stderr that says something. */
function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines[lines.length - 1] ?? 'no message';
}

/** Runs a client tool to its end, collecting what it writes; a tool that is not there is a BackupError. */
function run(
  name: string,
  args: string[],
  options: ToolOptions & { env?: NodeJS.ProcessEnv; needed?: number },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(name, options), args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? missing(name, options, options.needed) : error),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The major version a client tool reports (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajor(name: string, options: ToolOptions, needed?: number): Promise<number> {
  const ran = await run(name, ['--version'], { ...options, ...(needed === undefined ? {} : { needed }) });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(ran.stdout);
  if (ran.code !== 0 || !match) {
    throw new BackupError(`${toolPath(name, options)} --version did not answer as a PostgreSQL tool does`);
  }
  return Number(match[1]);
}

/** Every tool there and of the server's major version or newer: an older one cannot read a newer server. */
async function checkTools(names: string[], serverMajor: number, options: ToolOptions): Promise<void> {
  for (const name of names) {
    const major = await toolMajor(name, options, serverMajor);
    if (major < serverMajor) {
      throw new BackupError(
        `${name} is version ${major}, older than the server (PostgreSQL ${serverMajor}): install the client tools of version ${serverMajor} or newer (${CLIENT_PACKAGE}, from the PostgreSQL apt repository if needed), or give --pg-bin <folder>`,
      );
    }
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new BackupError(`cannot connect to ${describePostgres(url)}: ${message}`);
  }
  return client;
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    "select current_setting('server_version_num')::int as version",
  );
  return Math.floor(Number(rows[0]?.version) / 10_000);
}

/** The entries of an archive's table of contents (`pg_restore --list`); a file it cannot read is refused. */
async function archiveEntries(file: string, options: ToolOptions, needed?: number): Promise<string[]> {
  const ran = await run('pg_restore', ['--list', file], { ...options, ...(needed ? { needed } : {}) });
  if (ran.code !== 0) {
    throw new BackupError(`${file} is not an archive pg_restore can read: ${lastLine(ran.stderr)}`);
  }
  return ran.stdout.split('\n').filter((line) => line !== '' && !line.startsWith(';'));
}

const tableData = (entries: string[]) => entries.filter((line) => / TABLE DATA /.test(line)).length;

export interface PostgresBackup {
  file: string;
  bytes: number;
  tables: number;
  serverMajor: number;
}

/** pg_dump of the whole database in the custom format into `file`, checked by reading its table of contents. */
export async function backupPostgres(
  url: string,
  file: string,
  options: ToolOptions,
): Promise<PostgresBackup> {
  const client = await connect(url);
  let major: number;
  try {
    major = await serverMajor(client);
  } finally {
    await client.end();
  }
  await checkTools(['pg_dump', 'pg_restore'], major, options);
  const { dbname, env } = connection(url);
  const tables = await writeWhole(file, async (partial) => {
    const ran = await run(
      'pg_dump',
      ['--format=custom', '--no-password', `--dbname=${dbname}`, `--file=${partial}`],
      {
        ...options,
        env,
      },
    );
    if (ran.code !== 0) throw new BackupError(`pg_dump failed: ${lastLine(ran.stderr)}`);
    // Personal data: readable by the backup's owner only, as the embedded database's tarball is.
    chmodSync(partial, 0o600);
    return tableData(await archiveEntries(partial, options));
  });
  return { file, bytes: statSync(file).size, tables, serverMajor: major };
}

/** What the target database already holds: objects outside the system schemas, and other sessions. */
interface Occupancy {
  tables: number;
  otherObjects: number;
  sessions: number;
}

// Objects that an extension owns (plpgsql, an extension the provider installed) are not ours to count or drop.
const NOT_FROM_EXTENSION = (catalog: string, alias: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid and d.deptype = 'e')`;
const USER_SCHEMA = (alias: string) =>
  `${alias}.nspname <> 'information_schema' and ${alias}.nspname !~ '^pg_'`;

const OCCUPANCY_SQL = `
  select
    (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${USER_SCHEMA('n')} and ${NOT_FROM_EXTENSION('pg_class', 'c')}) as tables,
    (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('v', 'm', 'S', 'f') and ${USER_SCHEMA('n')} and ${NOT_FROM_EXTENSION('pg_class', 'c')})
    + (select count(*)::int from pg_namespace n
      where n.nspname <> 'public' and ${USER_SCHEMA('n')} and ${NOT_FROM_EXTENSION('pg_namespace', 'n')})
    + (select count(*)::int from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typtype in ('e', 'd', 'r') and ${USER_SCHEMA('n')} and ${NOT_FROM_EXTENSION('pg_type', 't')})
    + (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${USER_SCHEMA('n')} and ${NOT_FROM_EXTENSION('pg_proc', 'p')}) as "otherObjects",
    (select count(*)::int from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend') as sessions`;

/**
 * With --force: one statement, run in the restore's transaction, that drops every schema but public and
 * everything in public that no extension owns (tables with their triggers, sequences, views, types, functions),
 * whatever the app's version made, so the archive is restored into an empty database.
 */
const EMPTY_DATABASE_SQL = `
DO $camp_restore$
DECLARE item record;
BEGIN
  FOR item IN
    SELECT 1 AS phase, format('DROP SCHEMA IF EXISTS %I CASCADE', n.nspname) AS statement
      FROM pg_namespace n
      WHERE n.nspname <> 'public' AND ${USER_SCHEMA('n')} AND ${NOT_FROM_EXTENSION('pg_namespace', 'n')}
    UNION ALL
    SELECT 2, format('DROP %s IF EXISTS public.%I CASCADE',
        CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
          WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.relname)
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND ${NOT_FROM_EXTENSION('pg_class', 'c')}
    UNION ALL
    SELECT 3, format('DROP %s IF EXISTS public.%I CASCADE',
        CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.typname)
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r') AND ${NOT_FROM_EXTENSION('pg_type', 't')}
    UNION ALL
    SELECT 4, format('DROP %s IF EXISTS public.%I(%s) CASCADE',
        CASE p.prokind WHEN 'a' THEN 'AGGREGATE' ELSE 'ROUTINE' END, p.proname,
        pg_get_function_identity_arguments(p.oid))
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND ${NOT_FROM_EXTENSION('pg_proc', 'p')}
    ORDER BY 1
  LOOP
    EXECUTE item.statement;
  END LOOP;
END
$camp_restore$;
`;

async function occupancy(client: pg.Client): Promise<Occupancy> {
  const { rows } = await client.query<Occupancy>(OCCUPANCY_SQL);
  const row = rows[0];
  if (!row) throw new Error('the occupancy query answered no row');
  return row;
}

/**
 * Runs pg_restore's SQL through psql in one transaction: BEGIN, the optional `prefix`, the archive, and
 * COMMIT only after pg_restore ended with 0. Anything else closes psql's input without COMMIT: PostgreSQL
 * rolls the whole restore back.
 */
function restoreInOneTransaction(
  file: string,
  url: string,
  prefix: string,
  options: ToolOptions,
  needed: number,
): Promise<void> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const psql = spawn(
      toolPath('psql', options),
      ['-X', '-q', '--no-password', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`, '-f', '-'],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const restore = spawn(
      toolPath('pg_restore', options),
      ['--no-owner', '--no-privileges', '--file=-', file],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let psqlErrors = '';
    let restoreErrors = '';
    psql.stderr.on('data', (chunk: Buffer) => (psqlErrors += chunk.toString()));
    restore.stderr.on('data', (chunk: Buffer) => (restoreErrors += chunk.toString()));
    const spawnError = (name: string) => (error: NodeJS.ErrnoException) => {
      fail(error.code === 'ENOENT' ? missing(name, options, needed) : error);
      psql.kill();
      restore.kill();
    };
    psql.on('error', spawnError('psql'));
    restore.on('error', spawnError('pg_restore'));
    // psql may stop reading early (ON_ERROR_STOP): its exit code tells, not the broken pipe.
    psql.stdin.on('error', () => undefined);

    psql.stdin.write(`BEGIN;\n${prefix}\n`);
    restore.stdout.pipe(psql.stdin, { end: false });
    restore.on('close', (code) => {
      if (code === 0) psql.stdin.end('COMMIT;\n');
      else psql.stdin.end();
    });
    psql.on('close', (code) => {
      const restoreCode = restore.exitCode;
      if (restoreCode !== null && restoreCode !== 0) {
        fail(new BackupError(`pg_restore failed, nothing was restored: ${lastLine(restoreErrors)}`));
      } else if (code !== 0) {
        restore.kill();
        fail(
          new BackupError(`the restore failed and was rolled back, nothing changed: ${lastLine(psqlErrors)}`),
        );
      } else if (!settled) {
        settled = true;
        resolve();
      }
    });
  });
}

export interface PostgresRestore {
  tables: number;
  rows: { users: number; registrations: number; payments: number };
  replaced: boolean;
}

/**
 * Restores a pg_dump archive into the database of `url`, which must be empty (a new `createdb`) and have no
 * other sessions, unless `force`: then everything in it is dropped first, in the same transaction.
 */
export async function restorePostgres(
  url: string,
  file: string,
  options: ToolOptions & { force: boolean },
): Promise<PostgresRestore> {
  const label = describePostgres(url);
  const client = await connect(url);
  try {
    const major = await serverMajor(client);
    await checkTools(['pg_restore', 'psql'], major, options);
    const entries = await archiveEntries(file, options, major);
    const migrations = ` TABLE ${MIGRATIONS_TABLE.schema} ${MIGRATIONS_TABLE.name} `;
    if (!entries.some((line) => line.includes(migrations))) {
      throw new BackupError(
        `${file} is not a backup of this app: it has no ${MIGRATIONS_TABLE.schema}.${MIGRATIONS_TABLE.name} table`,
      );
    }
    const found = await occupancy(client);
    const occupied = found.tables + found.otherObjects > 0;
    if (occupied && !options.force) {
      throw new BackupError(
        `refusing to restore into ${label}: it is not empty (${found.tables} tables, ${found.otherObjects} other objects); restore into a new empty database (createdb), or give --force to replace everything in it`,
      );
    }
    if (found.sessions > 0 && !options.force) {
      throw new BackupError(
        `refusing to restore into ${label}: ${found.sessions === 1 ? '1 other session is' : `${found.sessions} other sessions are`} connected to it; stop the API processes first (or give --force)`,
      );
    }
    await restoreInOneTransaction(file, url, occupied ? EMPTY_DATABASE_SQL : '', options, major);
    const { rows } = await client.query<{
      tables: number;
      users: number;
      registrations: number;
      payments: number;
    }>(
      `select (select count(*)::int from information_schema.tables
                where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')) as tables,
              (select count(*)::int from public.users) as users,
              (select count(*)::int from public.registrations) as registrations,
              (select count(*)::int from public.payments) as payments`,
    );
    const counted = rows[0];
    if (!counted) throw new Error('the count query answered no row');
    return {
      tables: counted.tables,
      rows: { users: counted.users, registrations: counted.registrations, payments: counted.payments },
      replaced: occupied,
    };
  } finally {
    await client.end();
  }
}
