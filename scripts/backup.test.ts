import { PGlite } from '@electric-sql/pglite';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../apps/api/src/app';
import { type DatabaseHandle, fromPostgresUrl, openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { SmtpCapture } from '../apps/api/test/smtp';
import { seedCamp } from './bench/camp';
import { JsonClient } from './bench/http';
import { freshPostgres, signIn } from './bench/server';
import { type Ran, runScript } from './test/run-script';

// npm run backup / npm run restore (decision 032), run as an operator runs them, on both databases: a camp
// filled through the app's own API (users, sessions, registrations, payments, the outbox, audit records and
// security events), backed up, wiped, restored, and every table's rows compared with what was there.

const POSTGRES_URL = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = 'backup-admin@example.org';

/** Why the PostgreSQL half cannot run here, or undefined when it can. */
async function postgresMissing(): Promise<string | undefined> {
  for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
    if (spawnSync(tool, ['--version']).status !== 0)
      return `${tool} is not installed (apt-get install postgresql-client)`;
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `no PostgreSQL server at ${POSTGRES_URL} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const skipPostgres = await postgresMissing();

const scratch = mkdtempSync(path.join(tmpdir(), 'camp-backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run backup|restore -- …args` as a child process, with only the environment given (and PATH). */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Ran> {
  return runScript(name, args, env);
}

/** The file a successful backup names on its one line of output. */
function backupFile(ran: Ran): string {
  expect(ran.stderr).toBe('');
  expect(ran.code).toBe(0);
  const match = /^Backed up .+ \(\d+ tables\) to (\/.+): [\d.]+ MB in [\d.]+ s\.\n$/.exec(ran.stdout);
  expect(match, ran.stdout).not.toBeNull();
  const file = match?.[1] ?? '';
  expect(existsSync(file)).toBe(true);
  return file;
}

/**
 * A small camp made through the API of the real app on `database`: an admin who sets it up (security events
 * for every admin change), people who sign in (sessions), fill in their profile and register (registrations,
 * places, dues, confirmation mail in the outbox), a cash payment and a cancellation by the admin (audit
 * records), and a wrong sign-in code (a security event and a rate-limit window).
 */
async function fillThroughTheApp(database: DatabaseHandle): Promise<void> {
  const smtp = await new SmtpCapture().start();
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: 'backup-test-secret-backup-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(scratch, 'app-')),
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN,
    SMTP_URL: smtp.url,
    LOGIN_CODE_MAX_PER_EMAIL: '100',
    LOGIN_CODE_MAX_PER_IP: '1000',
  });
  const app = await buildApp({ env, database, logger: false, webDistDir: path.join(scratch, 'no-web') });
  const client = new JsonClient(await app.listen({ port: 0, host: '127.0.0.1' }), 4);
  try {
    const expectStatus = async (
      status: number,
      method: string,
      url: string,
      token: string,
      body?: unknown,
    ) => {
      const response = await client.request<{ id?: string; registration?: { id: string } }>(method, url, {
        token,
        body,
      });
      expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
      return response.body;
    };
    const admin = await signIn(client, smtp, ADMIN);
    expect(admin.role).toBe('ADMIN');
    const camp = await seedCamp(client, admin.accessToken, 20);
    // Each person a place of their own: Tent Camping with its fields, a Gate shift and a work shift.
    const tent = camp.options[0];
    const submission = (index: number) => ({
      campingOptions: [tent?.id],
      customFields: { [tent?.plateFieldId ?? '']: `BACKUP${index}`, [tent?.peopleFieldId ?? '']: 2 },
      jobs: [camp.gateJobs[index]?.id, camp.workJobs[index]?.id],
      acceptedTerms: true,
    });
    const registrationIds: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const person = await signIn(client, smtp, `backup-person${index}@example.org`);
      await expectStatus(200, 'PUT', `/api/users/${person.userId}`, person.accessToken, {
        firstName: 'Backup',
        lastName: `Person ${index}`,
        phone: '555-0100',
        emergencyContact: 'Kit, 555-0199',
      });
      const registration = await expectStatus(
        201,
        'POST',
        '/api/registrations/camp',
        person.accessToken,
        submission(index),
      );
      registrationIds.push(registration.registration?.id ?? '');
    }
    await expectStatus(201, 'POST', '/api/admin/payments', admin.accessToken, {
      registrationId: registrationIds[0],
      amount: 10,
      method: 'CASH',
      reference: 'Receipt 1',
    });
    await expectStatus(200, 'DELETE', `/api/admin/registrations/${registrationIds[1]}`, admin.accessToken, {
      reason: 'Cancelled for the backup test',
      sendNotification: true,
    });
    const wrong = await client.request('POST', '/api/auth/login-with-code', {
      body: { email: 'backup-person2@example.org', code: '000000' },
    });
    expect(wrong.status).toBe(401);
  } finally {
    client.close();
    await app.close();
    await smtp.stop();
  }
}

