/**
 * npm run bench:rush [-- --users 1000] [-- --concurrency 1000] [-- --seed 1] [-- --processes N] [-- --balancer]
 *
 * The registration rush: N people press "Review & Pay" at the same moment. Starts the real server as a child
 * process on a free loopback port with its own fresh database (PGlite in a temporary DATA_DIR, or, when
 * DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped afterwards), runs an SMTP
 * capture so everyone signs in the real way (code by e-mail), seeds a camp through the admin API, completes
 * every profile, then fires every submission at once over keep-alive HTTP. With --processes N (PostgreSQL
 * only) it starts N API processes sharing the database, one APP_SECRET and Redis (REDIS_URL) for the rate
 * limits, behind HAProxy from the system's packages, and everything goes through the balancer (decision 031).
 * Prints submissions per second, latency percentiles, answers by status and message, requests per process,
 * and checks afterwards through the API (and the database on PostgreSQL) that no place was oversold. Exits 1
 * if anything was oversold, any answer was a 5xx or other than 201 or the 409 for a full place, or a
 * counter differs from its rows; 2 on a bad option.
 */
import { withCleanups } from './bench/server';
import { DEFAULT_REDIS_URL, processesProblem, type RushOptions, rushPassed, runRush } from './bench/rush';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { runMain } from './run-main';

const OVERALL_TIMEOUT_MS = 15 * 60_000;

const USAGE = `Usage: npm run bench:rush [-- --users N] [-- --concurrency C] [-- --seed S] [-- --log-level L]
                          [-- --processes P] [-- --balancer]

  --users N         people who submit at the same moment (default 1000)
  --concurrency C   connections the rush may use at once (default: one per person, i.e. all at once)
  --seed S          seed of the choices people make (default 1)
  --log-level L     the servers' LOG_LEVEL (default warn; info logs every request)
  --processes P     API processes (default 1); more than one needs DATABASE_URL and runs behind HAProxy
  --balancer        through HAProxy even with one process (always so with several)

DATABASE_URL=postgres://user@host:5432/db runs on that PostgreSQL server, in a fresh database created for the
run and dropped after it; without it the server uses PGlite in a temporary directory (one process only).
Behind the balancer the processes share their rate limits in Redis: REDIS_URL (default ${DEFAULT_REDIS_URL}).
HAProxy is /usr/sbin/haproxy or haproxy on PATH (apt-get install haproxy).`;

function parseOptions(): RushOptions | undefined {
  const values = commandLine(USAGE, {
    users: { type: 'string' },
    concurrency: { type: 'string' },
    seed: { type: 'string' },
    'log-level': { type: 'string' },
    processes: { type: 'string' },
    balancer: { type: 'boolean', default: false },
  });
  if (!values) return undefined;
  const users = wholeOption('users', values.users, 1000, 1, 20_000);
  const processes = wholeOption('processes', values.processes, 1, 1, 16);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const refused = processesProblem(processes, databaseUrl);
  if (refused) throw new Error(refused);
  return {
    users,
    concurrency: wholeOption('concurrency', values.concurrency, users, 1, 20_000),
    seed: wholeOption('seed', values.seed, 1, 1, 2 ** 31),
    logLevel: values['log-level'] ?? 'warn',
    processes,
    balancer: values.balancer,
    databaseUrl,
    redisUrl: process.env.REDIS_URL?.trim() || DEFAULT_REDIS_URL,
    log: (line) => console.log(line),
  };
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('bench:rush', OVERALL_TIMEOUT_MS, async (cleanups) => {
    const result = await runRush(options, cleanups);
    console.log(
      `RESULT ${JSON.stringify({
        database: result.database,
        users: options.users,
        concurrency: options.concurrency,
        processes: options.processes,
        balancer: result.balanced ? 'haproxy' : 'none',
        seconds: Number((result.rushMs / 1000).toFixed(3)),
        perSecond: Number(result.perSecond.toFixed(1)),
        p50: Math.round(result.latency.p50),
        p95: Math.round(result.latency.p95),
        p99: Math.round(result.latency.p99),
        max: Math.round(result.latency.max),
        onWire: {
          p50: Math.round(result.onWire.p50),
          p95: Math.round(result.onWire.p95),
          p99: Math.round(result.onWire.p99),
        },
        statuses: Object.fromEntries(result.statuses),
        oversold: result.oversold,
        serverErrors: result.serverErrors,
        listenOverflows: result.listenOverflows,
        unexpected: result.unexpected.length,
        problems: result.problems.length,
        rushRequestsPerProcess: result.balanced
          ? Object.fromEntries(result.processes.map((figures) => [figures.name, figures.rushResponses]))
          : undefined,
      })}`,
    );
    return rushPassed(result) ? 0 : 1;
  });
}

runMain(main, { failure: 'bench:rush failed:', exitAtOnce: true });
