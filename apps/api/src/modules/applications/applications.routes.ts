import {
  AdminApplicationListSchema,
  ApplicationDecisionInputSchema,
  ApplicationDecisionResultSchema,
  ApplicationListQuerySchema,
  ApplicationSettingsInputSchema,
  ApplicationSettingsSchema,
  ApplyInputSchema,
  MyApplicationSchema,
  MyApplicationStateSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';

/**
 * Application approval (docs/product.md §12 Application approval, decision 065): a newcomer's own application for
 * the registration year (signed in), and the admins' list, decisions and settings (admin only; participants and
 * staff get 403 whatever they send, the guard running before validation, decision 036).
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['applications'], errors: [400, 401, 403] });
  const service = () => app.services.applications;

  app.get(
    '/applications/me',
    route.signedIn({
      summary: 'Where the caller stands with applications for the registration year',
      description:
        'exempt: staff, admins, and returning members when the year exempts them. application: the caller’s own ' +
        'of the year, or null (even when exempt).',
      response: { 200: MyApplicationStateSchema },
    }),
    async (request) => service().mine(callerOf(request)),
  );

  app.put(
    '/applications/me',
    route.signedIn({
      summary: "Makes (201, mailed) or, while it is pending, changes (200) the caller's application",
      description:
        'The year needs none, the caller needs none, or it was already decided: 409. An incomplete profile, or ' +
        'answers that do not fit the questions: 400.',
      body: ApplyInputSchema,
      response: { 200: MyApplicationSchema, 201: MyApplicationSchema, ...errors(409) },
    }),
    async (request, reply) => {
      const { created, application } = await service().apply(callerOf(request), request.body);
      return reply.code(created ? 201 : 200).send(application);
    },
  );

  app.get(
    '/applications',
    route.adminOnly({
      summary: "The registration year's applications, oldest first, with their history (admin only)",
      description: 'q: part of the first, last or playa name, or of the e-mail address, in any case.',
      querystring: ApplicationListQuerySchema,
      response: { 200: AdminApplicationListSchema },
    }),
    async (request) => service().list(request.query),
  );

  app.post(
    '/applications/decisions',
    route.adminOnly({
      summary: 'Approves or declines applications of the registration year, each mailed (admin only)',
      description:
        'All or nothing: an unknown id, or one of another year, is 404 and nothing changes. Deciding again is ' +
        'allowed and recorded.',
      body: ApplicationDecisionInputSchema,
      response: { 200: ApplicationDecisionResultSchema, ...errors(404) },
    }),
    async (request) => service().decide(callerOf(request).id, request.body),
  );

  app.get(
    '/applications/settings',
    route.adminOnly({
      summary: "The registration year's application settings (admin only)",
      response: { 200: ApplicationSettingsSchema },
    }),
    async () => service().settings(),
  );

  app.put(
    '/applications/settings',
    route.adminOnly({
      summary: "Saves the registration year's application settings (admin only)",
      body: ApplicationSettingsInputSchema,
      response: { 200: ApplicationSettingsSchema },
    }),
    async (request) => service().saveSettings(request.body),
  );
};
