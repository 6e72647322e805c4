/**
 * DATABASE_URL=postgres://user@host:5432/db npm run bench:reports [-- --registrations 5000] [-- --runs 30]
 *
 * The report endpoints (decision 019) on a camp of N registrations: writes the camp straight into a
 * fresh database (migrated first; multi-row INSERTs, seconds for 5,000), starts the real server as a child
 * process on a free loopback port, signs an admin and a staff member in the real way (code by e-mail, read
 * from an SMTP capture), then asks each report W times to warm up and M times timed, one request at a time.
 * Prints p50/p95/max latency and the answer's size per endpoint, PASS/MISS against the goal (p95 ≤ 300 ms),
 * and a Markdown block for docs/benchmarks.md. Every answer must be 200 with the expected rows: exit 1 if not.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import type { PaymentList, RegistrationReport, UserReport, WorkScheduleShift } from '@camp/shared';
import { fromPglite, fromPostgresUrl } from '../apps/api/src/db/client';
import { SmtpCapture } from '../apps/api/test/smtp';
import { type BrowserResult, type BrowserStep, percentiles, runBrowserBench } from './bench/browser-reports';
import { JsonClient } from './bench/http';
import {
  counterDrift,
  planReportCamp,
  type ReportCampPlan,
  type SqlRunner,
  writeReportCamp,
} from './bench/report-camp';
import {
  freePort,
  freshPostgres,
  processCpuSeconds,
  ROOT,
  signIn,
  startServer,
  withCleanups,
} from './bench/server';
import { summarize } from './bench/stats';
import { commandLine, readOptions, wholeOption } from './bench/cli';
import { runMain } from './run-main';

const ADMIN_EMAIL = 'reports-admin@example.org';
const STAFF_EMAIL = 'reports-staff@example.org';
const OVERALL_TIMEOUT_MS = 20 * 60_000;
/** The goal for each report request on a camp of 5,000. */
const GOAL_P95_MS = 300;
const PAYMENTS_TAKE = 10_000;
/** The goal for the browser: a CSV file of 5,000 rows in under a second. */
const GOAL_CSV_MS = 1000;
/** docs/product.md §9: registration tables show 25 rows to a page. */
const REGISTRATION_PAGE_SIZE = 25;

const USAGE = `Usage: DATABASE_URL=postgres://user@host:5432/db npm run bench:reports [-- options]

  --registrations N  registrations in the camp, over two years (default 5000)
  --runs M           timed requests per endpoint, one at a time (default 30)
  --warmup W         untimed requests per endpoint first (default 5)
  --seed S           seed of the camp's data (default 1)
  --browser-runs B   timed runs of each report in Chromium, after one warm-up (default 5; 0: no browser)
  --pglite           run on embedded PGlite in a temporary directory instead of PostgreSQL
  --log-level L      the server's LOG_LEVEL (default warn)

DATABASE_URL names the PostgreSQL server: the run uses a fresh database created on it and dropped after.`;

interface Options {
  registrations: number;
  runs: number;
  warmup: number;
  seed: number;
  browserRuns: number;
  pglite: boolean;
  logLevel: string;
}

