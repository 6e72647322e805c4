import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { authRoutes } from './modules/auth/auth.routes';
import { configRoutes } from './modules/config/config.routes';
import { ConfigService } from './modules/config/config.service';
import { healthRoutes } from './modules/health/health.routes';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWeb } from './plugins/web';

export interface Services {
  config: ConfigService;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    services: Services;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Pino options, or false for silence (tests). Defaults to the env's LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
}

export const API_PREFIX = '/api';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole application, without listening: the server and the tests build the very same app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? {
      level: env.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    trustProxy: env.isProduction,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
  });

  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('services', { config: new ConfigService(database.db, now) });

  registerErrorHandling(app);
  registerCors(app, env.corsOrigins);
  await registerSecurityHeaders(app, { publicUrl: env.publicUrl, corsOrigins: env.corsOrigins });
  await app.register(cookie, { secret: env.appSecret });
  await registerOpenApi(app, { publicUrl: env.publicUrl });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(authRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, { distDir: options.webDistDir ?? DEFAULT_WEB_DIST, apiBaseUrl: API_PREFIX });
  return app;
}
