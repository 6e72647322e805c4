/**
 * npm run backup -- --out <file or folder> [--pg-bin <folder>]
 *
 * Backs up the server's database (DATABASE_URL, else the embedded database in DATA_DIR) into one file
 * (decision 032, docs/operations.md § Backups). Exit codes: 0 done, 1 failure (one line says why), 2 bad usage.
 */
import { backupPath, databaseTarget, megabytes, runScript, seconds } from './backup-common';
import { commandLine } from './bench/cli';
import { backupPglite } from './backup-pglite';
import { backupPostgres } from './backup-postgres';

const USAGE = `Usage: npm run backup -- --out <file or folder> [--pg-bin <folder>]

  --out <path>      the backup file to write, or a folder to write camp-<kind>-<UTC time>.<dump|tar.gz> in;
                    an existing file is never overwritten
  --pg-bin <folder> where pg_dump and pg_restore are (default: on PATH); they must be of the server's major
                    version or newer (Debian/Ubuntu: apt-get install postgresql-client)
  -h, --help        show this help

The database is the server's: DATABASE_URL when set (pg_dump, custom format; the API may keep running), else
the embedded database in DATA_DIR (default ./data; stop the server first). Restore with npm run restore.`;

interface Options {
  out: string;
  pgBin: string | undefined;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, { out: { type: 'string' }, 'pg-bin': { type: 'string' } });
  if (!values) return undefined;
  if (!values.out) throw new Error('--out is required');
  return { out: values.out, pgBin: values['pg-bin'] };
}

runScript('backup', USAGE, parseOptions, async (options) => {
  const started = performance.now();
  const target = databaseTarget();
  const file = backupPath(options.out, target.kind, new Date());
  const made =
    target.kind === 'postgres'
      ? await backupPostgres(target.url, file, { pgBin: options.pgBin })
      : await backupPglite(target.directory, file);
  console.log(
    `Backed up ${target.label} (${made.tables} tables) to ${made.file}: ${megabytes(made.bytes)} in ${seconds(started)}.`,
  );
});