function parseOptions(): Options | undefined {
  const values = commandLine(USAGE, {
    registrations: { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    'browser-runs': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    'log-level': { type: 'string' },
  });
  if (!values) return undefined;
  return {
    registrations: wholeOption('registrations', values.registrations, 5000, 10, 200_000),
    runs: wholeOption('runs', values.runs, 30, 1, 10_000),
    warmup: wholeOption('warmup', values.warmup, 5, 0, 1000),
    seed: wholeOption('seed', values.seed, 1, 1, 2 ** 31),
    browserRuns: wholeOption('browser-runs', values['browser-runs'], 5, 0, 1000),
    pglite: values.pglite,
    logLevel: values['log-level'] ?? 'warn',
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/** One endpoint measured: who asks, what, and what its answer must hold. */
interface Endpoint {
  label: string;
  who: 'admin' | 'staff';
  path: string;
  /** Answers what is wrong with the body (undefined when it is right) and its row count. */
  check: (body: unknown) => { rows: number; problem: string | undefined };
}

function endpoints(plan: ReportCampPlan): Endpoint[] {
  const year = plan.year;
  const expected = plan.expected;
  const mismatch = (what: string, got: number, want: number) =>
    got === want ? undefined : `${what}: ${got}, expected ${want}`;
  /** The check of a list: `want` rows (picked from the body), then whatever `more` finds wrong. */
  const listCheck =
    <T>(pick: (body: T) => readonly unknown[], want: number, more?: (body: T) => string | undefined) =>
    (body: unknown) => {
      const rows = pick(body as T).length;
      return { rows, problem: mismatch('rows', rows, want) ?? more?.(body as T) };
    };
  return [
    {
      label: 'registrations report, one year',
      who: 'staff',
      path: `/api/reports/registrations?year=${year}`,
      check: listCheck<RegistrationReport>(
        (report) => report.registrations,
        expected.registrationsOfYear,
        (report) => {
          const wrongStatus = Object.entries(expected.byStatusOfYear).find(
            ([status, n]) => report.counts[status.toLowerCase() as keyof RegistrationReport['counts']] !== n,
          );
          return wrongStatus
            ? `counts.${wrongStatus[0].toLowerCase()} is not ${wrongStatus[1]}`
            : mismatch('years', report.years.length, 2);
        },
      ),
    },
    {
      label: 'registrations report, all years',
      who: 'staff',
      path: '/api/reports/registrations',
      check: listCheck<RegistrationReport>((report) => report.registrations, expected.registrationsAllYears),
    },
    {
      label: 'users report, one year',
      who: 'staff',
      path: `/api/reports/users?year=${year}`,
      check: listCheck<UserReport>(
        (report) => report.users,
        expected.users,
        (report) => mismatch('counts.active', report.counts.active, expected.activeUsersOfYear),
      ),
    },
    {
      label: `payments (admin, take=${PAYMENTS_TAKE})`,
      who: 'admin',
      path: `/api/payments?take=${PAYMENTS_TAKE}`,
      check: listCheck<PaymentList>((list) => list.payments, Math.min(expected.payments, PAYMENTS_TAKE)),
    },
    {
      label: 'work schedule, one year',
      who: 'staff',
      path: `/api/shifts/with-jobs-and-registrations?year=${year}`,
      check: (body) => {
        const schedule = body as WorkScheduleShift[];
        const jobs = schedule.flatMap((shift) => shift.jobs);
        const people = jobs.reduce((total, job) => total + job.registrations.length, 0);
        return {
          rows: people,
          problem:
            mismatch('shifts', schedule.length, expected.shifts) ??
            mismatch('jobs', jobs.length, expected.jobs) ??
            mismatch('people on jobs', people, expected.scheduleEntries),
        };
      },
    },
  ];
}

interface Measured {
  endpoint: Endpoint;
  rows: number;
  bytes: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
  failures: string[];
  /** CPU seconds per timed request: the server process, and its PostgreSQL backends (on PostgreSQL). */
  serverCpu: number | undefined;
  databaseCpu: number | undefined;
}

async function main(): Promise<number> {
  const options = readOptions(USAGE, parseOptions);
  if (typeof options === 'number') return options;
  if (!options.pglite && !process.env.DATABASE_URL?.trim()) {
    console.error(
      `bench:reports runs on PostgreSQL: set DATABASE_URL (or pass --pglite for embedded PGlite).\n\n${USAGE}`,
    );
    return 2;
  }
  return withCleanups('bench:reports', OVERALL_TIMEOUT_MS, (cleanups) => run(options, cleanups));
}

async function run(options: Options, cleanups: Array<() => Promise<void> | void>): Promise<number> {
  const phase = (label: string, since: number) =>
    console.log(`  ${label.padEnd(40)} ${seconds(performance.now() - since)}`);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: options.logLevel,
    ADMIN_EMAILS: ADMIN_EMAIL,
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camp-reports-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;

  const plan = planReportCamp({
    registrations: options.registrations,
    seed: options.seed,
    adminEmail: ADMIN_EMAIL,
    staffEmail: STAFF_EMAIL,
  });
  const onPostgres = !options.pglite;
  console.log(
    `bench:reports — ${options.registrations} registrations (${plan.expected.registrationsOfYear} in ${plan.year}), ` +
      `${options.warmup} warm-up + ${options.runs} timed requests per endpoint, seed ${options.seed}`,
  );
  console.log(`  machine: ${cpus().length} CPUs, Node ${process.version}`);

  // The camp is written before the server starts, into a database migrated the way the server does it.
  let started = performance.now();
  let databaseLabel: string;
  let written: Record<string, number>;
  let drift: string[];
  let databaseVersion: string;
  if (onPostgres) {
    const fresh = await freshPostgres(process.env.DATABASE_URL?.trim() ?? '', 'camp_reports');
    cleanups.push(fresh.drop);
    databaseLabel = fresh.label;
    env.DATABASE_URL = fresh.url;
    const handle = fromPostgresUrl(fresh.url, 2);
    try {
      await handle.migrate();
      written = await writeReportCamp(handle.db, plan);
    } finally {
      await handle.close();
    }
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      drift = await counterDrift(client as SqlRunner, plan.year);
      const version = await client.query<{ server_version: string }>('show server_version');
      databaseVersion = `PostgreSQL ${version.rows[0]?.server_version ?? '?'}`;
    } finally {
      await client.end();
    }
  } else {
    databaseLabel = `PGlite (embedded) in ${dataDir}`;
    databaseVersion = 'PGlite';
    const directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    const client = await PGlite.create(directory);
    const handle = fromPglite(client);
    try {
      await handle.migrate();
      written = await writeReportCamp(handle.db, plan);
      drift = await counterDrift(client as SqlRunner, plan.year);
    } finally {
      await handle.close();
    }
  }
  console.log(`  database: ${databaseLabel}`);
  phase('database migrated and camp written', started);
  console.log(
    `  rows: ${Object.entries(written)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}`,
  );
  if (drift.length > 0) {
    console.error(`The place counters do not equal the rows:\n  ${drift.join('\n  ')}`);
    return 1;
  }

  if (options.browserRuns > 0) {
    // The server serves apps/web/dist: build it when it is missing or older than its sources.
    started = performance.now();
    const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error(`building the web app failed (exit ${built.status})`);
    phase('web app built (if it was stale)', started);
  }

  const smtp = await new SmtpCapture().start();
  cleanups.push(() => smtp.stop());
  env.SMTP_URL = smtp.url;
  started = performance.now();
  const server = await startServer(env, await freePort());
  cleanups.push(() => server.stop());
  phase('server started', started);

  const client = new JsonClient(server.base, 1, 120_000);
  cleanups.push(() => client.close());
  const signedIn = async (email: string) => {
    try {
      return await signIn(client, smtp, email);
    } catch (error) {
      const log = server.output().split('\n').slice(-20).join('\n');
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; the server's last lines:\n${log}`,
        { cause: error },
      );
    }
  };
  const admin = await signedIn(ADMIN_EMAIL);
  const staff = await signedIn(STAFF_EMAIL);
  if (admin.role !== 'ADMIN') throw new Error(`the admin signed in as ${admin.role}`);
  if (staff.role !== 'STAFF') throw new Error(`the staff member signed in as ${staff.role}`);
  const tokens = { admin: admin.accessToken, staff: staff.accessToken };
  // The CPU of the server's own PostgreSQL backends (not the rest of a shared server): their pids, read from
  // pg_stat_activity of the fresh database around each timed series.
  let backendCpu: (() => Promise<Map<number, number>>) | undefined;
  if (onPostgres && env.DATABASE_URL) {
    const watcher = new pg.Client({ connectionString: env.DATABASE_URL });
    await watcher.connect();
    cleanups.push(() => watcher.end());
    backendCpu = async () => {
      const result = await watcher.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return new Map(result.rows.map((row) => [row.pid, processCpuSeconds(row.pid) ?? 0]));
    };
  }
  console.log(`  signed in ${ADMIN_EMAIL} (ADMIN) and ${STAFF_EMAIL} (STAFF) by e-mail code`);
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

  const results: Measured[] = [];
  for (const endpoint of endpoints(plan)) {
    const failures: string[] = [];
    let rows = 0;
    let bytes = 0;
    const ask = async () => {
      try {
        const response = await client.request('GET', endpoint.path, { token: tokens[endpoint.who] });
        if (response.status !== 200) {
          failures.push(`${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
          return response.ms;
        }
        const checked = endpoint.check(response.body);
        rows = checked.rows;
        // The server writes compact JSON, so this is the size of the body on the wire (no compression asked).
        bytes = Buffer.byteLength(JSON.stringify(response.body));
        if (checked.problem) failures.push(checked.problem);
        return response.ms;
      } catch (error) {
        failures.push(String(error));
        return Number.NaN;
      }
    };
    for (let index = 0; index < options.warmup; index += 1) await ask();
    const serverBefore = processCpuSeconds(server.child.pid);
    const databaseBefore = await backendCpu?.();
    const samples: number[] = [];
    for (let index = 0; index < options.runs; index += 1) samples.push(await ask());
    const serverAfter = processCpuSeconds(server.child.pid);
    const databaseAfter = await backendCpu?.();
    const latency = summarize(samples.filter((ms) => Number.isFinite(ms)));
    const perRequest = (before: number | undefined, after: number | undefined) =>
      before === undefined || after === undefined ? undefined : (after - before) / options.runs;
    const measured: Measured = {
      endpoint,
      rows,
      bytes,
      p50: latency.p50,
      p95: latency.p95,
      max: latency.max,
      mean: latency.mean,
      failures,
      serverCpu: perRequest(serverBefore, serverAfter),
      databaseCpu:
        databaseBefore && databaseAfter
          ? [...databaseAfter].reduce(
              (total, [pid, cpu]) => total + cpu - (databaseBefore.get(pid) ?? 0),
              0,
            ) / options.runs
          : undefined,
    };
    results.push(measured);
    console.log(
      `  ${endpoint.label.padEnd(36)} p50 ${millis(latency.p50)}, p95 ${millis(latency.p95)}` +
        (failures.length > 0 ? `, ${failures.length} FAILED (${failures[0]})` : ''),
    );
  }

  const verdict = (result: Measured) =>
    result.failures.length > 0 ? 'FAIL' : result.p95 <= GOAL_P95_MS ? 'PASS' : 'MISS';
  const cpu = (value: number | undefined) => (value === undefined ? '—' : millis(value * 1000));
  const header = [
    'endpoint',
    'as',
    'rows',
    'size',
    'p50',
    'p95',
    'max',
    'server CPU/req',
    ...(onPostgres ? ['PG CPU/req'] : []),
    `p95 ≤ ${GOAL_P95_MS} ms`,
  ];
  const lines = results.map((result) => [
    `\`GET ${result.endpoint.path}\``,
    result.endpoint.who,
    String(result.rows),
    size(result.bytes),
    millis(result.p50),
    millis(result.p95),
    millis(result.max),
    cpu(result.serverCpu),
    ...(onPostgres ? [cpu(result.databaseCpu)] : []),
    verdict(result),
  ]);

  console.log('');
  console.log(
    `Results (${options.runs} timed requests each, one at a time, after ${options.warmup} warm-up; load average before: ${loadBefore}):`,
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] as string).length)),
  );
  const row = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] as number)).join('  ');
  console.log(`  ${row(header)}`);
  for (const line of lines) console.log(`  ${row(line)}`);

  const today = new Date().toISOString().slice(0, 10);
  const markdownRow = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ')} |`;
  console.log('');
  console.log('Markdown for docs/benchmarks.md:');
  console.log('');
  console.log(
    `${today}, ${cpus().length} vCPUs, Node ${process.version}, ${databaseVersion}; ${options.registrations} ` +
      `registrations (${plan.expected.registrationsOfYear} in ${plan.year}), ${plan.expected.users} users, ` +
      `${plan.expected.payments} payments, seed ${options.seed}; ${options.runs} timed requests per endpoint ` +
      `after ${options.warmup} warm-up; load average before: ${loadBefore.split(' ')[0]}.`,
  );
  console.log('');
  console.log(markdownRow(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) console.log(markdownRow(line));
  console.log('');

  let browser: BrowserResult[] = [];
  if (options.browserRuns > 0) {
    // The schedule's CSV has a row per person on a job, and one per job nobody took or shift without jobs.
    const schedule = await client.request<WorkScheduleShift[]>(
      'GET',
      `/api/shifts/with-jobs-and-registrations?year=${plan.year}`,
      { token: tokens.staff },
    );
    const scheduleRows = schedule.body.reduce(
      (total, shift) =>
        total +
        (shift.jobs.length === 0
          ? 1
          : shift.jobs.reduce((sum, job) => sum + Math.max(1, job.registrations.length), 0)),
      0,
    );
    started = performance.now();
    console.log('');
    console.log(
      `Browser: Chromium, ${options.browserRuns} timed runs of each report after 1 warm-up, as ${ADMIN_EMAIL}`,
    );
    const loadBeforeBrowser = loadavg()[0]?.toFixed(2) ?? '?';
    browser = await runBrowserBench({
      base: server.base,
      smtp,
      adminEmail: ADMIN_EMAIL,
      steps: browserSteps(plan, scheduleRows),
      runs: options.browserRuns,
      warmup: 1,
      screenshotDir: path.join(ROOT, 'test-results', 'bench-reports'),
      onProgress: (line) => console.log(`  ${line}`),
    });
    phase('browser runs', started);
    printBrowserResults(browser, loadBeforeBrowser);
  }

  const failed = results.filter((result) => result.failures.length > 0);
  for (const result of failed) {
    console.log(`FAILED ${result.endpoint.path}: ${result.failures.length} × ${result.failures[0]}`);
  }
  const serverLog = server.output();
  const loggedErrors = (serverLog.match(/"level":(50|60)/g) ?? []).length;
  if (loggedErrors > 0) {
    console.log(
      `The server logged ${loggedErrors} errors; last lines:\n${serverLog.split('\n').slice(-20).join('\n')}`,
    );
  }
  console.log(
    `RESULT ${JSON.stringify({
      database: onPostgres ? 'postgres' : 'pglite',
      registrations: options.registrations,
      runs: options.runs,
      endpoints: results.map((result) => ({
        path: result.endpoint.path,
        rows: result.rows,
        bytes: result.bytes,
        p50: Math.round(result.p50),
        p95: Math.round(result.p95),
        max: Math.round(result.max),
        verdict: verdict(result),
      })),
    })}`,
  );
  const browserFailed = browser.filter((result) => result.failures.length > 0);
  for (const result of browserFailed) {
    console.log(
      `FAILED in the browser, ${result.step.label}: ${result.failures.length} × ${result.failures[0]}`,
    );
  }
  return failed.length > 0 || browserFailed.length > 0 ? 1 : 0;
}

