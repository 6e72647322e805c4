import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { migrationsFolder } from '../src/db/migrate';
import { emailOutbox } from '../src/db/schema/index';
import { enqueueMail } from '../src/modules/mail/outbox';
import { testEnv } from './app';
import { createPostgresDatabase, testDatabaseKind } from './database';
import { cookieValue, postWithRefreshCookie, signIn } from './session';
import { SmtpCapture } from './smtp';

// docs/architecture.md §1 and decision 031: N stateless API processes behind a balancer against one PostgreSQL. Two apps,
// each with its own connection pool as a separate process would have, share one database; everything a person
// or an operator relies on must hold whichever process answers.
describe.skipIf(testDatabaseKind() === 'pglite')('two API processes on one PostgreSQL', () => {
  let smtp: SmtpCapture;
  let handles: DatabaseHandle[];
  let one: FastifyInstance;
  let two: FastifyInstance;
  let clock = new Date();
  let ip = 0;
  const freshIp = () => `198.51.100.${(ip += 1)}`;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    handles = await createPostgresDatabase({ template: inject('pgTemplateDatabase'), handles: 2 });
    const env = testEnv({ SMTP_URL: smtp.url });
    const build = (database: DatabaseHandle) =>
      buildApp({
        env,
        database,
        logger: false,
        now: () => clock,
        webDistDir: path.join(tmpdir(), 'camp-no-web-dist'),
      });
    [one, two] = await Promise.all([build(handles[0]!), build(handles[1]!)]);
    await Promise.all([one.ready(), two.ready()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    for (const handle of handles ?? []) await handle.close();
    await smtp?.stop();
  });

  const refresh = (app: FastifyInstance, token: string) => postWithRefreshCookie(app, 'refresh', token);
  const profile = (app: FastifyInstance, accessToken: string) =>
    app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('keeps a session across processes: signed in on one, used and refreshed on the other, reuse ends it on both', async () => {
    const session = await signIn(one, smtp, 'roamer@example.org', freshIp());
    expect((await profile(two, session.accessToken)).statusCode).toBe(200);

    const rotated = await refresh(two, session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<{ accessToken: string }>().accessToken;
    const nextCookie = cookieValue(rotated, 'refresh_token') ?? '';
    expect(nextCookie).not.toBe(session.refreshToken);
    expect((await profile(one, next)).statusCode).toBe(200);

    // The rotated token shown again a minute later, to the other process: it was copied, the session ends.
    clock = new Date(clock.getTime() + 60_000);
    expect((await refresh(one, session.refreshToken)).statusCode).toBe(401);
    for (const app of [one, two]) {
      expect((await profile(app, next)).statusCode).toBe(401);
      expect((await refresh(app, nextCookie)).statusCode).toBe(401);
    }
  });

  it('ends every session everywhere when a person signs out everywhere on one process', async () => {
    const first = await signIn(one, smtp, 'leaver@example.org', freshIp());
    const second = await signIn(two, smtp, 'leaver@example.org', freshIp());
    const out = await two.inject({ method: 'POST', url: '/api/auth/logout-all', headers: first.headers });
    expect(out.statusCode).toBeLessThan(300);
    for (const app of [one, two]) {
      expect((await profile(app, first.accessToken)).statusCode).toBe(401);
      expect((await profile(app, second.accessToken)).statusCode).toBe(401);
    }
  });

  it('counts a sign-in limit once across processes: the sixth code for one address from one IP is refused', async () => {
    const from = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const app = attempt % 2 === 0 ? one : two;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/request-login-code',
        payload: { email: 'limited@example.org' },
        remoteAddress: from,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends each outbox mail once when both processes drain at the same moment', async () => {
    const to = (n: number) => `crowd-${n}@example.org`;
    for (let n = 0; n < 30; n += 1) {
      await enqueueMail(handles[0]!.db, {
        to: to(n),
        subject: `Mail ${n}`,
        html: `<p>${n}</p>`,
        text: `${n}`,
      });
    }
    const [sentByOne, sentByTwo] = await Promise.all([
      one.services.outbox.drain(),
      two.services.outbox.drain(),
    ]);
    expect(sentByOne + sentByTwo).toBe(30);
    for (let n = 0; n < 30; n += 1) {
      expect(
        smtp.messages.filter((message) => message.to.includes(to(n))),
        to(n),
      ).toHaveLength(1);
    }
    const [{ pending }] = (await handles[1]!.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(sql`${emailOutbox.status} <> 'SENT' and ${emailOutbox.toAddress} like 'crowd-%'`)) as [
      { pending: number },
    ];
    expect(pending).toBe(0);
  });

  it('migrates an empty database once when two processes start at the same moment', async () => {
    const empty = await createPostgresDatabase({ handles: 2 });
    try {
      await Promise.all(empty.map((handle) => handle.migrate()));
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = (await empty[0]!.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: Array<{ count: number }> };
      expect(applied.rows[0]!.count).toBe(journal.entries.length);
    } finally {
      for (const handle of empty) await handle.close();
    }
  });
});
