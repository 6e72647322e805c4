import { holdsPlaces, type RegistrationStatus } from '@camp/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { rowsOf } from '../../apps/api/src/db/raw';
import { countersMatchRows, describeMismatch } from '../../apps/api/src/modules/registrations/capacity';
import { Prng } from '../../apps/api/test/kit/rng';
import { SmtpCapture } from '../../apps/api/test/smtp';
import { BENCH_YEAR, seedCamp, submissionFor } from './camp';
import { JsonClient, type JsonResponse, mapLimit } from './http';
import { completeProfiles, freePort, runDatabase, type Server, signIn, startServer } from './server';

// Durability under kill -9 (docs/security.md): the real server takes a burst of writes (registration
// submissions, which take places, and admin writes), is killed with SIGKILL partway through, restarted on the
// same data, and every write it answered 2xx must be there, with every place counter equal to its rows.
// Shared by scripts/durability.ts (npm run test:durability) and scripts/durability.test.ts (CI).

const ADMIN_EMAIL = 'durability-admin@example.org';

export type Cleanups = Array<() => Promise<void> | void>;

export interface DurabilityOptions {
  /** People who submit a registration in the burst. */
  people: number;
  /** Seed of their choices, of the order of the burst and of the default kill point. */
  seed: number;
  /** Kill once this share of the burst's answers came back (default: at random from 0.3 to 0.6). */
  killAtFraction?: number | undefined;
  /** Kill this many ms after the burst started, instead of after a share of the answers. */
  killAfterMs?: number | undefined;
  /** Connections the burst uses at once (default 16). */
  concurrency?: number | undefined;
  /** A PostgreSQL server: the run uses a fresh database on it, dropped afterwards. Else PGlite in a temp dir. */
  databaseUrl?: string | undefined;
  /** Progress lines (default: none). */
  log?: ((line: string) => void) | undefined;
}

export interface DurabilityResult {
  database: 'pglite' | 'postgres';
  databaseLabel: string;
  people: number;
  /** Requests of the burst: submissions and admin writes. */
  sent: number;
  /** Answers (any status) that came back before the kill. */
  answeredBeforeKill: number;
  /** Requests that got no answer (cut by the kill). */
  unanswered: number;
  killedAfterMs: number;
  killTrigger: string;
  acknowledged: { registrations: number; adminWrites: number; total: number };
  /** Acknowledged writes found after the restart, as they were answered. */
  present: number;
  /** Acknowledged writes missing or changed after the restart: one line each. */
  lost: string[];
  /** Writes that were not answered (cut by the kill) but were committed: allowed, counted for the record. */
  unacknowledgedPresent: number;
  /** Refusals of the burst (409: full places), which are not writes. */
  refused: number;
  /** Option and job rows whose counter was checked against its rows (API and database). */
  countersChecked: number;
  /** Counters (API or column) that differ from the rows: one line each. */
  mismatches: string[];
  /** Anything else wrong: torn registrations, the restarted server refusing a write, 5xx answers. */
  problems: string[];
}

/** Whether the run proved durability: nothing lost, no counter off, nothing else wrong. */
export const durable = (result: DurabilityResult) =>
  result.lost.length === 0 && result.mismatches.length === 0 && result.problems.length === 0;

/** Runs clean-ups last first, reporting (not throwing) failures. */
export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

interface RegistrationRead {
  id: string;
  userId: string;
  year: number;
  status: RegistrationStatus;
  campingOptions: Array<{ campingOption: { id: string } }>;
  jobs: Array<{ job: { id: string } }>;
  waitlist: { offer: unknown } | null;
}

interface AcknowledgedRegistration {
  id: string;
  userId: string;
  optionIds: string[];
  jobIds: string[];
}

interface AdminWrite {
  kind: 'job-category' | 'shift';
  name: string;
  path: string;
  body: Record<string, unknown>;
}

type BurstItem = { kind: 'registration'; person: number } | { kind: 'admin'; write: number };

const sortedIds = (ids: readonly string[]) => [...ids].sort();
const sameIds = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify(sortedIds(a)) === JSON.stringify(sortedIds(b));

