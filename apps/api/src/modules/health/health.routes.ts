import { ErrorBodySchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Process up and database reachable',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .code(503)
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'Database unreachable' });
      }
      return { status: 'ok' as const, database: app.database.kind, uptimeSeconds: process.uptime() };
    },
  );
};