type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** Every table's rows (as JSON text, sorted) and every sequence's position: the whole state to compare. */
async function snapshot(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const state: Record<string, string[]> = {};
  for (const { schema, name } of tables as Array<{ schema: string; name: string }>) {
    const rows = await query(`select to_jsonb(t)::text as row from "${schema}"."${name}" t order by 1`);
    state[`${schema}.${name}`] = rows.map((row) => String(row.row));
  }
  const sequences = await query(
    `select schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, '-') as row
       from pg_sequences order by 1`,
  );
  state.sequences = sequences.map((row) => String(row.row));
  return state;
}

/** The tables the test must have filled for the comparison to mean something. */
function expectFilled(state: Record<string, string[]>): void {
  for (const table of [
    'public.users',
    'public.refresh_tokens',
    'public.registrations',
    'public.registration_camping_options',
    'public.registration_jobs',
    'public.payments',
    'public.email_outbox',
    'public.audit_records',
    'public.security_events',
    'public.rate_limit_counters',
    'drizzle.__drizzle_migrations',
  ]) {
    expect(state[table]?.length ?? 0, table).toBeGreaterThan(0);
  }
}

/** Append-only still holds after a restore: the triggers came back with the rows. */
async function expectAppendOnly(run: (sql: string) => Promise<unknown>): Promise<void> {
  await expect(run('update security_events set ip = ip')).rejects.toThrow(
    'security_events is append-only: UPDATE is not allowed',
  );
  await expect(run('update audit_records set reason = reason')).rejects.toThrow(
    'audit_records is append-only: UPDATE is not allowed',
  );
}

async function withPostgres<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

const postgresQuery = (url: string) => (sql: string) =>
  withPostgres(url, async (client) => (await client.query<Record<string, unknown>>(sql)).rows);

async function withPglite<T>(directory: string, body: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(directory);
  try {
    return await body(db);
  } finally {
    await db.close();
  }
}

