import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SmtpCapture } from '../../apps/api/test/smtp';
import { apiEntry, buildApiIfNeeded } from '../lib.mjs';
import { type JsonClient, mapLimit } from './http';

// What every benchmark needs around the server: a free port, a fresh database, the server as a child process,
// the real sign-in, and CPU readings from /proc. Shared by bench-rush.ts and bench-reports.ts.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface FreshDatabase {
  /** The URL of the fresh database. */
  url: string;
  label: string;
  drop: () => Promise<void>;
}

/**
 * A fresh database `<prefix>_<random>` on the PostgreSQL server of `url` (the URL only says which server),
 * dropped by drop().
 */
export async function freshPostgres(url: string, prefix = 'camp_bench'): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    label: `PostgreSQL ${target.hostname}:${target.port || 5432}/${name} (fresh)`,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface RunDatabase {
  /** The server's data directory (PGlite keeps its files there). */
  dataDir: string;
  /** The fresh PostgreSQL database, when the run is on PostgreSQL. */
  databaseUrl: string | undefined;
  label: string;
}

/**
 * A run's database: a temp data directory `camp-<name>-…` (removed afterwards) and, given a PostgreSQL server,
 * a fresh database `camp_<name>_…` on it (dropped afterwards). Sets DATA_DIR (and DATABASE_URL) in `env`.
 */
export async function runDatabase(
  name: string,
  givenUrl: string | undefined,
  env: Record<string, string>,
  cleanups: Array<() => Promise<void> | void>,
): Promise<RunDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `camp-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;
  if (!givenUrl) return { dataDir, databaseUrl: undefined, label: `PGlite (embedded) in ${dataDir}` };
  const fresh = await freshPostgres(givenUrl, `camp_${name}`);
  cleanups.push(fresh.drop);
  env.DATABASE_URL = fresh.url;
  return { dataDir, databaseUrl: fresh.url, label: fresh.label };
}

export interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Keeps a child process's output for error messages (its last `keepChars` characters at most) and gives a stop
 * that sends SIGTERM, then SIGKILL after `killAfterMs`, and resolves once the process has exited.
 */
export function superviseChild(
  child: ChildProcess,
  options: { keepChars: number; killAfterMs: number },
): { output: () => string; stop: () => Promise<void> } {
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > options.keepChars) output = output.slice(-options.keepChars / 2);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    await exited;
    clearTimeout(timer);
  };
  return { output: () => output, stop };
}

/**
 * Starts the real server as `npm start` runs it (`node apps/api/dist/server.js`, built first if stale; it
 * migrates its database) on loopback `port` with `env` and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  await buildApiIfNeeded();
  // Extra flags for the server's node, for profiling: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extra, apiEntry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, stop } = superviseChild(child, { keepChars: 200_000, killAfterMs: 15_000 });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start within 90 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output, stop };
}

export interface AuthBody {
  accessToken: string;
  userId: string;
  role: string;
}

/** The real sign-in: ask for a code, read it from the captured mail, verify it. */
export async function signIn(client: JsonClient, smtp: SmtpCapture, email: string): Promise<AuthBody> {
  const requested = await client.request('POST', '/api/auth/request-login-code', { body: { email } });
  if (requested.status !== 200) throw new Error(`request-login-code ${email}: ${requested.status}`);
  const code = await smtp.codeFor(email);
  const verified = await client.request<AuthBody>('POST', '/api/auth/login-with-code', {
    body: { email, code },
  });
  if (verified.status !== 200) throw new Error(`login-with-code ${email}: ${verified.status}`);
  return verified.body;
}

/**
 * Completes each signed-in person's profile through `PUT /api/users/{id}` ('{firstName} Person {index}'),
 * `concurrency` at a time, so that they may register.
 */
export async function completeProfiles(
  client: JsonClient,
  people: readonly AuthBody[],
  profile: { firstName: string; emergencyContact: string; concurrency: number },
): Promise<void> {
  await mapLimit(people, profile.concurrency, async (person, index) => {
    const response = await client.request('PUT', `/api/users/${person.userId}`, {
      token: person.accessToken,
      body: {
        firstName: profile.firstName,
        lastName: `Person ${index}`,
        phone: '555-0100',
        emergencyContact: profile.emergencyContact,
      },
    });
    if (response.status !== 200) throw new Error(`profile of ${person.userId}: ${response.status}`);
  });
}

/**
 * Runs `body` with a list of clean-ups that are run (last first) when it ends, and ends the process with code
 * 3 after `timeoutMs` whatever happens. Answers body's exit code.
 */
export async function withCleanups(
  name: string,
  timeoutMs: number,
  body: (cleanups: Array<() => Promise<void> | void>) => Promise<number>,
): Promise<number> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const guard = setTimeout(() => {
    console.error(`${name}: still running after ${(timeoutMs / 1000).toFixed(0)} s; giving up.`);
    void Promise.allSettled(cleanups.reverse().map((cleanup) => cleanup())).then(() => process.exit(3));
  }, timeoutMs);
  guard.unref();
  try {
    return await body(cleanups);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
    clearTimeout(guard);
  }
}

/** User + system CPU seconds a process has used (Linux /proc); undefined elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3) after the command name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds of every local process named postgres (Linux /proc); undefined elsewhere. */
export function postgresCpuSeconds(): number | undefined {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        total += processCpuSeconds(Number(entry)) ?? 0;
      } catch {
        // The process ended meanwhile.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}
