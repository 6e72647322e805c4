/**
 * npm run restore -- --from <file> [--force] [--pg-bin <folder>]
 *
 * Restores a backup made by npm run backup into the server's database (DATABASE_URL, else the embedded
 * database in DATA_DIR), which must be empty unless --force (decision 032, docs/operations.md § Backups).
 * Exit codes: 0 done, 1 failure (one line says why; nothing was changed), 2 bad usage.
 */
import { BackupError, backupKindOf, databaseTarget, runScript, seconds } from './backup-common';
import { commandLine } from './bench/cli';
import { restorePglite } from './backup-pglite';
import { restorePostgres } from './backup-postgres';

const USAGE = `Usage: npm run restore -- --from <file> [--force] [--pg-bin <folder>]

  --from <file>     a backup made by npm run backup (.dump: PostgreSQL, .tar.gz: the embedded database)
  --force           replace a database that is not empty: on PostgreSQL everything in it is dropped in the
                    restore's own transaction; the embedded database's old folder is kept beside the new one
  --pg-bin <folder> where pg_restore and psql are (default: on PATH); they must be of the server's major
                    version or newer (Debian/Ubuntu: apt-get install postgresql-client)
  -h, --help        show this help

The database is the server's: DATABASE_URL when set (restore into a new, empty database: createdb), else the
embedded database in DATA_DIR (default ./data). Stop the API processes first; start them after: they run any
newer migrations at start.`;

interface Options {
  from: string;
  force: boolean;
  pgBin: string | undefined;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    from: { type: 'string' },
    force: { type: 'boolean', default: false },
    'pg-bin': { type: 'string' },
  });
  if (!values) return undefined;
  if (!values.from) throw new Error('--from is required');
  return { from: values.from, force: values.force, pgBin: values['pg-bin'] };
}

runScript('restore', USAGE, parseOptions, async (options) => {
  const started = performance.now();
  const target = databaseTarget();
  const kind = backupKindOf(options.from);
  if (kind !== target.kind) {
    throw new BackupError(
      kind === 'postgres'
        ? `${options.from} is a PostgreSQL backup but DATABASE_URL is not set: set it to the database to restore into`
        : `${options.from} is a backup of the embedded database but DATABASE_URL is set: unset it and set DATA_DIR to restore into`,
    );
  }
  if (target.kind === 'postgres') {
    const restored = await restorePostgres(target.url, options.from, {
      force: options.force,
      pgBin: options.pgBin,
    });
    const { users, registrations, payments } = restored.rows;
    console.log(
      `Restored ${options.from} into ${target.label}${restored.replaced ? ' (its previous contents dropped, --force)' : ''}: ` +
        `${restored.tables} tables, ${users} users, ${registrations} registrations, ${payments} payments, in ${seconds(started)}.`,
    );
  } else {
    const restored = await restorePglite(target.directory, options.from, {
      force: options.force,
      now: new Date(),
    });
    console.log(
      `Restored ${options.from} into ${target.label}: ${restored.tables} tables, in ${seconds(started)}.` +
        (restored.keptAt
          ? ` The database it replaced is kept in ${restored.keptAt}: delete it once this one is checked.`
          : ''),
    );
  }
});
