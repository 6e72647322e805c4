/**
 * npm run test:durability [-- --people 200] [-- --kill-at-fraction 0.5 | --kill-after-ms 800] [-- --seed 1]
 *
 * kill -9 during a burst of writes (docs/security.md). Starts the real server as a child process with a
 * fresh database (PGlite in a temporary DATA_DIR, or, when DATABASE_URL is set, a fresh database created on
 * that PostgreSQL server and dropped afterwards), seeds a camp through the admin API, signs N people in by
 * e-mail code, then fires their registration submissions mixed with admin writes (job categories, shifts)
 * and SIGKILLs the server partway through. Restarts it on the same data and checks, through the API and then
 * the database itself, that every write answered 2xx before the kill is there as answered and that every
 * option's and job's place counter equals its registrations. Exits 1 on any loss, mismatch or other problem.
 */
import { withCleanups } from './bench/server';
import { describeResult, durable, runDurability, type DurabilityOptions } from './bench/durability';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { runMain } from './run-main';

const USAGE = `Usage: npm run test:durability [-- --people N] [-- --kill-at-fraction F | --kill-after-ms MS] [-- --seed S]

  --people N            people who submit a registration in the burst (default 200)
  --kill-at-fraction F  SIGKILL the server once this share of the burst's answers came back (0 < F < 1;
                        default: at random from 0.3 to 0.6, by the seed)
  --kill-after-ms MS    SIGKILL the server MS milliseconds into the burst instead
  --concurrency C       connections the burst uses at once (default 16)
  --seed S              seed of the choices, the order of the burst and the default kill point (default 1)

DATABASE_URL=postgres://user@host:5432/db runs on that PostgreSQL server, in a fresh database created for the
run and dropped after it; without it the server uses PGlite in a temporary directory.`;

const OVERALL_TIMEOUT_MS = 10 * 60_000;

function parseOptions(): DurabilityOptions | undefined {
  const values = commandLine(USAGE, {
    people: { type: 'string' },
    'kill-at-fraction': { type: 'string' },
    'kill-after-ms': { type: 'string' },
    concurrency: { type: 'string' },
    seed: { type: 'string' },
  });
  if (!values) return undefined;
  if (values['kill-at-fraction'] !== undefined && values['kill-after-ms'] !== undefined) {
    throw new Error('give --kill-at-fraction or --kill-after-ms, not both');
  }
  let killAtFraction: number | undefined;
  if (values['kill-at-fraction'] !== undefined) {
    killAtFraction = Number(values['kill-at-fraction']);
    if (!(killAtFraction > 0 && killAtFraction < 1)) {
      throw new Error(`--kill-at-fraction must be between 0 and 1, not "${values['kill-at-fraction']}"`);
    }
  }
  return {
    people: wholeOption('people', values.people, 200, 1, 5000),
    seed: wholeOption('seed', values.seed, 1, 1, 2 ** 31),
    concurrency: wholeOption('concurrency', values.concurrency, 16, 1, 1000),
    killAtFraction,
    killAfterMs:
      values['kill-after-ms'] === undefined
        ? undefined
        : wholeOption('kill-after-ms', values['kill-after-ms'], 0, 0, 600_000),
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    log: (line) => console.log(line),
  };
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('test:durability', OVERALL_TIMEOUT_MS, async (cleanups) => {
    const result = await runDurability(options, cleanups);
    console.log('');
    for (const line of describeResult(result)) console.log(line);
    const { lost, mismatches, problems, ...figures } = result;
    console.log(
      `RESULT ${JSON.stringify({ ...figures, lost: lost.length, mismatches: mismatches.length, problems: problems.length })}`,
    );
    return durable(result) ? 0 : 1;
  });
}

runMain(main, { failure: 'test:durability failed:', exitAtOnce: true });
