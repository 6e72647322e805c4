import {
  CampRegistrationSchema,
  ErrorBodySchema,
  MyRegistrationsQuerySchema,
  RegistrationSchema,
  RegistrationsQuerySchema,
  RegistrationSubmissionSchema,
  SubmitRegistrationResponseSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['registrations'];

/** The wizard's submission and the dashboard's reads (spec §7 Registrations). */
export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.registrations;
  // Authentication runs on onRequest, before validation: without the right a caller gets 401/403 whatever
  // the body holds.
  const signedIn = { onRequest: app.authenticate };
  const staffOnly = { onRequest: app.requireRole('STAFF', 'ADMIN') };

  app.post(
    '/registrations/camp',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          'Registers the caller for the configured year: camping options, custom fields, shifts, terms. Dues are computed here.',
        body: RegistrationSubmissionSchema,
        response: { 201: SubmitRegistrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.submit(callerOf(request), request.body)),
  );

  app.get(
    '/registrations/me',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "The caller's registrations, newest year first (optionally of one year)",
        querystring: MyRegistrationsQuerySchema,
        response: { 200: z.array(RegistrationSchema), ...errors },
      },
    },
    async (request) => service.listForUser(callerOf(request).id, request.query.year),
  );

  app.get(
    '/registrations/camp/me',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary:
          "The caller's camp registration: options and custom field answers of the current registration",
        response: { 200: CampRegistrationSchema, ...errors },
      },
    },
    async (request) => service.campRegistration(callerOf(request).id),
  );

  app.get(
    '/registrations',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        summary: 'Registrations of everyone, optionally of one user, job or year (staff and admins)',
        querystring: RegistrationsQuerySchema,
        response: { 200: z.array(RegistrationSchema), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
};
