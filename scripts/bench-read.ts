/**
 * npm run bench:read [-- --duration 10] [-- --connections 50] [-- --rounds 2] [-- --log-level info]
 *
 * The read path: how close GET /api/public/config comes to a bare Fastify route with the same body. Starts the
 * real server in production mode (its own fresh database: PGlite in a temporary DATA_DIR, or a fresh database
 * on the PostgreSQL server of DATABASE_URL, dropped afterwards) and, beside it, a bare Fastify server whose
 * only route answers the same body (scripts/bench/bare-server.ts). autocannon loads each in turn, the bare one
 * first, for `rounds` rounds, and prints requests per second, latency percentiles and the ratio
 * app ÷ bare (goal ≥ 0.5). A second run of the app sends If-None-Match, as a browser revalidating its copy
 * does, and gets 304s. The app's log is counted as it comes, not kept (the load generator must not do the
 * log's work on the app's behalf). Exits 1 if any answer was not the expected status or, at LOG_LEVEL info,
 * if the app wrote fewer log lines than it answered requests.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { freePort, processCpuSeconds, ROOT, runDatabase, startServer, withCleanups } from './bench/server';

const OVERALL_TIMEOUT_MS = 10 * 60_000;

const USAGE = `Usage: npm run bench:read [-- --duration S] [-- --connections C] [-- --rounds R] [-- --log-level L]

  --duration S      seconds of load per measurement (default 10)
  --connections C   concurrent keep-alive connections (default 50)
  --rounds R        rounds of (bare, app, app revalidating) (default 2)
  --log-level L     the app's LOG_LEVEL (default info, as production runs)

DATABASE_URL=postgres://user@host:5432/db runs the app on that PostgreSQL server, in a fresh database;
without it the app uses PGlite in a temporary directory.`;

interface Options {
  duration: number;
  connections: number;
  rounds: number;
  logLevel: string;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    duration: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    'log-level': { type: 'string' },
  });
  if (!values) return undefined;
  return {
    duration: wholeOption('duration', values.duration, 10, 1, 600),
    connections: wholeOption('connections', values.connections, 50, 1, 1000),
    rounds: wholeOption('rounds', values.rounds, 2, 1, 20),
    logLevel: values['log-level'] ?? 'info',
  };
}

interface Load {
  label: string;
  /** Answers received. */
  answers: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  unexpected: number;
  cpuSeconds: number | undefined;
}

async function load(
  label: string,
  url: string,
  options: Options,
  expected: number,
  pid: number | undefined,
  headers: Record<string, string> = {},
): Promise<Load> {
  const cpuBefore = processCpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers,
  });
  const cpuAfter = processCpuSeconds(pid);
  const statuses: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = count?.count ?? 0;
  const unexpected =
    Object.entries(statuses).reduce(
      (sum, [code, count]) => sum + (Number(code) === expected ? 0 : count),
      0,
    ) +
    result.errors +
    result.timeouts;
  return {
    label,
    answers: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    unexpected,
    cpuSeconds: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
  };
}

async function startBare(
  bodyFile: string,
  port: number,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/bench/bare-server.ts')],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), BARE_BODY_FILE: bodyFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Counts the lines of the app's log (stdout) as they come, without keeping them: reading the log is a log
 * shipper's work, and the load generator, on the same cores, must not do it for the app only (the bare server
 * logs nothing). Returns the count so far, and a wait until no more lines come.
 */
function countLogLines(stdout: Readable | null): { lines: () => number; settled: () => Promise<number> } {
  let lines = 0;
  // startServer keeps the output for its error messages; from here on only the count is kept.
  stdout?.removeAllListeners('data');
  stdout?.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  });
  const settled = async () => {
    for (let seen = -1; seen !== lines;) {
      seen = lines;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return lines;
  };
  return { lines: () => lines, settled };
}

