/**
 * npm run seed:demo [-- --force] [-- --seed N]
 *
 * Fills the database the server would use (DATABASE_URL, else PGlite in DATA_DIR) with a believable demo
 * camp: configuration, job categories, shifts over all ten days, jobs, four camping options with custom
 * fields, an admin (admin@example.org), staff, 200 participants and their registrations and payments.
 * Refuses to touch a database that already holds data unless --force is given, which empties every
 * application table first. All of it happens in one transaction: on any error nothing changes.
 * Stop the server first when it uses PGlite: an embedded database has one user at a time.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { SUMMARY_TABLES, countRows, findExistingData, seedDemoCamp } from './demo/database';
import { DEMO_ADMIN_EMAIL } from './demo/catalog';
import { DEFAULT_DEMO_SEED } from './demo/demo-data';
import { runMain } from './run-main';

const USAGE = `Usage: npm run seed:demo [-- --force] [-- --seed <integer>]

  --force        empty every application table of a database that already holds data, then seed
  --seed <n>     seed of the pseudo-random generator (default ${DEFAULT_DEMO_SEED}); same seed, same camp
  -h, --help     show this help

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).`;

function parseOptions(): { force: boolean; seed: number } | undefined {
  const { values } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, not "${values.seed}"`);
  return { force: values.force, seed };
}

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

function seconds(fromMs: number, toMs = performance.now()): string {
  return `${((toMs - fromMs) / 1000).toFixed(2)} s`;
}

async function main(): Promise<number> {
  let options: { force: boolean; seed: number } | undefined;
  try {
    options = parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (!options) return 0;

  const started = performance.now();
  const env = loadEnv();
  const target = describeTarget(env.databaseUrl, env.dataDir);
  const handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await handle.migrate();
    const opened = performance.now();

    const existing = await findExistingData(handle.db);
    if (existing.length > 0 && !options.force) {
      const found = existing.map((entry) => `${entry.table} (${entry.rows})`).join(', ');
      console.error(
        `Refusing to seed ${target}: it already holds data in ${found}.\n` +
          'Run again with --force to EMPTY EVERY APPLICATION TABLE and load the demo camp instead:\n' +
          '  npm run seed:demo -- --force',
      );
      return 1;
    }

    const writeStarted = performance.now();
    const data = await seedDemoCamp(handle.db, { seed: options.seed, wipe: existing.length > 0 });

    const written = performance.now();
    const counts = await countRows(handle.db, SUMMARY_TABLES);
    const width = Math.max(...counts.map((entry) => entry.table.length));
    const tally = (values: string[]) =>
      Object.entries(
        values.reduce<Record<string, number>>(
          (acc, value) => ({ ...acc, [value]: (acc[value] ?? 0) + 1 }),
          {},
        ),
      )
        .map(([key, n]) => `${n} ${key}`)
        .join(', ');

    console.log(
      `Seeded the demo camp into ${target}${existing.length > 0 ? ' (wiped first, --force)' : ''}.`,
    );
    console.log(`Seed ${data.seed}, registration year ${data.year}.`);
    for (const entry of counts)
      console.log(`  ${entry.table.padEnd(width)}  ${String(entry.rows).padStart(5)}`);
    console.log(`Users: ${tally(data.users.map((user) => user.role))}.`);
    console.log(`Registrations: ${tally(data.registrations.map((registration) => registration.status))}.`);
    console.log(`Payments: ${tally(data.payments.map((payment) => payment.status))}.`);
    console.log(
      `Capacity counters checked against the rows. Done in ${seconds(started)} ` +
        `(opening and migrating the database ${seconds(started, opened)}, ` +
        `building and writing the rows ${seconds(writeStarted, written)}).`,
    );
    console.log(
      `Sign in as ${DEMO_ADMIN_EMAIL} (admin); every demo address is at example.org or example.com.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runMain(main, {
  failure: 'Seeding failed; the demo rows were not written (the transaction was rolled back).',
});