/** The reports as the browser opens them, and what each must show and export. */
function browserSteps(plan: ReportCampPlan, scheduleRows: number): BrowserStep[] {
  const expected = plan.expected;
  const tableRows = (rows: number) => ({ selector: 'table tbody tr', elements: rows });
  // An unpaginated report draws only the rows in view (windowing): the table counts every row (and the header
  // row) in aria-rowcount, and its first row is drawn.
  const windowedRows = (rows: number) => ({
    selector: `table[aria-rowcount="${rows + 1}"] tbody tr[aria-rowindex="2"]`,
    elements: 1,
  });
  const registrationsShown = (count: number) => ({
    countTestId: 'count-total',
    count,
    ...tableRows(Math.min(REGISTRATION_PAGE_SIZE, count)),
  });
  return [
    {
      label: `registrations, ${plan.year}`,
      route: '/reports/registrations',
      rendered: registrationsShown(expected.registrationsOfYear),
      csvRows: expected.registrationsOfYear,
      apiPath: '/api/reports/registrations',
    },
    {
      label: 'registrations, all years',
      route: '/reports/registrations',
      rendered: registrationsShown(expected.registrationsOfYear),
      filter: { label: 'Year', value: '', rendered: registrationsShown(expected.registrationsAllYears) },
      csvRows: expected.registrationsAllYears,
      apiPath: '/api/reports/registrations',
    },
    {
      label: `users, ${plan.year}`,
      route: '/reports/users',
      rendered: { countTestId: 'count-total', count: expected.users, ...windowedRows(expected.users) },
      csvRows: expected.users,
      apiPath: '/api/reports/users',
    },
    {
      label: 'payments',
      route: '/reports/payments',
      rendered: { countTestId: 'count-count', count: expected.payments, ...windowedRows(expected.payments) },
      csvRows: expected.payments,
      apiPath: '/api/payments',
    },
    {
      label: `work schedule, ${plan.year}`,
      route: '/reports/work-schedule',
      rendered: { selector: 'ul[aria-label^="Jobs of "] > li', elements: expected.jobs },
      csvRows: scheduleRows,
      apiPath: '/api/shifts/with-jobs-and-registrations',
    },
  ];
}

