import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface WebOptions {
  /** Folder of the built web app (apps/web/dist); nothing is served when it does not exist. */
  distDir: string;
  apiBaseUrl: string;
}

/**
 * Serves the built React app from `/` and its runtime configuration from `/runtime-config.js`.
 * Hashed assets are cached for a year; index.html and the runtime config are never cached.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const runtimeConfig = `window.__APP_CONFIG__ = ${JSON.stringify({ apiBaseUrl: options.apiBaseUrl })};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(runtimeConfig);
  });

  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app is not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: ['index.html'],
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The app routes after the '#'. A path typed without it (/dashboard) is sent to its hash route.
  app.addHook('onSend', async (request, reply, payload) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    if (
      reply.statusCode === 404 &&
      request.method === 'GET' &&
      !pathOnly.startsWith('/api') &&
      !path.extname(pathOnly) &&
      (request.headers.accept ?? '').includes('text/html')
    ) {
      void reply.code(302).header('Location', `/#${request.url}`).type('text/plain; charset=utf-8');
      return 'Redirecting';
    }
    return payload;
  });
}
