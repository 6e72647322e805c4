/**
 * npm run draw:verify -- --year 2027
 *
 * Re-runs a year's stored draw (docs/product.md §10, decision 049) from the server's database (DATABASE_URL,
 * else the embedded database in DATA_DIR): its seed and algorithm from the `draws` row, its entries from
 * `draw_entries`, the pure draw (formGroups + runDraw), and prints whether the outcome's digest equals the
 * stored one (and which entries' stored outcome differs, if any). Reads only; changes nothing.
 * Exit codes: 0 equal, 1 not equal, 2 no draw ran for the year, 3 bad usage or the database could not be read.
 * With the embedded database, stop the server first: it has one user at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { databaseTarget } from './backup-common';
import { commandLine, wholeOption } from './bench/cli';
import { describeVerification, verifyDraw } from './draw-verify-core';
import { runMain } from './run-main';

const USAGE = `Usage: npm run draw:verify -- --year <year>

  --year <year>   the year whose stored draw is re-run (required)
  -h, --help      show this help

The database is the server's: DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).
Exit codes: 0 the re-run equals the stored draw, 1 it does not, 2 no draw ran for that year,
3 bad usage or the database could not be read.`;

const EXIT = { equal: 0, unequal: 1, 'no draw': 2, trouble: 3 } as const;

function parseYear(): number | undefined {
  const values = commandLine(USAGE, { year: { type: 'string' } });
  if (!values) return undefined;
  if (values.year === undefined) throw new Error('--year is required');
  return wholeOption('year', values.year, 0, 2000, 2100);
}

async function main(): Promise<number> {
  let year: number | undefined;
  try {
    year = parseYear();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return EXIT.trouble;
  }
  if (year === undefined) return 0;
  const target = databaseTarget();
  // Opening an embedded database that is not there would create one: a verification only reads.
  if (target.kind === 'pglite' && !existsSync(path.join(target.directory, 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${target.directory} (set DATA_DIR or DATABASE_URL).`);
    return EXIT.trouble;
  }
  const handle = await openDatabase(
    target.kind === 'postgres' ? { databaseUrl: target.url, dataDir: '' } : { dataDir: target.dataDir },
  );
  try {
    console.log(`Reading ${target.label}.`);
    const verification = await verifyDraw(handle.db, year);
    for (const line of describeVerification(verification)) console.log(line);
    return EXIT[verification.status];
  } finally {
    await handle.close();
  }
}

runMain(main, {
  failure: 'The draw could not be verified: the database could not be read.',
  failureCode: EXIT.trouble,
  messageOnly: true,
});