/**
 * The whole flow: fresh database, server, camp, N people signed in, the burst with a SIGKILL in it, restart on
 * the same data, verification through the API and then the database itself (the server stopped first, so an
 * embedded data directory has one user). Clean-ups (server, SMTP capture, temp dir, fresh database) are pushed
 * onto `cleanups` for the caller to run.
 */
export async function runDurability(
  options: DurabilityOptions,
  cleanups: Cleanups,
): Promise<DurabilityResult> {
  const started = performance.now();
  const say = options.log ?? (() => undefined);
  /** A progress line, with the seconds since the start of the run. */
  const log = (line: string) =>
    say(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  const concurrency = options.concurrency ?? 16;
  const random = new Prng(options.seed).next;
  const killAtFraction =
    options.killAfterMs === undefined
      ? (options.killAtFraction ?? 0.3 + 0.3 * new Prng(options.seed + 7).next())
      : undefined;

  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOGIN_CODE_MAX_PER_EMAIL: '1000',
    LOGIN_CODE_MAX_PER_IP: String(options.people * 4 + 100),
  };
  const {
    dataDir,
    databaseUrl,
    label: databaseLabel,
  } = await runDatabase('durability', options.databaseUrl, env, cleanups);
  /** Anything wrong besides lost writes and counters: torn registrations, 5xx, the restart refusing writes. */
  const problems: string[] = [];
  let killed = false;
  const smtp = await new SmtpCapture().start();
  cleanups.push(() => smtp.stop());
  env.SMTP_URL = smtp.url;
  log(`durability — ${options.people} people, seed ${options.seed}, database: ${databaseLabel}`);

  const port = await freePort();
  const first = await startServer(env, port);
  cleanups.push(() => first.stop());
  log('  server started (migrated)');
  const setup = new JsonClient(first.base, 16);
  cleanups.push(() => setup.close());
  const admin = await signIn(setup, smtp, ADMIN_EMAIL);
  if (admin.role !== 'ADMIN') throw new Error(`the admin signed in as ${admin.role}`);
  // Places for about twice as many people as there are: most submissions get in, some shifts still fill up.
  const camp = await seedCamp(setup, admin.accessToken, options.people * 2);
  const people = await mapLimit(
    Array.from({ length: options.people }, (_, index) => `durable${index}@example.org`),
    16,
    async (email, index) => ({ ...(await signIn(setup, smtp, email)), index }),
  );
  await completeProfiles(setup, people, {
    firstName: 'Durable',
    emergencyContact: 'Kit, 555-0199',
    concurrency: 16,
  });
  setup.close();
  log(`  camp seeded, ${people.length} people signed in with complete profiles`);

  // The burst: every submission plus one admin write per ten people, in a seeded random order.
  const bodies = people.map((_, index) => submissionFor(camp, random, index));
  const adminWrites: AdminWrite[] = Array.from(
    { length: Math.max(4, Math.round(options.people / 10)) },
    (_, index): AdminWrite => {
      const shift = index % 2 === 1;
      const name = `Durable ${shift ? 'shift' : 'category'} ${index}`;
      const description = 'Written in the burst';
      return shift
        ? {
            kind: 'shift',
            name,
            path: '/api/shifts',
            body: { name, dayOfWeek: 'SATURDAY', startTime: '06:00', endTime: '07:00', description },
          }
        : {
            kind: 'job-category',
            name,
            path: '/api/job-categories',
            body: { name, description, alwaysRequired: false },
          };
    },
  );
  const items: BurstItem[] = [
    ...people.map((_, person) => ({ kind: 'registration', person }) as const),
    ...adminWrites.map((_, write) => ({ kind: 'admin', write }) as const),
  ];
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other] as BurstItem, items[index] as BurstItem];
  }

  const pid = first.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  const exited = new Promise<void>((resolve) => {
    if (first.child.exitCode !== null || first.child.signalCode !== null) resolve();
    else first.child.once('exit', () => resolve());
  });
  let killedAt = 0;
  let answeredBeforeKill = 0;
  let answered = 0;
  const burstStarted = performance.now();
  const kill = () => {
    if (killed) return;
    killed = true;
    // A connection reset the capture saw before the kill is a problem; after it, it is the kill's doing.
    for (const error of smtp.errors)
      problems.push(`the SMTP capture saw an error before the kill: ${error.message}`);
    killedAt = performance.now();
    answeredBeforeKill = answered;
    process.kill(pid, 'SIGKILL');
  };
  const killTrigger =
    killAtFraction !== undefined
      ? `after ${(killAtFraction * 100).toFixed(0)}% of ${items.length} answers`
      : `${options.killAfterMs} ms into the burst`;
  const killAfter =
    killAtFraction !== undefined ? Math.max(1, Math.ceil(items.length * killAtFraction)) : Infinity;
  const timer = options.killAfterMs !== undefined ? setTimeout(kill, options.killAfterMs) : undefined;

  const acknowledgedRegistrations: AcknowledgedRegistration[] = [];
  const acknowledgedAdmin: Array<AdminWrite & { id: string }> = [];
  const statuses = new Map<number, number>();
  const burst = new JsonClient(first.base, concurrency, 30_000);
  cleanups.push(() => burst.close());
  /** Sends one write of the burst and records it if acknowledged; answers its status (0: cut by the kill). */
  const send = async (item: BurstItem): Promise<number> => {
    const person = item.kind === 'registration' ? people[item.person] : undefined;
    const write = item.kind === 'admin' ? adminWrites[item.write] : undefined;
    const request = person
      ? { path: '/api/registrations/camp', token: person.accessToken, body: bodies[person.index] }
      : { path: write?.path ?? '', token: admin.accessToken, body: write?.body };
    let response: JsonResponse<{ id?: string; registration?: RegistrationRead } | null>;
    try {
      response = await burst.request('POST', request.path, { token: request.token, body: request.body });
    } catch (error) {
      // No answer: the kill cut the connection (or it was refused afterwards). Unknown outcome, allowed.
      if (!killed) throw error;
      return 0;
    }
    const { status, body } = response;
    if (status < 200 || status >= 300) return status;
    if (person) {
      const registration = body?.registration;
      if (!registration)
        throw new Error(`a ${status} answer without a registration: ${JSON.stringify(body)}`);
      acknowledgedRegistrations.push({
        id: registration.id,
        userId: person.userId,
        optionIds: registration.campingOptions.map((link) => link.campingOption.id),
        jobIds: registration.jobs.map((link) => link.job.id),
      });
    } else if (write) {
      if (!body?.id) throw new Error(`a ${status} answer without an id: ${JSON.stringify(body)}`);
      acknowledgedAdmin.push({ ...write, id: body.id });
    }
    return status;
  };
  await Promise.all(
    items.map(async (item) => {
      const status = await send(item);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 0) answered += 1;
      if (answered >= killAfter) kill();
    }),
  );
  // The burst may end before a timed kill: kill then (every write was answered, which proves the same).
  if (timer) clearTimeout(timer);
  kill();
  await exited;
  burst.close();
  const killedAfterMs = killedAt - burstStarted;
  const unanswered = statuses.get(0) ?? 0;
  log(
    `  killed (SIGKILL) ${killTrigger}: ${answeredBeforeKill} answered before the kill, ${unanswered} without an answer, ` +
      `${(killedAfterMs / 1000).toFixed(2)} s into the burst; signal ${first.child.signalCode}`,
  );

  if (first.child.signalCode !== 'SIGKILL')
    problems.push(`the server ended with ${first.child.signalCode ?? first.child.exitCode}, not SIGKILL`);
  const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  if (serverErrors > 0) problems.push(`${serverErrors} answers of 5xx in the burst`);
  const unexpected = [...statuses].filter(
    ([status]) => status !== 0 && status !== 201 && status !== 409 && status < 500,
  );
  for (const [status, n] of unexpected) problems.push(`${n} unexpected answers of ${status}`);

  // Restart on the same data directory / database.
  const restarted = Date.now();
  const second: Server = await startServer(env, await freePort());
  cleanups.push(() => second.stop());
  log(`  restarted on the same data in ${((Date.now() - restarted) / 1000).toFixed(2)} s`);
  const verify = new JsonClient(second.base, 4);
  cleanups.push(() => verify.close());
  smtp.clear();
  const adminAgain = await signIn(verify, smtp, ADMIN_EMAIL);
  const token = adminAgain.accessToken;
  const read = async <T>(url: string): Promise<T> => {
    const response = await verify.request<T>('GET', url, { token });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status} after the restart`);
    return response.body;
  };
  const registrations = await read<RegistrationRead[]>(`/api/registrations?year=${BENCH_YEAR}`);
  const categories = await read<Array<{ id: string; name: string }>>('/api/job-categories');
  const shifts = await read<Array<{ id: string; name: string }>>('/api/shifts');
  const optionsRead = await read<Array<{ id: string; name: string; currentRegistrations: number }>>(
    '/api/camping-options?includeDisabled=true',
  );
  const jobsRead = await read<Array<{ id: string; name: string; currentRegistrations: number }>>('/api/jobs');

  // Every acknowledged write, as it was answered.
  const lost: string[] = [];
  let present = 0;
  const byId = new Map(registrations.map((registration) => [registration.id, registration]));
  for (const acknowledged of acknowledgedRegistrations) {
    const found = byId.get(acknowledged.id);
    if (!found) lost.push(`registration ${acknowledged.id} (user ${acknowledged.userId}) is missing`);
    else if (found.status === 'CANCELLED' || found.userId !== acknowledged.userId)
      lost.push(`registration ${acknowledged.id} is now ${found.status} of ${found.userId}`);
    else if (
      !sameIds(
        found.campingOptions.map((link) => link.campingOption.id),
        acknowledged.optionIds,
      )
    )
      lost.push(`registration ${acknowledged.id} lost its camping options`);
    else if (
      !sameIds(
        found.jobs.map((link) => link.job.id),
        acknowledged.jobIds,
      )
    )
      lost.push(`registration ${acknowledged.id} lost its jobs`);
    else present += 1;
  }
  const namesById = new Map([...categories, ...shifts].map((row) => [row.id, row.name]));
  for (const write of acknowledgedAdmin) {
    const name = namesById.get(write.id);
    if (name === undefined) lost.push(`${write.kind} ${write.id} (${write.name}) is missing`);
    else if (name !== write.name) lost.push(`${write.kind} ${write.id} is named ${name}, not ${write.name}`);
    else present += 1;
  }
  const acknowledgedIds = new Set(
    [...acknowledgedRegistrations, ...acknowledgedAdmin].map((write) => write.id),
  );
  const burstNames = new Set(adminWrites.map((write) => write.name));
  const unacknowledgedPresent =
    registrations.filter((registration) => !acknowledgedIds.has(registration.id)).length +
    [...categories, ...shifts].filter((row) => burstNames.has(row.name) && !acknowledgedIds.has(row.id))
      .length;

  // Nothing half-written: each registration whole (one option, two jobs), at most one active per person.
  const activePerUser = new Map<string, number>();
  for (const registration of registrations) {
    if (registration.campingOptions.length !== 1 || registration.jobs.length !== 2) {
      problems.push(
        `registration ${registration.id} is torn: ${registration.campingOptions.length} options, ${registration.jobs.length} jobs`,
      );
    }
    if (registration.status !== 'CANCELLED')
      activePerUser.set(registration.userId, (activePerUser.get(registration.userId) ?? 0) + 1);
  }
  for (const [userId, n] of activePerUser)
    if (n > 1) problems.push(`user ${userId} has ${n} active registrations`);

  // Counters by the API equal the rows of the listing.
  const mismatches: string[] = [];
  const rowsPerOption = new Map<string, number>();
  const rowsPerJob = new Map<string, number>();
  // Places are held by PENDING and CONFIRMED registrations, and by a waitlisted one's open offer on its options
  // (docs/product.md §10).
  for (const registration of registrations) {
    const holds = holdsPlaces(registration.status);
    if (holds || registration.waitlist?.offer)
      for (const link of registration.campingOptions)
        rowsPerOption.set(link.campingOption.id, (rowsPerOption.get(link.campingOption.id) ?? 0) + 1);
    if (holds)
      for (const link of registration.jobs)
        rowsPerJob.set(link.job.id, (rowsPerJob.get(link.job.id) ?? 0) + 1);
  }
  for (const [label, list, rows] of [
    ['option', optionsRead, rowsPerOption],
    ['job', jobsRead, rowsPerJob],
  ] as const) {
    for (const entry of list) {
      const taken = rows.get(entry.id) ?? 0;
      if (entry.currentRegistrations !== taken)
        mismatches.push(
          `API: ${label} ${entry.name} says ${entry.currentRegistrations}, registrations hold ${taken}`,
        );
    }
  }

  // The restarted server takes writes.
  const after = await verify.request<{ id?: string }>('POST', '/api/job-categories', {
    token,
    body: { name: 'After the restart', description: 'Written after kill -9', alwaysRequired: false },
  });
  if (after.status !== 201)
    problems.push(`the restarted server answered ${after.status} to a new job category`);

  // The database itself, with the server stopped: the counter columns the capacity check uses, and the rows.
  verify.close();
  await second.stop();
  log('  restarted server stopped; checking the database itself');
  const database = await openDatabase({ databaseUrl, dataDir });
  let counters: Awaited<ReturnType<typeof countersMatchRows>>;
  let storedIds: Set<string>;
  try {
    counters = await countersMatchRows(database.db, BENCH_YEAR);
    storedIds = new Set(
      rowsOf<{ id: string }>(
        await database.db.execute(
          sql`select id::text as id from registrations union all select id::text from job_categories
           union all select id::text from shifts`,
        ),
      ).map((row) => row.id),
    );
  } finally {
    await database.close();
  }
  log(
    `  database read: ${counters.checked} counters, ${storedIds.size} rows of registrations, categories, shifts`,
  );
  mismatches.push(...counters.mismatches.map((mismatch) => `database: ${describeMismatch(mismatch)}`));
  // One line per lost write: a write the API already reported lost is not counted again.
  for (const id of acknowledgedIds) {
    if (!storedIds.has(id) && !lost.some((line) => line.includes(id))) {
      lost.push(`database: acknowledged ${id} has no row`);
    }
  }

  const result: DurabilityResult = {
    database: databaseUrl ? 'postgres' : 'pglite',
    databaseLabel,
    people: options.people,
    sent: items.length,
    answeredBeforeKill,
    unanswered,
    killedAfterMs: Math.round(killedAfterMs),
    killTrigger,
    acknowledged: {
      registrations: acknowledgedRegistrations.length,
      adminWrites: acknowledgedAdmin.length,
      total: acknowledgedRegistrations.length + acknowledgedAdmin.length,
    },
    present,
    lost,
    unacknowledgedPresent,
    refused: statuses.get(409) ?? 0,
    countersChecked: optionsRead.length + jobsRead.length,
    mismatches,
    problems,
  };
  if (!durable(result)) {
    log(`  the restarted server's last lines:\n${second.output().split('\n').slice(-20).join('\n')}`);
  }
  return result;
}

/** The summary lines of a result, for the script and for a failing test. */
export function describeResult(result: DurabilityResult): string[] {
  const lines = [
    `Database: ${result.databaseLabel}`,
    `Burst: ${result.sent} writes (${result.people} registrations + ${result.sent - result.people} admin writes), ` +
      `killed ${result.killTrigger}, ${(result.killedAfterMs / 1000).toFixed(2)} s in`,
    `  answered before the kill: ${result.answeredBeforeKill} (refused as full: ${result.refused}); without an answer: ${result.unanswered}`,
    `Acknowledged (2xx): ${result.acknowledged.total} (${result.acknowledged.registrations} registrations, ${result.acknowledged.adminWrites} admin writes)`,
    `Present after restart: ${result.present}`,
    `Lost: ${result.lost.length}`,
    `Unacknowledged but committed (allowed): ${result.unacknowledgedPresent}`,
    `Counters checked: ${result.countersChecked} (API and database columns)`,
    `Mismatches: ${result.mismatches.length}`,
  ];
  for (const line of result.lost) lines.push(`LOST: ${line}`);
  for (const line of result.mismatches) lines.push(`MISMATCH: ${line}`);
  for (const line of result.problems) lines.push(`PROBLEM: ${line}`);
  return lines;
}