/** The browser's figures: a table for the terminal and its Markdown. */
function printBrowserResults(results: BrowserResult[], load: string): void {
  const header = [
    'report',
    'answer received (p50 / p95)',
    'rendered (p50 / p95)',
    'CSV rows',
    'CSV size',
    'CSV built in the page (p50 / p95)',
    'Export to CSV, file complete (p50 / p95)',
    `CSV < ${GOAL_CSV_MS / 1000} s`,
  ];
  const lines = results.map((result) => [
    result.step.filter ? `${result.step.label} (from the Year filter)` : result.step.label,
    result.step.filter ? '—' : percentiles(result.fetched),
    percentiles(result.rendered),
    String(result.step.csvRows),
    size(result.csvBytes),
    percentiles(result.built),
    percentiles(result.exported),
    result.failures.length > 0
      ? 'FAIL'
      : result.exported.length > 0 && summarize(result.exported).p95 < GOAL_CSV_MS
        ? 'PASS'
        : 'MISS',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] as string).length)),
  );
  const markdownRow = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ')} |`;
  console.log('');
  console.log(`Browser results (times from navigation start; load average before: ${load}):`);
  console.log('');
  console.log(markdownRow(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) console.log(markdownRow(line));
  console.log('');
}

runMain(main, { failure: 'bench:reports failed:', exitAtOnce: true });
