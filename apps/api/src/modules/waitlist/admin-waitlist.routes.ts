import {
  AdminShiftWaitMoveSchema,
  AdminShiftWaitParamsSchema,
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
        'lines. shifts: every job whose waitlist is on or that has people in line in the year, in festival ' +
        'order, with taken (PENDING and CONFIRMED link rows), held (open shift offers), maxRegistrations and ' +
        'its line of open entries (active is false while the registration holds no place in camp). totals: ' +
        'waitlisted registrations, open offers (camping and shift) and people in shift lines of the year.',
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

  // The shift lines (decision 052): the same four actions on one entry of a job's line.
  const shiftNote =
    "Runs under the year's fill lock, the registration's row lock and the entry's row lock, is audited with " +
    "the admin, and answers the year's lines as GET /admin/waitlist does. 404 when there is no such entry or " +
    'it has ended.';

  app.post(
    '/admin/waitlist/shift-waits/:shiftWaitId/offer',
    route.adminOnly({
      summary: "Offer now in a job's line: a place on the job out of line order, when one is free",
      description: `409 when the job is full (naming it, nothing changed), when the entry already has an open offer, or when the registration holds no place in camp. The offer holds one place on the job and is mailed. ${shiftNote}`,
      params: AdminShiftWaitParamsSchema,
      body: AdminWaitlistActionSchema.nullish(),
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.offerShiftWait(callerOf(request).id, request.params.shiftWaitId, request.body?.reason),
  );

  app.post(
    '/admin/waitlist/shift-waits/:shiftWaitId/skip',
    route.adminOnly({
      summary:
        "Ends an entry's open shift offer as skipped: the place goes to the next, the person to the end",
      description: `409 when the entry has no open offer. The person is mailed. ${shiftNote}`,
      params: AdminShiftWaitParamsSchema,
      body: AdminWaitlistActionSchema.nullish(),
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.skipShiftWait(callerOf(request).id, request.params.shiftWaitId, request.body?.reason),
  );

  app.post(
    '/admin/waitlist/shift-waits/:shiftWaitId/remove',
    route.adminOnly({
      summary:
        "Removes a person from a job's line (the registration stays as it is); an open offer is withdrawn",
      description: `Body: reason (required). The person is mailed with the reason. ${shiftNote}`,
      params: AdminShiftWaitParamsSchema,
      body: AdminWaitlistRemoveSchema,
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) =>
      service.removeShiftWait(callerOf(request).id, request.params.shiftWaitId, request.body.reason),
  );

  app.post(
    '/admin/waitlist/shift-waits/:shiftWaitId/move',
    route.adminOnly({
      summary: "Moves an entry one place up or down in its job's line",
      description: `Body: direction (up or down). Swaps line keys with the neighbour among the line's open entries; 409 at the top or bottom. ${shiftNote}`,
      params: AdminShiftWaitParamsSchema,
      body: AdminShiftWaitMoveSchema,
      response: { 200: AdminWaitlistSchema, ...errors(409) },
    }),
    async (request) => service.moveShiftWait(callerOf(request).id, request.params.shiftWaitId, request.body),
  );
};
