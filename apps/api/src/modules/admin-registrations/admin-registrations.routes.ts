import {
  AdminRegistrationCampingOptionsSchema,
  AdminRegistrationListSchema,
  AdminRegistrationParamsSchema,
  AdminRegistrationsQuerySchema,
  AuditTrailSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../plugins/route-kit';

/** The admin's registration desk, its reads (spec §2 Manage Registrations, §7 `/admin/registrations`). */
export const adminRegistrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminRegistrations;
  const route = routeKit(app, { tags: ['admin-registrations'], errors: [400, 401, 403, 404] });

  app.get(
    '/admin/registrations',
    route.adminOnly({
      summary: 'Registrations of everyone, one page at a time, newest first, with the status counts',
      description:
        'Filters: year; status; email (part of it); name (part of the first, last or playa name, or of ' +
        '"first last"); text filters ignore case. Pages: page from 1, limit 10, 25 (default), 50 or 100. ' +
        'Sorted by registered date, newest first (then id). `total` is the number of registrations matching ' +
        'every filter (what the pages hold). `counts` (total, confirmed, pending, cancelled) apply every ' +
        'filter EXCEPT status, so the count cards still compare the statuses while one status is chosen.',
      querystring: AdminRegistrationsQuerySchema,
      response: { 200: AdminRegistrationListSchema },
    }),
    async (request) => service.list(request.query),
  );

  app.get(
    '/admin/registrations/:id/camping-options',
    route.adminOnly({
      summary: "A registration's camping options, by name (404 when there is no such registration)",
      params: AdminRegistrationParamsSchema,
      response: { 200: AdminRegistrationCampingOptionsSchema },
    }),
    async (request) => service.campingOptions(request.params.id),
  );

  app.get(
    '/admin/registrations/:id/audit-trail',
    route.adminOnly({
      summary:
        "A registration's audit records, newest first; adminUser is null when the admin was deleted (404 when there is no such registration)",
      params: AdminRegistrationParamsSchema,
      response: { 200: AuditTrailSchema },
    }),
    async (request) => service.auditTrail(request.params.id),
  );
};
