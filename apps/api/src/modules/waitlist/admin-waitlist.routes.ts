import {
  AdminWaitlistActionSchema,
  AdminWaitlistMoveSchema,
  AdminWaitlistParamsSchema,
  AdminWaitlistQuerySchema,
  AdminWaitlistRemoveSchema,
  AdminWaitlistSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';

/** The admins' Waitlist screen (docs/product.md §10, §7 `/admin/waitlist`, decision 048). */
export const adminWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminWaitlist;
  const route = routeKit(app, { tags: ['waitlist'], errors: [400, 401, 403, 404] });
  const actionNote =
    "Runs under the year's fill lock and the registration's row lock, is audited with the admin, and answers " +
    "the year's lines as GET /admin/waitlist does. 404 when there is no such registration, 409 when it is not " +
    'on the waitlist.';

  app.get(
    '/admin/waitlist',
    route.adminOnly({
      summary: "The waitlist's lines of a year: every camping option, its places and its line in order",
      description:
        'year defaults to the registration year. Every camping option appears, also those nobody waits for: ' +
        'taken (PENDING and CONFIRMED), held (open offers), maxSignups (0 is unlimited), waitlistEnabled, and ' +
        'the line of WAITLISTED registrations in line order with the position (1 is next), name, e-mail, ' +
        'joinedAt, the open offer and the last ended offer. A registration waiting for two options is in both ' +
        'lines. totals: waitlisted registrations and open offers of the year.',
      querystring: AdminWaitlistQuerySchema,
      response: { 200: AdminWaitlistSchema },
    }),
    async (request) => service.list(request.query.year),
  );

  app.post(
    '/admin/waitlist/:registrationId/offer',
    route.adminOnly({
      summary: 'Offer now: an offer out of line order when every option of the registration has a free place',
      description: `409 naming each full option (nothing changed), or when an offer is already open. The offer holds the places like the line's offers and is mailed. ${actionNote}`,
      params: AdminWaitlistParamsSchema,
      body: AdminWaitlistActionSchema.nullish(),
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.offer(callerOf(request).id, request.params.registrationId, request.body?.reason),
  );

  app.post(
    '/admin/waitlist/:registrationId/skip',
    route.adminOnly({
      summary:
        'Ends the open offer as SKIPPED: its places go to the next in line, the person goes to the end',
      description: `409 when there is no open offer. The person is mailed. ${actionNote}`,
      params: AdminWaitlistParamsSchema,
      body: AdminWaitlistActionSchema.nullish(),
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.skip(callerOf(request).id, request.params.registrationId, request.body?.reason),
  );

  app.post(
    '/admin/waitlist/:registrationId/remove',
    route.adminOnly({
      summary:
        'Removes the registration from the waitlist: CANCELLED with the reason, any open offer withdrawn',
      description: `Body: reason (required). The person is mailed with the reason. ${actionNote}`,
      params: AdminWaitlistParamsSchema,
      body: AdminWaitlistRemoveSchema,
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.remove(callerOf(request).id, request.params.registrationId, request.body.reason),
  );

  app.post(
    '/admin/waitlist/:registrationId/move',
    route.adminOnly({
      summary: 'Moves the registration one place up or down in the line of one camping option',
      description: `Body: campingOptionId, direction (up or down). Swaps line keys with the neighbour in that line; 409 at the top or bottom, or when the registration does not wait for the option. ${actionNote}`,
      params: AdminWaitlistParamsSchema,
      body: AdminWaitlistMoveSchema,
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) => service.move(callerOf(request).id, request.params.registrationId, request.body),
  );
};
