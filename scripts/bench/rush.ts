import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import {
  type DayOfWeek,
  isFull,
  isOverCapacity,
  jobCapacity,
  optionCapacity,
  REGISTRATION_MESSAGES,
} from '@camp/shared/rules';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../../apps/api/src/db/client';
import { rowsOf } from '../../apps/api/src/db/raw';
import { countersMatchRows, describeMismatch } from '../../apps/api/src/modules/registrations/capacity';
import { Prng } from '../../apps/api/test/kit/rng';
import { SmtpCapture } from '../../apps/api/test/smtp';
import { type Balancer, type ServerStats, startHaproxy } from './balancer';
import { BENCH_YEAR, seedCamp, submissionFor } from './camp';
import { JsonClient, type JsonResponse, mapLimit } from './http';
import {
  completeProfiles,
  freePort,
  postgresCpuSeconds,
  processCpuSeconds,
  runDatabase,
  type Server,
  signIn,
  startServer,
} from './server';
import { type LatencySummary, summarize, tally } from './stats';

// The flow of npm run bench:rush, and of its small version in CI (bench-rush.test.ts): N people press
// "Review & Pay" at the same moment, against one API process or several behind HAProxy (decision 031).

/** The rate limiter's Redis keys (apps/api/src/lib/rate-limiter.ts): camp:rl:<limit key>:<window start>. */
const REDIS_EMAIL_LIMIT_KEYS = 'camp:rl:login-code:email:';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RushOptions {
  users: number;
  concurrency: number;
  seed: number;
  logLevel: string;
  /** API processes (more than one needs PostgreSQL and goes through the balancer). */
  processes: number;
  /** Through HAProxy even with one process (always with several). */
  balancer: boolean;
  /** The PostgreSQL server to create the run's fresh database on; undefined: PGlite. */
  databaseUrl: string | undefined;
  /** Redis for the rate limits shared by the processes (used whenever the run goes through the balancer). */
  redisUrl: string;
  log: (line: string) => void;
}

export interface Outcome {
  status: number;
  ms: number;
  onWireMs: number;
  /** 'registered', or the refusal's message (several joined by ' | '). */
  message: string;
}

export interface ProcessFigures {
  name: string;
  port: number;
  /** Responses through the balancer during the rush / during the whole run (health checks not counted). */
  rushResponses: number | undefined;
  totalResponses: number | undefined;
  cpuSeconds: number | undefined;
  loggedErrors: number;
}

export interface RushResult {
  database: 'postgres' | 'pglite';
  balanced: boolean;
  rushMs: number;
  perSecond: number;
  latency: LatencySummary;
  onWire: LatencySummary;
  /** [status, how many], most first. */
  statuses: Array<[string, number]>;
  registered: number;
  /** 409 answers whose every message is the text of docs/product.md §8 Registrations for a full option or shift of this camp. */
  refusedAsFull: number;
  oversold: number;
  /** 5xx answers or no answer. */
  serverErrors: number;
  /** Any other answer (a 4xx other than the full refusal, a 409 with another message). */
  unexpected: Outcome[];
  /** Counter columns compared with their rows (PostgreSQL only; 0 on PGlite). */
  countersChecked: number;
  /** Registrations stored through the API's read. */
  stored: number;
  /** Rate-limit counters of this run's sign-ins found in Redis (per-address keys), when Redis was used. */
  redisSignInCounters: number | undefined;
  /** TCP listen-queue overflows of the whole machine during the rush (Linux only). */
  listenOverflows: number | undefined;
  processes: ProcessFigures[];
  problems: string[];
}

/** Why `processes` API processes cannot run on that database (PGlite is one process's), or undefined. */
export function processesProblem(processes: number, databaseUrl: string | undefined): string | undefined {
  if (processes <= 1 || databaseUrl) return undefined;
  return (
    `--processes ${processes} needs PostgreSQL: the embedded PGlite serves one process only. ` +
    'Set DATABASE_URL=postgres://… (a fresh database is created on that server for the run).'
  );
}