// The three run at once: they share nothing but the scratch folder (files of their own names in it).
describe.concurrent('npm run backup and npm run restore', () => {
  it('refuse bad usage with exit code 2 and the usage', async () => {
    const noOut = await script('backup', [], {});
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/^--out is required\n\nUsage: npm run backup -- --out <file or folder>/);
    const unknown = await script('restore', ['--from', 'x', '--bogus'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage: npm run restore -- --from <file> [--force] [--pg-bin <folder>]');
  }, 20_000);

  it('back up the embedded database, and restore it after a wipe with every row and sequence equal', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const directory = path.join(dataDir, 'pglite');
    const env = { DATA_DIR: dataDir };
    // Opened, migrated and served on one handle, as the server does on its first start.
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      await fillThroughTheApp(database);
    } finally {
      await database.close();
    }
    // While the folder is open (here in this process, as a running server has it) a backup is refused.
    const before = await withPglite(directory, async (db) => {
      const refused = await script('backup', ['--out', `${scratch}/`], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `the embedded database in ${directory} is open in process ${process.pid} (a running server?): stop it first\n`,
      );
      return snapshot(async (sql) => (await db.query(sql)).rows as never);
    });
    expectFilled(before);

    const file = backupFile(await script('backup', ['--out', `${scratch}/`], env));
    expect(path.basename(file)).toMatch(/^camp-pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const occupied = await script('restore', ['--from', file], env);
    expect(occupied.code).toBe(1);
    expect(occupied.stderr).toBe(
      `refusing to restore into ${directory}: it already holds a database; give --force to replace it (the old one is kept beside it)\n`,
    );

    rmSync(directory, { recursive: true });
    const restored = await script('restore', ['--from', file], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Restored ${file} into the embedded database in ${directory}: \\d+ tables, in [\\d.]+ s\\.\\n$`,
      ),
    );
    const after = await withPglite(directory, async (db) => {
      await expectAppendOnly((sql) => db.query(sql));
      return snapshot(async (sql) => (await db.query(sql)).rows as never);
    });
    expect(after).toEqual(before);

    // --force replaces it and keeps the database it replaced beside it.
    const forced = await script('restore', ['--from', file, '--force'], env);
    expect(forced.code).toBe(0);
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.stdout).toContain(
      `The database it replaced is kept in ${path.join(dataDir, kept[0] ?? '')}`,
    );
    expect(
      await withPglite(directory, (db) => snapshot(async (sql) => (await db.query(sql)).rows as never)),
    ).toEqual(before);

    // A backup of the embedded database is not restored into PostgreSQL (checked before connecting).
    const crossed = await script('restore', ['--from', file], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(crossed.code).toBe(1);
    expect(crossed.stderr).toBe(
      `${file} is a backup of the embedded database but DATABASE_URL is set: unset it and set DATA_DIR to restore into\n`,
    );
  }, 120_000);

  const postgresTitle =
    'back up PostgreSQL, and restore it into a dropped and recreated database with every row and sequence equal';
  (skipPostgres ? it.skip : it)(
    skipPostgres ? `${postgresTitle} (skipped: ${skipPostgres})` : postgresTitle,
    async () => {
      const fresh = await freshPostgres(POSTGRES_URL, 'camp_backup');
      const label = `PostgreSQL ${new URL(fresh.url).hostname}:${new URL(fresh.url).port || '5432'}${new URL(fresh.url).pathname}`;
      const env = { DATABASE_URL: fresh.url };
      try {
        const database = fromPostgresUrl(fresh.url, 4);
        try {
          await database.migrate();
          await fillThroughTheApp(database);
        } finally {
          await database.close();
        }
        const before = await snapshot(postgresQuery(fresh.url));
        expectFilled(before);
        const major = await withPostgres(fresh.url, async (client) => {
          const { rows } = await client.query<{ v: number }>(
            "select current_setting('server_version_num')::int as v",
          );
          return Math.floor((rows[0]?.v ?? 0) / 10_000);
        });

        const file = backupFile(await script('backup', ['--out', `${scratch}/`], env));
        expect(path.basename(file)).toMatch(/^camp-postgres-\d{8}T\d{6}Z\.dump$/);
        expect(statSync(file).mode & 0o777).toBe(0o600);

        const occupied = await script('restore', ['--from', file], env);
        expect(occupied.code).toBe(1);
        expect(occupied.stderr).toMatch(
          new RegExp(
            `^refusing to restore into ${label}: it is not empty \\(\\d+ tables, \\d+ other objects\\); restore into a new empty database \\(createdb\\), or give --force to replace everything in it\\n$`,
          ),
        );

        // Wipe: drop the database and create it again, empty.
        const name = new URL(fresh.url).pathname.slice(1);
        await withPostgres(POSTGRES_URL, async (client) => {
          await client.query(`drop database ${name} with (force)`);
          await client.query(`create database ${name}`);
        });
        // A client still connected (an API process left running) is refused too.
        await withPostgres(fresh.url, async () => {
          const connected = await script('restore', ['--from', file], env);
          expect(connected.code).toBe(1);
          expect(connected.stderr).toBe(
            `refusing to restore into ${label}: 1 other session is connected to it; stop the API processes first (or give --force)\n`,
          );
        });
        const restored = await script('restore', ['--from', file], env);
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        const users = before['public.users']?.length;
        const registrations = before['public.registrations']?.length;
        const payments = before['public.payments']?.length;
        expect(restored.stdout).toMatch(
          new RegExp(
            `^Restored ${file} into ${label}: \\d+ tables, ${users} users, ${registrations} registrations, ${payments} payments, in [\\d.]+ s\\.\\n$`,
          ),
        );
        await withPostgres(fresh.url, (client) => expectAppendOnly((sql) => client.query(sql)));
        expect(await snapshot(postgresQuery(fresh.url))).toEqual(before);

        // --force over a full database: everything dropped and restored in one transaction.
        const forced = await script('restore', ['--from', file, '--force'], env);
        expect(forced.code).toBe(0);
        expect(forced.stdout).toContain(`into ${label} (its previous contents dropped, --force): `);
        expect(await snapshot(postgresQuery(fresh.url))).toEqual(before);

        // A restore that fails half-way (an archive cut short) is rolled back: nothing changed, nothing dropped.
        const cut = path.join(scratch, 'cut.dump');
        const whole = readFileSync(file);
        writeFileSync(cut, whole.subarray(0, whole.length - 16));
        const failed = await script('restore', ['--from', cut, '--force'], env);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toMatch(/^pg_restore failed, nothing was restored: pg_restore: error: .+\n$/);
        expect(await snapshot(postgresQuery(fresh.url))).toEqual(before);

        // Client tools missing, or older than the server: one clear line.
        const nowhere = path.join(scratch, 'no-such-folder');
        const noTools = await script('backup', ['--out', `${scratch}/`, '--pg-bin', nowhere], env);
        expect(noTools.code).toBe(1);
        expect(noTools.stderr).toBe(
          `pg_dump was not found in ${nowhere}: install PostgreSQL's client tools, major version ${major} or newer (Debian/Ubuntu: apt-get install postgresql-client), or give --pg-bin <folder>\n`,
        );
        const old = mkdtempSync(path.join(scratch, 'old-bin-'));
        writeFileSync(path.join(old, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
        chmodSync(path.join(old, 'pg_dump'), 0o755);
        const oldTools = await script('backup', ['--out', `${scratch}/`, '--pg-bin', old], env);
        expect(oldTools.code).toBe(1);
        expect(oldTools.stderr).toBe(
          `pg_dump is version 9, older than the server (PostgreSQL ${major}): install the client tools of version ${major} or newer (Debian/Ubuntu: apt-get install postgresql-client, from the PostgreSQL apt repository if needed), or give --pg-bin <folder>\n`,
        );
      } finally {
        await fresh.drop();
      }
    },
    120_000,
  );
});
