import { SecurityEventListSchema, SecurityEventsQuerySchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../plugins/route-kit';

/** GET /admin/security-events: the security events (decision 022), newest first, for admins. */
export const securityEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['security-events'], errors: [400, 401, 403] });

  app.get(
    '/admin/security-events',
    route.adminOnly({
      summary: 'Sign-in, session and admin-change events, one page at a time, newest first',
      description:
        'Filters: type, email (exact). Pages: page from 1, limit 1 to 100 (default 50). `total` counts the ' +
        'events matching the filters. Details hold the reason or the changed fields (old and new, secrets ' +
        'redacted).',
      querystring: SecurityEventsQuerySchema,
      response: { 200: SecurityEventListSchema },
    }),
    async (request) => app.services.securityEvents.list(request.query),
  );
};
