import { AcceptOfferSchema, OfferIdParamsSchema, RegistrationSchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

/** A person's answer to their waitlist offer (docs/product.md §10, decision 048). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.waitlistOffers;
  const route = routeKit(app, { tags: ['waitlist'], errors: [400, 401, 403, 404, 409] });

  app.post(
    '/waitlist-offers/:id/accept',
    route.signedIn({
      summary: "Accepts the caller's waitlist offer: the registration turns PENDING (dues owed) or CONFIRMED",
      description:
        'Without `jobs` the registration keeps its shifts; with `jobs` they replace them. The shift rules of the ' +
        'wizard apply. 409 when the offer is no longer open or has expired, or when a shift is full (the first ' +
        'message is then the "choose other shifts" text, followed by each full shift; nothing changes). Another ' +
        "person's offer is 404.",
      params: OfferIdParamsSchema,
      body: AcceptOfferSchema.optional(),
      response: { 200: RegistrationSchema },
    }),
    async (request) => service.accept(callerOf(request), request.params.id, request.body ?? {}),
  );

  app.post(
    '/waitlist-offers/:id/decline',
    route.signedIn({
      summary:
        "Declines the caller's waitlist offer: the place goes to the next in line, the registration is cancelled",
      description: "409 when the offer is no longer open or has expired. Another person's offer is 404.",
      params: OfferIdParamsSchema,
      response: { 200: RegistrationSchema },
    }),
    async (request) => service.decline(callerOf(request), request.params.id),
  );
};
