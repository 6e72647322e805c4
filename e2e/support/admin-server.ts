/**
 * A server of its own for e2e/admin-config.spec.ts, started by that spec (see admin-instance.ts) as a child
 * process: the real app on a fresh in-memory database that has never been configured, sending its mail to an
 * SMTP capture of its own. The shared e2e servers cannot be used: the configured one's camp is asserted by
 * other specs, and the fresh one must keep showing the default home page (foundation.spec.ts).
 *
 * Run as `node --import tsx e2e/support/admin-server.ts a@x,b@y` (the ADMIN_EMAILS). Prints one line `ADMIN_E2E_READY {"url","mailUrl","smtpPort"}` when it listens; stops on SIGTERM.
 * GET {mailUrl}/mail?to=…&min=N&waitMs=M answers the newest mail to the address, as the shared endpoint does.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { fromPglite } from '../../apps/api/src/db/client';
import { loadEnv } from '../../apps/api/src/env';
import { SmtpCapture } from '../../apps/api/test/smtp';
import { E2E_HOST } from './servers';

/** The addresses this server makes ADMIN when they sign in: the first argument, comma-separated. */
const adminEmails = process.argv[2] ?? '';

const smtp = await new SmtpCapture().start();

const mailEndpoint = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${E2E_HOST}`);
  const to = url.searchParams.get('to')?.trim().toLowerCase();
  if (request.method !== 'GET' || url.pathname !== '/mail' || !to) {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ message: 'GET /mail?to={address}[&min=N][&waitMs=M]' }));
    return;
  }
  const min = Math.max(1, Number(url.searchParams.get('min') ?? 1) || 1);
  const deadline = Date.now() + Math.min(30_000, Number(url.searchParams.get('waitMs') ?? 5000) || 0);
  const answer = () => {
    const mails = smtp.messages.filter((mail) => mail.to.includes(to));
    const newest = mails.at(-1);
    if (mails.length >= min && newest) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ ...newest, count: mails.length }));
    } else if (Date.now() >= deadline) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: `No mail to ${to} (wanted ${min}, have ${mails.length})` }));
    } else {
      setTimeout(answer, 50);
    }
  };
  answer();
});
await new Promise<void>((resolve) => mailEndpoint.listen(0, E2E_HOST, resolve));
const mailPort = (mailEndpoint.address() as AddressInfo).port;

const database = fromPglite(await PGlite.create());
await database.migrate();
const env = loadEnv({
  NODE_ENV: 'test',
  APP_SECRET: 'e2e-admin-config-secret-e2e-admin-config',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camp-e2e-admin-')),
  // The real port is only known after listening; links in mails are not used by these tests.
  PUBLIC_URL: `http://${E2E_HOST}`,
  LOG_LEVEL: 'warn',
  SMTP_URL: smtp.url,
  ADMIN_EMAILS: adminEmails,
  LOGIN_CODE_MAX_PER_IP: '10000',
});
const app = await buildApp({ env, database });
await app.listen({ port: 0, host: E2E_HOST });
const appPort = (app.server.address() as AddressInfo).port;

console.log(
  `ADMIN_E2E_READY ${JSON.stringify({
    url: `http://${E2E_HOST}:${appPort}`,
    mailUrl: `http://${E2E_HOST}:${mailPort}`,
    smtpPort: smtp.port,
  })}`,
);

const stop = async () => {
  await app.close();
  mailEndpoint.close();
  await smtp.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
