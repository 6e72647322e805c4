import {
  AdminRegistrationParamsSchema,
  CampRegistrationSchema,
  MyRegistrationsQuerySchema,
  RegistrationListItemSchema,
  RegistrationSchema,
  RegistrationsQuerySchema,
  RegistrationSubmissionSchema,
  seesOthersMoney,
  ShiftChangesSchema,
  SubmitCampResponseSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/** The wizard's submission and the dashboard's reads (docs/product.md §7 Registrations). */
export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.registrations;
  const route = routeKit(app, { tags: ['registrations'], errors: [400, 401, 403, 404, 409] });

  app.post(
    '/registrations/camp',
    route.signedIn({
      summary:
        'Registers the caller for the configured year: camping options, custom fields, shifts, terms. Dues are computed here.',
      description:
        'While the application window is open (docs/product.md §10) the same submission, with an optional `campWith` ' +
        'list, is stored as a draw entry instead (`{ drawEntry }`): no place is taken and nothing is owed. Before the ' +
        'window opens 403 says when it opens; after it closes 409 until the draw has run.',
      body: RegistrationSubmissionSchema,
      response: { 201: SubmitCampResponseSchema },
    }),
    async (request, reply) => reply.code(201).send(await service.submit(callerOf(request), request.body)),
  );

  app.post(
    '/registrations/:id/leave-waitlist',
    route.signedIn({
      summary:
        'Leaves the waitlist: the caller’s own WAITLISTED registration is cancelled ("Left the waitlist"); an open offer is withdrawn and its places go to the next in line',
      params: AdminRegistrationParamsSchema,
      response: { 200: RegistrationSchema },
    }),
    async (request) => service.leaveWaitlist(callerOf(request), request.params.id),
  );

  app.post(
    '/registrations/me/shift-changes',
    route.signedIn({
      summary:
        "Changes the caller's own shifts of the registration year in one step: drops `drop`, takes `take` (docs/product.md §11)",
      description:
        'Allowed while registration is open for the caller or until the configuration’s `shiftChangesClose` date ' +
        '(inclusive, camp time zone), for a registration that holds places (PENDING or CONFIRMED); otherwise 409. ' +
        'The shifts held afterwards keep the wizard’s shift rules (400), a taken shift may not overlap another ' +
        'held (400), a retired job or a dropped shift that has started or been checked in is 409, a full job 409; ' +
        'a refused change stores nothing. Answers the registration as GET /registrations/me does.',
      body: ShiftChangesSchema,
      response: { 200: RegistrationSchema },
    }),
    async (request) => service.changeShifts(callerOf(request), request.body),
  );

  app.get(
    '/registrations/me',
    route.signedIn({
      summary: "The caller's registrations, newest year first (optionally of one year)",
      querystring: MyRegistrationsQuerySchema,
      response: { 200: z.array(RegistrationSchema) },
    }),
    async (request) => service.listForUser(callerOf(request).id, request.query.year),
  );

  app.get(
    '/registrations/camp/me',
    route.signedIn({
      summary: "The caller's camp registration: options and custom field answers of the current registration",
      response: { 200: CampRegistrationSchema },
    }),
    async (request) => service.campRegistration(callerOf(request).id),
  );

  app.get(
    '/registrations',
    route.staffOnly({
      summary: 'Registrations of everyone, optionally of one user, job or year (staff and admins)',
      description: 'Admins get each registration’s payments; staff get no payments key (staff see no money).',
      querystring: RegistrationsQuerySchema,
      response: { 200: z.array(RegistrationListItemSchema) },
    }),
    async (request) => service.list(request.query, { withPayments: seesOthersMoney(callerOf(request).role) }),
  );
};
