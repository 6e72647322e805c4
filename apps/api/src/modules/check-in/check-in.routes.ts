import {
  CheckInMarkInputSchema,
  CheckInPersonSchema,
  CheckInRowParamsSchema,
  CheckInShiftDetailSchema,
  CheckInShiftListSchema,
  CheckInShiftParamsSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/**
 * Check-in (docs/product.md §11 Check-in, decision 058): staff and admins list the shifts, open one, and mark who
 * showed up. Names only: no e-mail, phone or payment data.
 */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.checkIn;
  const route = routeKit(app, { tags: ['check-in'], errors: [400, 401, 403, 404] });

  app.get(
    '/check-in/shifts',
    route.staffOnly({
      summary: 'Every shift to check in, in time order, with its people and marks counted',
      description:
        'Counts the registrations of the registration year that hold places (Pending, Confirmed). With event ' +
        'dates each shift has its date and moments; without them those are null. A retired shift is listed only ' +
        'while people are on it.',
      response: { 200: CheckInShiftListSchema },
    }),
    async () => service.shifts(),
  );

  app.get(
    '/check-in/shifts/:id',
    route.staffOnly({
      summary: "One shift's jobs and the people on them, with their marks",
      description: 'One row per person and job (its id is what PUT /check-in/people/{id} marks).',
      params: CheckInShiftParamsSchema,
      response: { 200: CheckInShiftDetailSchema },
    }),
    async (request) => service.shift(request.params.id),
  );

  app.put(
    '/check-in/people/:id',
    route.staffOnly({
      summary: "Marks one person's job: SHOWED, NO_SHOW, or null to clear",
      description:
        'Writes one SHIFT_ATTENDANCE audit record on the registration; the same mark again changes nothing. 404 ' +
        'for a row that is not of a registration of the registration year holding places.',
      params: CheckInRowParamsSchema,
      body: CheckInMarkInputSchema,
      response: { 200: CheckInPersonSchema },
    }),
    async (request) => service.mark(callerOf(request).id, request.params.id, request.body.attendance),
  );
};
