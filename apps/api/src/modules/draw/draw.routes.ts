import {
  AdminDrawQuerySchema,
  AdminDrawSchema,
  DrawEntryParamsSchema,
  DrawEntrySchema,
  MyDrawEntrySchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/** The fair start's draw (docs/product.md §10, decision 049): a person's entry, and the admins' draw. */
export const drawRoutes: FastifyPluginAsyncZod = async (app) => {
  const entries = app.services.registrations.drawEntries;
  const route = routeKit(app, { tags: ['draw'], errors: [400, 401, 403, 404, 409] });

  app.get(
    '/draw-entries/me',
    route.signedIn({
      summary: "The caller's draw entry of the registration year (null when none or withdrawn)",
      response: { 200: MyDrawEntrySchema },
    }),
    async (request) => ({
      drawEntry: await app.services.registrations.myDrawEntry(callerOf(request).id),
    }),
  );

  app.post(
    '/draw-entries/:id/withdraw',
    route.signedIn({
      summary: "Withdraws the caller's draw entry before the draw",
      description: "409 once it has been drawn or withdrawn. Another person's entry is 404.",
      params: DrawEntryParamsSchema,
      response: { 200: DrawEntrySchema },
    }),
    async (request) => entries.withdraw(callerOf(request), request.params.id),
  );

  app.get(
    '/admin/draw',
    route.adminOnly({
      summary: "A year's application window, draw entries and draw (admins)",
      description:
        'The registration year unless ?year is given. The seed is answered once the draw has run, with its summary.',
      querystring: AdminDrawQuerySchema,
      response: { 200: AdminDrawSchema },
    }),
    async (request) => app.services.drawAdmin.get(request.query.year),
  );

  app.post(
    '/admin/draw/run',
    route.adminOnly({
      summary: "Draws the registration year's places now (admins)",
      description:
        'Winners get their places (PENDING with dues owed, else CONFIRMED), everyone else joins the waitlist in drawn ' +
        'order. 409 when the year has no application window or has been drawn already.',
      response: { 200: AdminDrawSchema },
    }),
    async (request) => app.services.drawAdmin.runNow(callerOf(request)),
  );
};
