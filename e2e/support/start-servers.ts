/**
 * Starts the e2e servers in one process: the real app, built exactly as `npm start` builds it, on fresh
 * in-memory databases. One holds a configured camp (including hostile HTML written straight to the
 * database, to prove the browser sanitizes at render too); the other has never been configured.
 * Both send their mail over SMTP to a real SMTP server on loopback (smtp-server + mailparser), whose
 * messages the tests read through a small HTTP endpoint (see MAIL_PORT), e.g. to sign in with the code.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { fromPglite } from '../../apps/api/src/db/client';
import { campConfig } from '../../apps/api/src/db/schema/index';
import { loadEnv } from '../../apps/api/src/env';
import { SmtpCapture } from '../../apps/api/test/smtp';
import { CONFIGURED_PORT, E2E_ADMIN_EMAILS, E2E_CAMP, E2E_HOST, FRESH_PORT, MAIL_PORT } from './servers';
import {
  REGISTRATION_ADMIN_EMAIL,
  REGISTRATION_EARLY_PORT,
  REGISTRATION_OPEN_PORT,
} from './registration-servers';

const paragraphs = Array.from(
  { length: 14 },
  (_, i) => `<p>Day ${i + 1}: shade, tea, art cars and lantern-making workshops for every camper.</p>`,
).join('');

const smtp = await new SmtpCapture().start();

/** GET /mail?to=…&min=1&waitMs=5000: the newest message to the address once `min` have arrived. */
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
await new Promise<void>((resolve) => mailEndpoint.listen(MAIL_PORT, E2E_HOST, resolve));

async function startServer(port: number, configure: boolean, adminEmails = E2E_ADMIN_EMAILS) {
  const database = fromPglite(await PGlite.create());
  await database.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camp-e2e-')),
    PORT: String(port),
    PUBLIC_URL: `http://${E2E_HOST}:${port}`,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: adminEmails.join(','),
    // Every test signs in from 127.0.0.1: the per-address limit stays as shipped, the per-IP one is raised.
    LOGIN_CODE_MAX_PER_IP: '10000',
  });
  const app = await buildApp({ env, database });
  if (configure) {
    await app.services.config.save({
      campName: E2E_CAMP.campName,
      campDescription: '<p>placeholder</p>',
      homePageBlurb: `<h2>${E2E_CAMP.blurbHeading}</h2>${paragraphs}`,
      registrationYear: E2E_CAMP.registrationYear,
      registrationOpen: true,
    });
    // Straight to the database, past the save-time sanitizer: the browser must still neutralise it.
    await database.db.update(campConfig).set({
      campDescription:
        `<p>${E2E_CAMP.descriptionText.replace('&', '&amp;')}</p>` +
        '<img src="/missing.png" alt="" onerror="window.__xss = \'img\'">' +
        "<script>window.__xss = 'script'</script>" +
        '<a href="javascript:window.__xss=\'link\'">tea menu</a>',
    });
    app.services.config.invalidate();
  }
  await app.listen({ port, host: E2E_HOST });
  return app;
}

const apps = await Promise.all([startServer(CONFIGURED_PORT, true), startServer(FRESH_PORT, false)]);
// e2e/registration.spec.ts configures these two itself and waits for them (see registration-servers.ts).
// Started one after the other, after the first two: four servers migrating at once can starve one of them.
for (const port of [REGISTRATION_OPEN_PORT, REGISTRATION_EARLY_PORT]) {
  apps.push(await startServer(port, false, [REGISTRATION_ADMIN_EMAIL]));
}
console.log(
  `e2e servers ready on ${CONFIGURED_PORT} and ${FRESH_PORT}; SMTP on ${smtp.port}, mail endpoint on ${MAIL_PORT}`,
);

const stop = async () => {
  await Promise.all(apps.map((app) => app.close()));
  mailEndpoint.close();
  await smtp.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
