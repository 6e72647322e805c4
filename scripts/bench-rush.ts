/**
 * npm run bench:rush [-- --users 1000] [-- --concurrency 1000] [-- --seed 1]
 *
 * The registration rush: N people press "Review & Pay" at the same moment. Starts the real server as a child
 * process on a free loopback port with its own fresh database (PGlite in a temporary DATA_DIR, or, when
 * DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped afterwards), runs an SMTP
 * capture so everyone signs in the real way (code by e-mail), seeds a camp through the admin API, completes
 * every profile, then fires every submission at once over keep-alive HTTP. Prints submissions per second,
 * latency percentiles, answers by status and message, and checks afterwards through the API (and the database
 * on PostgreSQL) that no place was oversold. Exits 1 if anything was oversold or any answer was a 5xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SmtpCapture } from '../apps/api/test/smtp';
import { BENCH_YEAR, seedCamp, submissionFor } from './bench/camp';
import { JsonClient, type JsonResponse, mapLimit } from './bench/http';
import {
  freePort,
  freshPostgres,
  postgresCpuSeconds,
  processCpuSeconds,
  signIn,
  startServer,
  withCleanups,
} from './bench/server';
import { prng, summarize, tally } from './bench/stats';
import { commandLine, readOptions, wholeOption } from './bench/cli';

const ADMIN_EMAIL = 'rush-admin@example.org';
const OVERALL_TIMEOUT_MS = 15 * 60_000;

const USAGE = `Usage: npm run bench:rush [-- --users N] [-- --concurrency C] [-- --seed S] [-- --log-level L]

  --users N         people who submit at the same moment (default 1000)
  --concurrency C   connections the rush may use at once (default: one per person, i.e. all at once)
  --seed S          seed of the choices people make (default 1)
  --log-level L     the server's LOG_LEVEL (default warn; info logs every request)

DATABASE_URL=postgres://user@host:5432/db runs on that PostgreSQL server, in a fresh database created for the
run and dropped after it; without it the server uses PGlite in a temporary directory.`;

interface Options {
  users: number;
  concurrency: number;
  seed: number;
  logLevel: string;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    users: { type: 'string' },
    concurrency: { type: 'string' },
    seed: { type: 'string' },
    'log-level': { type: 'string' },
  });
  if (!values) return undefined;
  const users = wholeOption('users', values.users, 1000, 1, 20_000);
  return {
    users,
    concurrency: wholeOption('concurrency', values.concurrency, users, 1, 20_000),
    seed: wholeOption('seed', values.seed, 1, 1, 2 ** 31),
    logLevel: values['log-level'] ?? 'warn',
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;

interface Outcome {
  status: number;
  ms: number;
  onWireMs: number;
  message: string;
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  return withCleanups('bench:rush', OVERALL_TIMEOUT_MS, (cleanups) => run(options, cleanups));
}

async function run(options: Options, cleanups: Array<() => Promise<void> | void>): Promise<number> {
  const phase = (label: string, since: number) =>
    console.log(`  ${label.padEnd(34)} ${seconds(performance.now() - since)}`);
  const givenUrl = process.env.DATABASE_URL?.trim();
  let databaseLabel: string;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: options.logLevel,
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOGIN_CODE_MAX_PER_EMAIL: '1000',
    LOGIN_CODE_MAX_PER_IP: String(options.users * 4 + 100),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-rush-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;
  let databaseUrl: string | undefined;
  if (givenUrl) {
    const fresh = await freshPostgres(givenUrl, 'camp_rush');
    cleanups.push(fresh.drop);
    databaseUrl = fresh.url;
    databaseLabel = fresh.label;
    env.DATABASE_URL = fresh.url;
  } else {
    databaseLabel = `PGlite (embedded) in ${dataDir}`;
  }

  const smtp = await new SmtpCapture().start();
  cleanups.push(() => smtp.stop());
  env.SMTP_URL = smtp.url;

  console.log(
    `bench:rush — ${options.users} people, ${options.concurrency} connections, seed ${options.seed}`,
  );
  console.log(`  database: ${databaseLabel}`);
  console.log(`  machine: ${cpus().length} CPUs, Node ${process.version}`);

  let started = performance.now();
  const port = await freePort();
  const server = await startServer(env, port);
  cleanups.push(() => server.stop());
  phase('server started (migrated)', started);

  const setup = new JsonClient(server.base, 32);
  cleanups.push(() => setup.close());
  started = performance.now();
  const admin = await signIn(setup, smtp, ADMIN_EMAIL);
  if (admin.role !== 'ADMIN') throw new Error(`the admin signed in as ${admin.role}`);
  const camp = await seedCamp(setup, admin.accessToken, options.users);
  phase('camp seeded through the admin API', started);

  started = performance.now();
  const people = await mapLimit(
    Array.from({ length: options.users }, (_, index) => `rush${index}@example.org`),
    16,
    (email) => signIn(setup, smtp, email),
  );
  phase(`${options.users} people signed in by e-mail code`, started);

  started = performance.now();
  await mapLimit(people, 32, async (person, index) => {
    const response = await setup.request('PUT', `/api/users/${person.userId}`, {
      token: person.accessToken,
      body: {
        firstName: 'Rush',
        lastName: `Person ${index}`,
        phone: '555-0100',
        emergencyContact: 'A friend, 555-0199',
      },
    });
    if (response.status !== 200) throw new Error(`profile of ${person.userId}: ${response.status}`);
  });
  phase('profiles completed', started);

  // The rush: every submission prepared first, then all sent at once.
  const random = prng(options.seed);
  const bodies = people.map((_, index) => submissionFor(camp, random, index));
  const rush = new JsonClient(server.base, options.concurrency, 120_000);
  cleanups.push(() => rush.close());
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const cpuBefore = processCpuSeconds(server.child.pid);
  const clientCpuBefore = process.cpuUsage();
  const pgCpuBefore = databaseUrl ? postgresCpuSeconds() : undefined;
  const rushStarted = performance.now();
  const outcomes: Outcome[] = await Promise.all(
    people.map(async (person, index) => {
      try {
        const response: JsonResponse<{ message?: unknown }> = await rush.request(
          'POST',
          '/api/registrations/camp',
          {
            token: person.accessToken,
            body: bodies[index],
          },
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
  const cpuAfter = processCpuSeconds(server.child.pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const pgCpuAfter = databaseUrl ? postgresCpuSeconds() : undefined;
  rush.close();

  const latency = summarize(outcomes.map((outcome) => outcome.ms));
  const perSecond = (outcomes.length / rushMs) * 1000;
  console.log('');
  console.log(
    `Rush: ${outcomes.length} submissions in ${seconds(rushMs)} → ${perSecond.toFixed(0)} submissions/s`,
  );
  console.log(
    `  latency: p50 ${millis(latency.p50)}, p95 ${millis(latency.p95)}, p99 ${millis(latency.p99)}, max ${millis(latency.max)}, mean ${millis(latency.mean)}`,
  );
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    const used = cpuAfter - cpuBefore;
    console.log(
      `  server process CPU: ${used.toFixed(2)} s in ${seconds(rushMs)} (${((used / (rushMs / 1000)) * 100).toFixed(0)}% of one core); load average before: ${loadBefore}`,
    );
  }
  console.log(
    `  this benchmark's own CPU (the load generator): ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(2)} s`,
  );
  if (pgCpuBefore !== undefined && pgCpuAfter !== undefined) {
    console.log(
      `  PostgreSQL processes CPU (the whole local server, other databases included): ${(pgCpuAfter - pgCpuBefore).toFixed(2)} s`,
    );
  }
  if (options.concurrency < options.users) {
    const onWire = summarize(outcomes.map((outcome) => outcome.onWireMs));
    console.log(
      `  latency once on a connection (without waiting for one of the ${options.concurrency}): p50 ${millis(onWire.p50)}, p95 ${millis(onWire.p95)}, p99 ${millis(onWire.p99)}`,
    );
  }
  console.log('  answers by status:');
  for (const [status, n] of tally(outcomes.map((outcome) => outcome.status)))
    console.log(`    ${status}: ${n}`);
  // One line per full option or shift (a refusal naming several counts once for each).
  const refusals = tally(
    outcomes.filter((outcome) => outcome.status !== 201).flatMap((outcome) => outcome.message.split(' | ')),
  );
  if (refusals.length > 0) {
    console.log('  refusals naming each full place (top 12):');
    for (const [message, n] of refusals.slice(0, 12))
      console.log(`    ${String(n).padStart(5)} × ${message}`);
  }

  // Afterwards: nothing oversold, by the API's own counts and by what was answered 201.
  started = performance.now();
  const verify = new JsonClient(server.base, 4);
  cleanups.push(() => verify.close());
  const optionsRead = await verify.request<
    Array<{ id: string; name: string; maxSignups: number; currentRegistrations: number }>
  >('GET', '/api/camping-options?includeDisabled=true', { token: admin.accessToken });
  const jobsRead = await verify.request<
    Array<{ id: string; name: string; maxRegistrations: number; currentRegistrations: number }>
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
  let optionPlaces = 0;
  let optionTaken = 0;
  for (const option of optionsRead.body) {
    const rows = rowsPerOption.get(option.id) ?? 0;
    optionPlaces += option.maxSignups;
    optionTaken += rows;
    if (rows !== option.currentRegistrations)
      problems.push(`${option.name}: API says ${option.currentRegistrations}, rows ${rows}`);
    if (option.maxSignups > 0 && rows > option.maxSignups) oversold += rows - option.maxSignups;
  }
  let jobPlaces = 0;
  let jobTaken = 0;
  for (const job of jobsRead.body) {
    const rows = rowsPerJob.get(job.id) ?? 0;
    jobPlaces += job.maxRegistrations;
    jobTaken += rows;
    if (rows !== job.currentRegistrations)
      problems.push(`${job.name}: API says ${job.currentRegistrations}, rows ${rows}`);
    if (rows > job.maxRegistrations) oversold += rows - job.maxRegistrations;
  }
  if (databaseUrl) {
    // The counter columns the capacity check uses must equal the rows too.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const drift = await client.query<{ name: string; counter: number; taken: number }>(
        `select o.name, o.current_registrations as counter,
                (select count(*)::int from registration_camping_options l join registrations r on r.id = l.registration_id
                  where l.camping_option_id = o.id and r.year = $1 and r.status <> 'CANCELLED') as taken
           from camping_options o
         union all
         select j.name, j.current_registrations,
                (select count(*)::int from registration_jobs l join registrations r on r.id = l.registration_id
                  where l.job_id = j.id and r.year = $1 and r.status <> 'CANCELLED')
           from jobs j`,
        [BENCH_YEAR],
      );
      for (const row of drift.rows.filter((entry) => entry.counter !== entry.taken)) {
        problems.push(`${row.name}: counter ${row.counter}, rows ${row.taken}`);
      }
      const orphans = await client.query<{ n: number }>(
        `select count(*)::int as n from registrations r
          where not exists (select 1 from registration_camping_options l where l.registration_id = r.id)`,
      );
      if ((orphans.rows[0]?.n ?? 0) > 0)
        problems.push(`${orphans.rows[0]?.n} registrations without a camping option`);
    } finally {
      await client.end();
    }
  }
  const serverErrors = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0).length;
  const unexpected = outcomes.filter(
    (outcome) => ![201, 409].includes(outcome.status) && outcome.status < 500 && outcome.status !== 0,
  );
  phase('verified through the API' + (databaseUrl ? ' and the database' : ''), started);
  console.log('');
  console.log(`Places: options ${optionTaken}/${optionPlaces} taken, jobs ${jobTaken}/${jobPlaces} taken`);
  console.log(`Oversold places: ${oversold}`);
  console.log(`Server errors (5xx or no answer): ${serverErrors}`);
  if (unexpected.length > 0)
    console.log(
      `Unexpected answers: ${unexpected.length} (first: ${unexpected[0]?.status} ${unexpected[0]?.message})`,
    );
  for (const problem of problems) console.log(`Problem: ${problem}`);
  const serverLog = server.output();
  const loggedErrors = (serverLog.match(/"level":(50|60)/g) ?? []).length;
  if (loggedErrors > 0)
    console.log(
      `The server logged ${loggedErrors} errors; last lines:\n${serverLog.split('\n').slice(-20).join('\n')}`,
    );
  console.log(
    `RESULT ${JSON.stringify({
      database: givenUrl ? 'postgres' : 'pglite',
      users: options.users,
      concurrency: options.concurrency,
      seconds: Number((rushMs / 1000).toFixed(3)),
      perSecond: Number(perSecond.toFixed(1)),
      p50: Math.round(latency.p50),
      p95: Math.round(latency.p95),
      p99: Math.round(latency.p99),
      max: Math.round(latency.max),
      onWire: (() => {
        const onWire = summarize(outcomes.map((outcome) => outcome.onWireMs));
        return { p50: Math.round(onWire.p50), p95: Math.round(onWire.p95), p99: Math.round(onWire.p99) };
      })(),
      statuses: Object.fromEntries(tally(outcomes.map((outcome) => outcome.status))),
      oversold,
      serverErrors,
    })}`,
  );
  return oversold > 0 || serverErrors > 0 || problems.length > 0 || unexpected.length > 0 ? 1 : 0;
}

function messageText(message: unknown): string {
  if (Array.isArray(message)) return message.join(' | ');
  return typeof message === 'string' ? message : JSON.stringify(message);
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error('bench:rush failed:', error);
    process.exit(1);
  });