/** The server's CPU microseconds per answer of a load, where /proc could be read. */
function cpuPerAnswer(result: Load): number | undefined {
  return result.cpuSeconds === undefined || result.answers === 0
    ? undefined
    : (result.cpuSeconds * 1e6) / result.answers;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function run(options: Options, cleanups: Array<() => Promise<void> | void>): Promise<number> {
  const appPort = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    LOG_LEVEL: options.logLevel,
  };
  const { dataDir, label: databaseLabel } = await runDatabase(
    'read',
    process.env.DATABASE_URL?.trim(),
    env,
    cleanups,
  );

  console.log(
    `bench:read — ${options.connections} connections, ${options.duration} s per load, ${options.rounds} rounds, ` +
      `app LOG_LEVEL=${options.logLevel}`,
  );
  console.log(`  database: ${databaseLabel}`);
  console.log(
    `  machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`,
  );

  const app = await startServer(env, appPort);
  cleanups.push(() => app.stop());
  const log = countLogLines(app.child.stdout);
  const appUrl = `${app.base}/api/public/config`;
  const first = await fetch(appUrl);
  const body = await first.text();
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag) throw new Error(`GET /api/public/config: ${first.status}, etag ${etag}`);
  const bodyFile = path.join(dataDir, 'public-config.json');
  writeFileSync(bodyFile, body);

  const barePort = await freePort();
  const bare = await startBare(bodyFile, barePort);
  cleanups.push(() => bare.stop());
  const bareUrl = `http://127.0.0.1:${barePort}/api/public/config`;
  const bareBody = await (await fetch(bareUrl)).text();
  if (JSON.stringify(JSON.parse(bareBody)) !== JSON.stringify(JSON.parse(body))) {
    throw new Error('the bare route does not answer the same body');
  }
  console.log(`  body: ${Buffer.byteLength(body)} bytes of JSON`);

  // Warm both up (JIT, connection pools, the configuration cache).
  const linesBefore = await log.settled();
  await load('warm-up', bareUrl, { ...options, duration: 2 }, 200, bare.child.pid);
  const appLoads = [await load('warm-up', appUrl, { ...options, duration: 2 }, 200, app.child.pid)];

  const results: Load[] = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    results.push(await load(`bare Fastify, round ${round}`, bareUrl, options, 200, bare.child.pid));
    const answered = await load(`app, round ${round}`, appUrl, options, 200, app.child.pid);
    const revalidated = await load(
      `app If-None-Match → 304, round ${round}`,
      appUrl,
      options,
      304,
      app.child.pid,
      { 'if-none-match': etag },
    );
    results.push(answered, revalidated);
    appLoads.push(answered, revalidated);
  }
  const logLines = (await log.settled()) - linesBefore;
  const appAnswers = appLoads.reduce((sum, result) => sum + result.answers, 0);

  console.log('');
  console.log(
    `  ${'load'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ` +
      `${'server CPU s'.padStart(12)} ${'µs/answer'.padStart(9)}  statuses`,
  );
  for (const result of results) {
    console.log(
      `  ${result.label.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(9)} ` +
        `${String(result.p50).padStart(7)} ${String(result.p99).padStart(7)} ` +
        `${(result.cpuSeconds?.toFixed(1) ?? '?').padStart(12)} ` +
        `${(cpuPerAnswer(result)?.toFixed(1) ?? '?').padStart(9)}  ${JSON.stringify(result.statuses)}`,
    );
  }
  const bareRate = median(results.filter((r) => r.label.startsWith('bare')).map((r) => r.requestsPerSecond));
  const appRate = median(results.filter((r) => r.label.startsWith('app, ')).map((r) => r.requestsPerSecond));
  const revalidateRate = median(
    results.filter((r) => r.label.startsWith('app If-None-Match')).map((r) => r.requestsPerSecond),
  );
  const ratio = appRate / bareRate;
  // The server's CPU time per answer: what the ratio of rates measures too, less shaken by other work on the
  // machine (the two servers are loaded one after the other, not at once).
  const cpuOf = (prefix: string) => {
    const values = results.filter((r) => r.label.startsWith(prefix)).map(cpuPerAnswer);
    return values.every((value) => value !== undefined) ? median(values) : undefined;
  };
  const bareCpu = cpuOf('bare');
  const appCpu = cpuOf('app, ');
  console.log('');
  console.log(`  median bare Fastify:          ${bareRate.toFixed(0)} req/s`);
  console.log(`  median app (200 with body):   ${appRate.toFixed(0)} req/s`);
  console.log(`  median app (304 revalidated): ${revalidateRate.toFixed(0)} req/s`);
  console.log(
    `  ratio app ÷ bare:             ${ratio.toFixed(2)}× (goal ≥ 0.50: ${ratio >= 0.5 ? 'PASS' : 'MISS'})`,
  );
  if (bareCpu !== undefined && appCpu !== undefined) {
    console.log(
      `  server CPU per answer:        bare ${bareCpu.toFixed(1)} µs, app ${appCpu.toFixed(1)} µs ` +
        `(bare ÷ app ${(bareCpu / appCpu).toFixed(2)}×)`,
    );
  }

  // At info every request writes one line; a request cut off when a load stops may be logged, not answered.
  const oneLinePerRequest = ['info', 'debug', 'trace'].includes(options.logLevel);
  console.log(
    `  app log:                      ${logLines} lines for ${appAnswers} answers during the loads` +
      (oneLinePerRequest ? ' (one line per request)' : ''),
  );

  const unexpected = results.reduce((sum, result) => sum + result.unexpected, 0);
  if (unexpected > 0) {
    console.error(`  ${unexpected} answers had an unexpected status, an error or a timeout`);
    return 1;
  }
  if (oneLinePerRequest && logLines < appAnswers) {
    console.error(`  the app logged ${appAnswers - logLines} fewer request lines than it answered`);
    return 1;
  }
  return 0;
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('bench:read', OVERALL_TIMEOUT_MS, (cleanups) => run(options, cleanups));
}

process.exitCode = await main();
