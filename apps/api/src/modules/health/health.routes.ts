import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../lib/app-error';
import { errors, routeKit } from '../../plugins/route-kit';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    routeKit(app, { tags: ['health'], errors: [] }).open({
      summary: 'Process up and database reachable',
      response: { 200: HealthSchema, ...errors(503) },
    }),
    async () => {
      try {
        await app.database.ping();
      } catch (error) {
        // The error handler answers it and logs it with its cause (decision 013: health keeps its message).
        throw serviceUnavailable('Database unreachable', error);
      }
      return { status: 'ok' as const, database: app.database.kind, uptimeSeconds: process.uptime() };
    },
  );
};
