import {
  AdminCampConfigSchema,
  CreateCampConfigInputSchema,
  PublicConfigSchema,
  UpdateCampConfigInputSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noneMatch } from '../../lib/etag';
import { errors, routeKit } from '../../plugins/route-kit';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['config'], errors: [400, 401, 403] });

  app.get(
    '/public/config',
    route.open({
      summary: 'The public camp configuration (no secrets); a default one when none is stored',
      description:
        'Answers with an ETag and `Cache-Control: no-cache`: a client that sends it back in If-None-Match ' +
        'gets 304 with no body while the configuration is unchanged.',
      response: { 200: PublicConfigSchema, 304: z.void().describe('Not modified') },
    }),
    async (request, reply) => {
      // Serialized once per change (ConfigService caches the JSON with its tag), not once per request.
      const view = await app.services.config.getPublicView();
      void reply.header('ETag', view.etag).header('Cache-Control', 'no-cache');
      if (noneMatch(request.headers['if-none-match'], view.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(view.json as never);
    },
  );

  app.get(
    '/core-config/current',
    route.adminOnly({
      summary: 'The full configuration for admins; secrets only as "is set" flags',
      response: { 200: AdminCampConfigSchema, ...errors(404) },
    }),
    async () => app.services.config.getAdmin(),
  );

  app.patch(
    '/core-config/current',
    route.adminOnly({
      summary: 'Changes the configuration; blank or absent secrets keep the stored ones',
      description: "404 'Configuration not found' while none is stored: create it with POST /core-config.",
      body: UpdateCampConfigInputSchema,
      response: { 200: AdminCampConfigSchema, ...errors(404) },
    }),
    async (request) => app.services.config.updateAdmin(request.body),
  );

  app.post(
    '/core-config',
    route.adminOnly({
      summary: 'Creates the configuration (409 when one exists)',
      body: CreateCampConfigInputSchema,
      response: { 201: AdminCampConfigSchema, ...errors(409) },
    }),
    async (request, reply) => reply.code(201).send(await app.services.config.createAdmin(request.body)),
  );
};
