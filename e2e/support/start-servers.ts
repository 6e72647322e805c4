/**
 * Starts the e2e servers in one process: the real app, built exactly as `npm start` builds it, on fresh
 * in-memory databases. One holds a configured camp (including hostile HTML written straight to the
 * database, to prove the browser sanitizes at render too); the other has never been configured.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { fromPglite } from '../../apps/api/src/db/client';
import { campConfig } from '../../apps/api/src/db/schema/index';
import { loadEnv } from '../../apps/api/src/env';
import { CONFIGURED_PORT, E2E_CAMP, E2E_HOST, FRESH_PORT } from './servers';

const paragraphs = Array.from(
  { length: 14 },
  (_, i) => `<p>Day ${i + 1}: shade, tea, art cars and lantern-making workshops for every camper.</p>`,
).join('');

async function startServer(port: number, configure: boolean) {
  const database = fromPglite(await PGlite.create());
  await database.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camp-e2e-')),
    PORT: String(port),
    PUBLIC_URL: `http://${E2E_HOST}:${port}`,
    LOG_LEVEL: 'warn',
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
console.log(`e2e servers ready on ${CONFIGURED_PORT} and ${FRESH_PORT}`);

const stop = async () => {
  await Promise.all(apps.map((app) => app.close()));
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