/** Whether the rush kept every promise: nothing oversold, no server error, nothing unexpected, no problem. */
export function rushPassed(result: RushResult): boolean {
  return (
    result.oversold === 0 &&
    result.serverErrors === 0 &&
    result.unexpected.length === 0 &&
    result.problems.length === 0
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;

/** Error and fatal entries in a server's log (JSON lines in production, pino-pretty lines in development). */
function loggedErrors(output: string): number {
  return (output.match(/"level":(50|60)|^\[[\d:]+\] (ERROR|FATAL)\b/gm) ?? []).length;
}

function messageText(message: unknown): string {
  if (Array.isArray(message)) return message.join(' | ');
  return typeof message === 'string' ? message : JSON.stringify(message);
}

async function redisReachable(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  let refused: unknown;
  redis.on('error', (error: unknown) => {
    refused ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis is not reachable at ${url} (set REDIS_URL to another; the processes share their rate limits there): ${String(refused ?? error)}`,
      { cause: error },
    );
  }
}

/**
 * TCP listen-queue overflows of the whole machine so far (Linux /proc/net/netstat, TcpExt ListenOverflows);
 * undefined elsewhere. A connection dropped there is retried by the client's kernel after 1 s, then 3 s.
 */
export function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
    const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
    const index = names.indexOf('ListenOverflows');
    return index < 0 || values[index] === undefined ? undefined : Number(values[index]);
  } catch {
    return undefined;
  }
}

/** Rate-limit keys of addresses that contain `tag` (this run's people), via SCAN. */
async function countRedisKeys(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let found = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found += keys.length;
  } while (cursor !== '0');
  return found;
}

/**
 * Runs the rush: a fresh database, `processes` API processes (through HAProxy when balanced), the camp seeded
 * and everyone signed in through the front door, every submission at once, then the checks. Clean-ups (servers,
 * balancer, SMTP capture, the database) are pushed onto `cleanups` for the caller to run.
 */
export async function runRush(
  options: RushOptions,
  cleanups: Array<() => Promise<void> | void>,
): Promise<RushResult> {
  const { log } = options;
  const refused = processesProblem(options.processes, options.databaseUrl);
  if (refused) throw new Error(refused);
  const balanced = options.balancer || options.processes > 1;
  const phase = (label: string, since: number) =>
    log(`  ${label.padEnd(34)} ${seconds(performance.now() - since)}`);
  // This run's people: their addresses are new to Redis, whose counters outlive the run.
  const tag = randomBytes(4).toString('hex');
  const adminEmail = `rush-admin.${tag}@example.org`;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: options.logLevel,
    ADMIN_EMAILS: adminEmail,
    // Every process signs sessions with the same secret, so a session started on one is good on the others.
    APP_SECRET: randomBytes(32).toString('hex'),
    LOGIN_CODE_MAX_PER_EMAIL: '1000',
    // Everyone comes from 127.0.0.1, and Redis keeps the counts of earlier runs for 15 minutes.
    LOGIN_CODE_MAX_PER_IP: String(balanced ? 1_000_000 : options.users * 4 + 100),
  };
  const {
    dataDir,
    databaseUrl,
    label: databaseLabel,
  } = await runDatabase('rush', options.databaseUrl, env, cleanups);
  let redis: Redis | undefined;
  if (balanced) {
    redis = await redisReachable(options.redisUrl);
    const client = redis;
    cleanups.push(() => client.disconnect());
    env.REDIS_URL = options.redisUrl;
    // The balancer is the one proxy in front: the client's address is the one it forwards.
    env.TRUST_PROXY = '127.0.0.1';
  }

  const smtp = await new SmtpCapture().start();
  cleanups.push(() => smtp.stop());
  env.SMTP_URL = smtp.url;

  log(
    `bench:rush — ${options.users} people, ${options.concurrency} connections, seed ${options.seed}, ` +
      `${options.processes} API process${options.processes === 1 ? '' : 'es'}` +
      (balanced ? ' behind HAProxy' : ''),
  );
  log(`  database: ${databaseLabel}`);
  if (balanced) log(`  rate limits: Redis at ${options.redisUrl}`);
  log(`  machine: ${cpus().length} CPUs, Node ${process.version}`);

  let started = performance.now();
  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  // All at once (on PostgreSQL they migrate under an advisory lock); whatever started is stopped afterwards.
  const starts = await Promise.allSettled(
    ports.map(async (port) => {
      const server = await startServer(env, port);
      cleanups.push(() => server.stop());
      return server;
    }),
  );
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) throw failed.reason;
  const servers = starts.map((start) => (start as PromiseFulfilledResult<Server>).value);
  phase(`${options.processes === 1 ? 'server' : `${options.processes} servers`} started (migrated)`, started);

  let base = servers[0]?.base ?? '';
  let balancer: Balancer | undefined;
  if (balanced) {
    started = performance.now();
    const haproxy = await startHaproxy(
      {
        port: await freePort(),
        statsPort: await freePort(),
        backends: ports.map((port, index) => ({ name: `api${index + 1}`, port })),
        maxConnections: options.concurrency + 1000,
        healthPath: '/api/health',
      },
      dataDir,
    );
    balancer = haproxy;
    cleanups.push(() => haproxy.stop());
    base = haproxy.base;
    phase(`HAProxy up, ${ports.length} backend${ports.length === 1 ? '' : 's'} UP`, started);
  }

  const setup = new JsonClient(base, 32);
  cleanups.push(() => setup.close());
  started = performance.now();
  const admin = await signIn(setup, smtp, adminEmail);
  if (admin.role !== 'ADMIN') throw new Error(`the admin signed in as ${admin.role}`);
  const camp = await seedCamp(setup, admin.accessToken, options.users);
  phase('camp seeded through the admin API', started);

  started = performance.now();
  const people = await mapLimit(
    Array.from({ length: options.users }, (_, index) => `rush${index}.${tag}@example.org`),
    16,
    (email) => signIn(setup, smtp, email),
  );
  phase(`${options.users} people signed in by e-mail code`, started);
  const redisSignInCounters = redis
    ? await countRedisKeys(redis, `${REDIS_EMAIL_LIMIT_KEYS}*.${tag}@example.org:*`)
    : undefined;

  started = performance.now();
  await completeProfiles(setup, people, {
    firstName: 'Rush',
    emergencyContact: 'A friend, 555-0199',
    concurrency: 32,
  });
  phase('profiles completed', started);

  // The rush: every submission prepared first, then all sent at once.
  const random = new Prng(options.seed).next;
  const bodies = people.map((_, index) => submissionFor(camp, random, index));
  const rush = new JsonClient(base, options.concurrency, 120_000);
  cleanups.push(() => rush.close());
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const statsBefore = await balancer?.servers();
  const cpuBefore = servers.map((server) => processCpuSeconds(server.child.pid));
  const balancerCpuBefore = processCpuSeconds(balancer?.pid);
  const clientCpuBefore = process.cpuUsage();
  const pgCpuBefore = databaseUrl ? postgresCpuSeconds() : undefined;
  const overflowsBefore = listenOverflows();
  const rushStarted = performance.now();
  const outcomes: Outcome[] = await Promise.all(
    people.map(async (person, index) => {
      try {
        const response: JsonResponse<{ message?: unknown }> = await rush.request(
          'POST',
          '/api/registrations/camp',
          { token: person.accessToken, body: bodies[index] },
        );
        const message = response.status === 201 ? 'registered' : messageText(response.body?.message);
        return { status: response.status, ms: response.ms, onWireMs: response.onWireMs, message };
      } catch (error) {
        const ms = performance.now() - rushStarted;
        return { status: 0, ms, onWireMs: ms, message: String(error) };
      }
    }),
  );
  const rushMs = performance.now() - rushStarted;
  const cpuAfter = servers.map((server) => processCpuSeconds(server.child.pid));
  const balancerCpuAfter = processCpuSeconds(balancer?.pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const pgCpuAfter = databaseUrl ? postgresCpuSeconds() : undefined;
  const overflowsAfter = listenOverflows();
  const statsAfter = await balancer?.servers();
  rush.close();

  const latency = summarize(outcomes.map((outcome) => outcome.ms));
  const onWire = summarize(outcomes.map((outcome) => outcome.onWireMs));
  const perSecond = (outcomes.length / rushMs) * 1000;
  log('');
  log(`Rush: ${outcomes.length} submissions in ${seconds(rushMs)} → ${perSecond.toFixed(0)} submissions/s`);
  log(
    `  latency: p50 ${millis(latency.p50)}, p95 ${millis(latency.p95)}, p99 ${millis(latency.p99)}, max ${millis(latency.max)}, mean ${millis(latency.mean)}`,
  );
  const cpuUsed = servers.map((_, index) => {
    const before = cpuBefore[index];
    const after = cpuAfter[index];
    return before === undefined || after === undefined ? undefined : after - before;
  });
  const share = (used: number) => `${((used / (rushMs / 1000)) * 100).toFixed(0)}% of one core`;
  cpuUsed.forEach((used, index) => {
    if (used === undefined) return;
    const label = servers.length === 1 ? 'server process' : `server process api${index + 1}`;
    log(`  ${label} CPU: ${used.toFixed(2)} s in ${seconds(rushMs)} (${share(used)})`);
  });
  if (balancerCpuBefore !== undefined && balancerCpuAfter !== undefined) {
    const used = balancerCpuAfter - balancerCpuBefore;
    log(`  HAProxy CPU: ${used.toFixed(2)} s (${share(used)})`);
  }
  log(`  load average before: ${loadBefore}`);
  log(
    `  this benchmark's own CPU (the load generator): ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(2)} s`,
  );
  if (pgCpuBefore !== undefined && pgCpuAfter !== undefined) {
    log(
      `  PostgreSQL processes CPU (the whole local server, other databases included): ${(pgCpuAfter - pgCpuBefore).toFixed(2)} s`,
    );
  }
  const overflows =
    overflowsBefore === undefined || overflowsAfter === undefined
      ? undefined
      : overflowsAfter - overflowsBefore;
  if (overflows !== undefined) {
    log(
      `  TCP listen-queue overflows during the rush (whole machine; each delays a connection by a SYN retry of 1 s or more): ${overflows}`,
    );
  }
  if (options.concurrency < options.users) {
    log(
      `  latency once on a connection (without waiting for one of the ${options.concurrency}): p50 ${millis(onWire.p50)}, p95 ${millis(onWire.p95)}, p99 ${millis(onWire.p99)}`,
    );
  }
  const statuses = tally(outcomes.map((outcome) => outcome.status));
  log('  answers by status:');
  for (const [status, n] of statuses) log(`    ${status}: ${n}`);
  // One line per full option or shift (a refusal naming several counts once for each).
  const refusals = tally(
    outcomes.filter((outcome) => outcome.status !== 201).flatMap((outcome) => outcome.message.split(' | ')),
  );
  if (refusals.length > 0) {
    log('  refusals naming each full place (top 12):');
    for (const [message, n] of refusals.slice(0, 12)) log(`    ${String(n).padStart(5)} × ${message}`);
  }

  // Afterwards: nothing oversold, by the API's own counts and by what was answered 201.
  started = performance.now();
  const verify = new JsonClient(base, 4);
  cleanups.push(() => verify.close());
  const optionsRead = await verify.request<
    Array<{ id: string; name: string; maxSignups: number; currentRegistrations: number }>
  >('GET', '/api/camping-options?includeDisabled=true', { token: admin.accessToken });
  const jobsRead = await verify.request<
    Array<{
      id: string;
      name: string;
      maxRegistrations: number;
      currentRegistrations: number;
      shift: { dayOfWeek: DayOfWeek };
    }>
  >('GET', '/api/jobs', { token: admin.accessToken });
  const registrationsRead = await verify.request<
    Array<{
      status: string;
      campingOptions: Array<{ campingOption: { id: string } }>;
      jobs: Array<{ job: { id: string } }>;
    }>
  >('GET', `/api/registrations?year=${BENCH_YEAR}`, { token: admin.accessToken });
  if (optionsRead.status !== 200 || jobsRead.status !== 200 || registrationsRead.status !== 200) {
    throw new Error('the verification reads failed');
  }
  const registered = outcomes.filter((outcome) => outcome.status === 201).length;
  const problems: string[] = [];
  let oversold = 0;
  const rowsPerOption = new Map<string, number>();
  const rowsPerJob = new Map<string, number>();
  for (const registration of registrationsRead.body) {
    for (const link of registration.campingOptions) {
      rowsPerOption.set(link.campingOption.id, (rowsPerOption.get(link.campingOption.id) ?? 0) + 1);
    }
    for (const link of registration.jobs) rowsPerJob.set(link.job.id, (rowsPerJob.get(link.job.id) ?? 0) + 1);
  }
  if (registrationsRead.body.length !== registered) {
    problems.push(`${registered} answered 201 but ${registrationsRead.body.length} registrations are stored`);
  }
  // The refusal (docs/product.md §8 Registrations) for each full place of this camp, and whether that place is full now.
  const fullAtTheEnd = new Map<string, boolean>();
  let optionPlaces = 0;
  let optionTaken = 0;
  for (const option of optionsRead.body) {
    const rows = rowsPerOption.get(option.id) ?? 0;
    optionPlaces += option.maxSignups;
    optionTaken += rows;
    if (rows !== option.currentRegistrations)
      problems.push(`${option.name}: API says ${option.currentRegistrations}, rows ${rows}`);
    const capacity = optionCapacity(option.maxSignups);
    if (isOverCapacity(capacity, rows)) oversold += rows - option.maxSignups;
    fullAtTheEnd.set(REGISTRATION_MESSAGES.optionFull(option.name), isFull(capacity, rows));
  }
  let jobPlaces = 0;
  let jobTaken = 0;
  for (const job of jobsRead.body) {
    const rows = rowsPerJob.get(job.id) ?? 0;
    jobPlaces += job.maxRegistrations;
    jobTaken += rows;
    if (rows !== job.currentRegistrations)
      problems.push(`${job.name}: API says ${job.currentRegistrations}, rows ${rows}`);
    const capacity = jobCapacity(job.maxRegistrations);
    if (isOverCapacity(capacity, rows)) oversold += rows - job.maxRegistrations;
    fullAtTheEnd.set(REGISTRATION_MESSAGES.jobFull(job.name, job.shift.dayOfWeek), isFull(capacity, rows));
  }
  // A refusal names only places that are full (none is freed during the rush, so they are full at the end).
  const unexpected: Outcome[] = [];
  let refusedAsFull = 0;
  const refusedWithRoom = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.status === 201 || outcome.status === 0 || outcome.status >= 500) continue;
    const named = outcome.message.split(' | ');
    if (outcome.status !== 409 || !named.every((message) => fullAtTheEnd.has(message))) {
      unexpected.push(outcome);
      continue;
    }
    refusedAsFull += 1;
    for (const message of named.filter((text) => fullAtTheEnd.get(text) === false)) {
      refusedWithRoom.set(message, (refusedWithRoom.get(message) ?? 0) + 1);
    }
  }
  for (const [message, n] of refusedWithRoom) {
    problems.push(`${n} refused with ${JSON.stringify(message)}, which still has room`);
  }
  let countersChecked = 0;
  if (databaseUrl) {
    // The counter columns the capacity check uses must equal the rows too.
    const database = fromPostgresUrl(databaseUrl, 1);
    try {
      const counters = await countersMatchRows(database.db, BENCH_YEAR);
      countersChecked = counters.checked;
      problems.push(...counters.mismatches.map(describeMismatch));
      const [orphans] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from registrations r
          where not exists (select 1 from registration_camping_options l where l.registration_id = r.id)`),
      );
      if ((orphans?.n ?? 0) > 0) problems.push(`${orphans?.n} registrations without a camping option`);
    } finally {
      await database.close();
    }
  }
  const serverErrors = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0).length;
  const statsEnd = await balancer?.servers();
  phase('verified through the API' + (databaseUrl ? ' and the database' : ''), started);

  const byName = (stats: ServerStats[] | undefined, name: string) =>
    stats?.find((entry) => entry.name === name);
  const processes: ProcessFigures[] = servers.map((server, index) => {
    const name = `api${index + 1}`;
    const before = byName(statsBefore, name);
    const after = byName(statsAfter, name);
    return {
      name,
      port: ports[index] ?? 0,
      rushResponses: before && after ? after.responses - before.responses : undefined,
      totalResponses: byName(statsEnd, name)?.responses,
      cpuSeconds: cpuUsed[index],
      loggedErrors: loggedErrors(server.output()),
    };
  });

  log('');
  log(`Places: options ${optionTaken}/${optionPlaces} taken, jobs ${jobTaken}/${jobPlaces} taken`);
  log(`Oversold places: ${oversold}`);
  log(`Server errors (5xx or no answer): ${serverErrors}`);
  if (databaseUrl) log(`Counters checked against their rows: ${countersChecked}`);
  if (redisSignInCounters !== undefined)
    log(`Per-address sign-in limits of this run held in Redis: ${redisSignInCounters}`);
  if (balancer) {
    log('Requests per API process (HAProxy statistics: during the rush / whole run):');
    for (const figures of processes)
      log(
        `  ${figures.name} (127.0.0.1:${figures.port}): ${figures.rushResponses ?? '?'} / ${figures.totalResponses ?? '?'}`,
      );
  }
  if (unexpected.length > 0)
    log(
      `Unexpected answers: ${unexpected.length} (first: ${unexpected[0]?.status} ${unexpected[0]?.message})`,
    );
  for (const problem of problems) log(`Problem: ${problem}`);
  servers.forEach((server, index) => {
    const errors = processes[index]?.loggedErrors ?? 0;
    if (errors > 0)
      log(
        `Server api${index + 1} logged ${errors} errors; last lines:\n${server.output().split('\n').slice(-20).join('\n')}`,
      );
  });
  return {
    database: databaseUrl ? 'postgres' : 'pglite',
    balanced,
    rushMs,
    perSecond,
    latency,
    onWire,
    statuses,
    registered,
    refusedAsFull,
    oversold,
    serverErrors,
    unexpected,
    countersChecked,
    stored: registrationsRead.body.length,
    redisSignInCounters,
    listenOverflows: overflows,
    processes,
    problems,
  };
}
