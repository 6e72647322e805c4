import {
  JoinShiftWaitSchema,
  MyShiftWaitsSchema,
  ShiftWaitParamsSchema,
  ShiftWaitResponseSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/** A person's own shift lines (docs/product.md §10, decision 052): their entries, joining, offers, leaving. */
export const shiftWaitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.shiftWaits;
  const route = routeKit(app, { tags: ['waitlist'], errors: [400, 401, 403, 404, 409] });

  app.get(
    '/shift-waits/me',
    route.signedIn({
      summary:
        "The caller's places in shift lines of the registration year: open offers first, then by position",
      description:
        'Only open entries (WAITING or OFFERED). `position` is set for WAITING entries (1 is next); `active` is false ' +
        'while the registration holds no place in camp (WAITLISTED): the entry keeps its position but is offered ' +
        'nothing until then.',
      response: { 200: MyShiftWaitsSchema },
    }),
    async (request) => service.mine(callerOf(request)),
  );

  app.post(
    '/shift-waits',
    route.signedIn({
      summary: "Joins the waitlist of a full job with the caller's registration of the registration year",
      description:
        '409 without a registration of the year (not cancelled), when the caller already holds or waits for the ' +
        'job, when its waitlist is off, when it has a free place (choose it instead), or at ' +
        'SHIFT_WAITS_MAX open entries; 403 while registration is closed (as for a submission); 404 for a job ' +
        'that does not exist or is staff-only work for a participant. Waiting does not count towards the shifts needed.',
      body: JoinShiftWaitSchema,
      response: { 201: ShiftWaitResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ shiftWait: await service.join(callerOf(request), request.body.jobId) }),
  );

  app.post(
    '/shift-waits/:id/accept',
    route.signedIn({
      summary: "Accepts the caller's shift offer: the shift becomes one of the registration's shifts",
      description:
        '409 when the entry has no open offer, when the offer has expired (it is then put back at the end of the ' +
        "line) or when the registration holds no place in camp. Another person's entry is 404.",
      params: ShiftWaitParamsSchema,
      response: { 200: ShiftWaitResponseSchema },
    }),
    async (request) => ({ shiftWait: await service.accept(callerOf(request), request.params.id) }),
  );

  app.post(
    '/shift-waits/:id/decline',
    route.signedIn({
      summary:
        "Declines the caller's shift offer: the place goes to the next in line and the caller leaves the line",
      description: "409 when the entry has no open offer. Another person's entry is 404.",
      params: ShiftWaitParamsSchema,
      response: { 200: ShiftWaitResponseSchema },
    }),
    async (request) => ({ shiftWait: await service.decline(callerOf(request), request.params.id) }),
  );

  app.post(
    '/shift-waits/:id/leave',
    route.signedIn({
      summary: "Leaves a shift's waitlist (an open offer's place goes to the next in line)",
      description: "409 when the caller is no longer in the line. Another person's entry is 404.",
      params: ShiftWaitParamsSchema,
      response: { 200: ShiftWaitResponseSchema },
    }),
    async (request) => ({ shiftWait: await service.leave(callerOf(request), request.params.id) }),
  );
};
