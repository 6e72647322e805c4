import {
  seesOthersMoney,
  RegistrationReportQuerySchema,
  RegistrationReportSchema,
  UserReportQuerySchema,
  UserReportSchema,
} from '@camp/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/** Sends text that already is the route's JSON answer: a string with a JSON content type skips the serializer. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The reports (docs/product.md §2 Reports, §6; decision 019) for staff and admins. The payment report reads GET
 * /payments (admins) and the work schedule GET /shifts/with-jobs-and-registrations.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reports;
  const route = routeKit(app, { tags: ['reports'], errors: [400, 401, 403] });

  app.get(
    '/reports/registrations',
    route.staffOnly({
      summary:
        'The registration report: every matching registration with its person, choices and answers (and money for admins)',
      description:
        'Staff and admins. Filters: year, status, campingOptionId (registrations holding that option). Not ' +
        'paginated; newest registered first. Each row has the person (profile fields), camping options, jobs ' +
        '(with shift, day and times), custom field answers by field id and, for admins only, paidAmount ' +
        '(completed payments less refunds) and outstandingAmount (pending payments), in dollars; staff get ' +
        'no money. `counts` count the rows returned by ' +
        'status; `fields` are every custom field (the columns); `years` every year with registrations, newest ' +
        'first (the year filter). Three statements whatever the size of the camp.',
      querystring: RegistrationReportQuerySchema,
      response: { 200: RegistrationReportSchema },
    }),
    // The answer is JSON text PostgreSQL wrote (decision 024): sent as it is, not parsed and re-encoded by the
    // zod serializer (a string with a JSON content type skips it); reports.test.ts checks it against the schema.
    async (request, reply) =>
      sendJsonText(
        reply,
        await service.registrationsJson(request.query, { money: seesOthersMoney(callerOf(request).role) }),
      ),
  );

  app.get(
    '/reports/users',
    route.staffOnly({
      summary: 'The user report: everyone, active (registered for the year, not cancelled) or inactive',
      description:
        'Staff and admins. year (default the registration year), status active or inactive, role. Not ' +
        'paginated; by last name, first name, e-mail. `counts` (total, active, inactive) apply the role ' +
        'filter but not status. One statement.',
      querystring: UserReportQuerySchema,
      response: { 200: UserReportSchema },
    }),
    async (request) => service.users(request.query),
  );
};
