import type { FastifyInstance } from 'fastify';

/**
 * Same origin by default. CORS_ORIGINS may list extra origins (a front end served elsewhere); only those
 * get CORS headers, with credentials. No wildcard is ever sent.
 */
export function registerCors(app: FastifyInstance, origins: string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map((origin) => origin.replace(/\/+$/, '')));
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    void reply.header('Access-Control-Allow-Origin', origin);
    void reply.header('Access-Control-Allow-Credentials', 'true');
    void reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      void reply.header('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
      void reply.header('Access-Control-Allow-Headers', 'Authorization,Content-Type');
      void reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
