/**
 * npm run test:durability:waitlist [-- --places 40 --waiting 100 --cancels 16] [-- --seed 1 --runs 1]
 *   [-- --processes 2] [-- --no-write]
 *
 * kill -9 during the waitlist cascade (docs/product.md §10, decision 048, docs/security.md). Starts the real
 * server as a child process with a fresh database (PGlite in a temporary DATA_DIR, or, when DATABASE_URL is
 * set, a fresh database on that PostgreSQL server with two server processes on it, so two waitlist workers
 * race), fills one camping option of N places through the API, puts M people in its line (joinWaitlist),
 * cancels K holders at once through the admin API, lets the people offered a place accept or decline, and
 * SIGKILLs the server(s) at a point chosen by the seed while the offers come. Restarts, waits until the cascade
 * settles, stops the servers and checks the database: every freed place offered exactly once, to the next in
 * line, nobody offered twice, every acknowledged answer kept, taken + held within the limit, every counter equal
 * to its rows, one offer mail per offer in the outbox. Writes the figures into docs/benchmarks.md (unless
 * --no-write) and exits 1 on any loss, duplicate, mismatch or other problem.
 */
import { writeBenchmarkSection } from './bench/benchmarks-doc';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import {
  describeWaitlistResult,
  runWaitlistDurability,
  type WaitlistDurabilityResult,
  waitlistDurable,
} from './bench/durability-waitlist';
import { type Cleanups, runCleanups } from './bench/durability';
import { withCleanups } from './bench/server';
import { runMain } from './run-main';

const USAGE = `Usage: npm run test:durability:waitlist [-- options]

  --places N     places on the one camping option, all taken before the cascade (default 40)
  --waiting M    people in its line (default 100)
  --cancels K    holders cancelled at once (default 16, at most N)
  --seed S       seed of who is cancelled, of each offered person's answer and of the kill point (default 1)
  --runs R       runs with the seeds S, S+1, … S+R-1, each on a fresh database (default 1)
  --processes P  server processes on PostgreSQL (default 2; PGlite always runs one)
  --no-write     print the results only; do not write docs/benchmarks.md

DATABASE_URL=postgres://user@host:5432/db runs on that PostgreSQL server, in a fresh database created for each
run and dropped after it; without it the server uses PGlite in a temporary directory.`;

const OVERALL_TIMEOUT_MS = 30 * 60_000;

interface Options {
  places: number;
  waiting: number;
  cancels: number;
  seed: number;
  runs: number;
  processes: number;
  write: boolean;
  databaseUrl: string | undefined;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    places: { type: 'string' },
    waiting: { type: 'string' },
    cancels: { type: 'string' },
    seed: { type: 'string' },
    runs: { type: 'string' },
    processes: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  });
  if (!values) return undefined;
  const places = wholeOption('places', values.places, 40, 1, 2000);
  return {
    places,
    waiting: wholeOption('waiting', values.waiting, 100, 1, 5000),
    cancels: wholeOption('cancels', values.cancels, Math.min(16, places), 1, places),
    seed: wholeOption('seed', values.seed, 1, 1, 2 ** 31),
    runs: wholeOption('runs', values.runs, 1, 1, 100),
    processes: wholeOption('processes', values.processes, 2, 1, 4),
    write: !values['no-write'],
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  };
}

/** The section of docs/benchmarks.md for one database. */
function section(heading: string, results: WaitlistDurabilityResult[]): string {
  const first = results[0] as WaitlistDurabilityResult;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const rows = results.map((result) => {
    const states = Object.entries(result.offerStates)
      .sort()
      .map(([state, n]) => `${n} ${state.toLowerCase()}`)
      .join(', ');
    return (
      `| ${result.seed} | ${result.killTrigger} (${(result.killedAfterMs / 1000).toFixed(1)} s) | ` +
      `${result.offersSeenBeforeKill} | ${result.acknowledged.declined} + ${result.acknowledged.accepted} | ` +
      `${result.unanswered} | ${result.offers} (${states}) | ${result.offersAfterRestart} | ` +
      `${result.placesUsed}/${result.places} | ${result.duplicated.length} | ${result.lost.length} | ` +
      `${result.mismatches.length + result.problems.length} |`
    );
  });
  return [
    heading,
    '',
    `Written by \`npm run test:durability:waitlist\` (\`scripts/durability-waitlist.ts\`, the flow in`,
    '`scripts/bench/durability-waitlist.ts`): the real server, one camping option of N places taken through',
    'the API, M people in its line (`joinWaitlist`), K holders cancelled at once through the admin API, the',
    'people offered a place declining (half) or accepting (a fifth) as the offers come, and `SIGKILL` of every',
    'server process a few ms after the j-th decline was answered (odd seeds) or 0–60 ms after it was sent (even',
    'seeds; j and the delay by the seed): before the decline commits, between its commit and the fill it wakes,',
    'during that fill or after it. After the restart one more open',
    'offer is declined, the cascade settles (no `WAITLIST_FILL` task due), the servers stop and the database is',
    'checked: offers made = min(M, K + offers ended without being taken), one per registration, to exactly the',
    'first of the line, every acknowledged answer kept, taken + held = N while people wait, every counter equal',
    'to its rows (`countersMatchRows`), one offer mail per offer in the outbox and one `WAITLIST_OFFER` audit',
    'record per offer. "Offers after the restart" were made after the kill: one replaces the decline after the',
    'restart, any more are fills the kill cut short, done by the restarted processes.',
    'An admin cancel wakes the waitlist worker of the process that answered it (another process finds the fill at',
    'its next poll, up to 15 s); the time in "killed" counts from the cancellations.',
    '',
    `${date} UTC, ${first.databaseLabel.startsWith('PGlite') ? 'PGlite (embedded)' : 'PostgreSQL'}, ` +
      `${first.processes} server process(es), N = ${first.places}, M = ${first.waiting}, K = ${first.cancels}:`,
    '',
    '| seed | killed | offers seen before the kill | declines + accepts acknowledged | answers cut | offers made | offers after the restart | taken + held | duplicated | lost | mismatches and problems |',
    '| ---- | ------ | --------------------------- | ------------------------------- | ----------- | ----------- | ------------------------ | ------------ | ---------- | ---- | ----------------------- |',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('test:durability:waitlist', OVERALL_TIMEOUT_MS, async () => {
    const results: WaitlistDurabilityResult[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const runCleanupsList: Cleanups = [];
      try {
        const result = await runWaitlistDurability(
          {
            places: options.places,
            waiting: options.waiting,
            cancels: options.cancels,
            seed: options.seed + run,
            processes: options.processes,
            databaseUrl: options.databaseUrl,
            log: (line) => console.log(line),
          },
          runCleanupsList,
        );
        results.push(result);
        console.log('');
        for (const line of describeWaitlistResult(result)) console.log(line);
        const { duplicated, lost, mismatches, problems, ...figures } = result;
        console.log(
          `RESULT ${JSON.stringify({ ...figures, duplicated: duplicated.length, lost: lost.length, mismatches: mismatches.length, problems: problems.length })}`,
        );
        console.log('');
      } finally {
        await runCleanups(runCleanupsList);
      }
    }
    if (options.write) {
      const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
      const heading = `## Waitlist cascade under kill -9, ${database} (\`npm run test:durability:waitlist\`)`;
      await writeBenchmarkSection(heading, section(heading, results));
      console.log(`Wrote "${heading}" in docs/benchmarks.md`);
    }
    return results.every(waitlistDurable) ? 0 : 1;
  });
}

runMain(main, { failure: 'test:durability:waitlist failed:', exitAtOnce: true });
