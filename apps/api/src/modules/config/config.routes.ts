import {
  AdminCampConfigSchema,
  CreateCampConfigInputSchema,
  ErrorBodySchema,
  PublicConfigSchema,
  UpdateCampConfigInputSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The public camp configuration (no secrets); a default one when none is stored',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => app.services.config.getPublic(),
  );

  // Admin routes check the role on request, before the body is read: a non-admin learns nothing from
  // validation messages.
  const adminOnly = app.requireRole('ADMIN');

  app.get(
    '/core-config/current',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['config'],
        summary: 'The full configuration for admins; secrets only as "is set" flags',
        security: [{ bearerAuth: [] }],
        response: { 200: AdminCampConfigSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async () => app.services.config.getAdmin(),
  );

  app.patch(
    '/core-config/current',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['config'],
        summary: 'Changes the configuration; blank or absent secrets keep the stored ones',
        description: "404 'Configuration not found' while none is stored: create it with POST /core-config.",
        security: [{ bearerAuth: [] }],
        body: UpdateCampConfigInputSchema,
        response: { 200: AdminCampConfigSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => app.services.config.updateAdmin(request.body),
  );

  app.post(
    '/core-config',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['config'],
        summary: 'Creates the configuration (409 when one exists)',
        security: [{ bearerAuth: [] }],
        body: CreateCampConfigInputSchema,
        response: { 201: AdminCampConfigSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await app.services.config.createAdmin(request.body)),
  );
};
