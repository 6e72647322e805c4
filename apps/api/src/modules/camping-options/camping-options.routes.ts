import {
  CampingOptionFieldSchema,
  CampingOptionSchema,
  CampingOptionsQuerySchema,
  CreateCampingOptionFieldInputSchema,
  CreateCampingOptionInputSchema,
  ReorderCampingOptionFieldsInputSchema,
  UpdateCampingOptionFieldInputSchema,
  UpdateCampingOptionInputSchema,
} from '@camp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { catalogRoutes } from '../../plugins/catalog-routes';
import { idParams, noContent, routeKit } from '../../plugins/route-kit';
import type { OptionViewer } from './camping-option-rows';

const OptionParamsSchema = idParams('Invalid camping option id');
const FieldParamsSchema = z.object({
  id: z.uuid('Invalid camping option id'),
  fieldId: z.uuid('Invalid field id'),
});
const ReorderParamsSchema = z.object({ optionId: z.uuid('Invalid camping option id') });

/** Only an admin sees disabled options; for anyone else they do not exist. */
const viewerOf = (request: FastifyRequest, wantsDisabled = true): OptionViewer => ({
  includeDisabled: wantsDisabled && callerOf(request).role === 'ADMIN',
});

export const campingOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.campingOptions;
  const fields = app.services.campingOptionFields;
  const route = routeKit(app, { tags: ['camping-options'], errors: [400, 401, 403, 404, 409] });

  app.get(
    '/camping-options',
    route.signedIn({
      summary: 'Camping options: enabled ones; with ?includeDisabled=true an admin also gets disabled ones',
      querystring: CampingOptionsQuerySchema,
      response: { 200: z.array(CampingOptionSchema) },
    }),
    async (request) => service.list(viewerOf(request, request.query.includeDisabled)),
  );

  catalogRoutes(app, route, {
    path: '/camping-options',
    params: OptionParamsSchema,
    schema: CampingOptionSchema,
    create: { summary: 'Creates a camping option (admin)', body: CreateCampingOptionInputSchema },
    get: { summary: 'A camping option (a disabled one for admins only)' },
    update: {
      summary: 'Changes a camping option (admin); jobCategoryIds, when given, replaces the list',
      body: UpdateCampingOptionInputSchema,
    },
    remove: { summary: 'Deletes a camping option no registration refers to (admin)' },
    viewerOf,
    service,
  });

  app.get(
    '/camping-options/:id/fields',
    route.signedIn({
      summary: "A camping option's custom fields, in order",
      params: OptionParamsSchema,
      response: { 200: z.array(CampingOptionFieldSchema) },
    }),
    async (request) => fields.list(request.params.id, viewerOf(request)),
  );

  app.post(
    '/camping-options/:id/fields',
    route.adminOnly({
      summary:
        'Adds a custom field (admin): at `order` when given (the fields from there on move down), else last',
      params: OptionParamsSchema,
      body: CreateCampingOptionFieldInputSchema,
      response: { 201: CampingOptionFieldSchema },
    }),
    async (request, reply) => reply.code(201).send(await fields.create(request.params.id, request.body)),
  );

  app.patch(
    '/camping-options/:id/fields/:fieldId',
    route.adminOnly({
      summary: 'Changes a custom field (admin); a new data type clears the limits not sent with it',
      params: FieldParamsSchema,
      body: UpdateCampingOptionFieldInputSchema,
      response: { 200: CampingOptionFieldSchema },
    }),
    async (request) => fields.update(request.params.id, request.params.fieldId, request.body),
  );

  app.delete(
    '/camping-options/:id/fields/:fieldId',
    route.adminOnly({
      summary: 'Deletes a custom field no registration has a value for (admin)',
      params: FieldParamsSchema,
      response: noContent(),
    }),
    async (request, reply) => {
      await fields.remove(request.params.id, request.params.fieldId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/camping-option-fields/reorder/:optionId',
    route.adminOnly({
      summary: "Sets the order of an option's fields in one transaction (admin); answers the fields in order",
      params: ReorderParamsSchema,
      body: ReorderCampingOptionFieldsInputSchema,
      response: { 200: z.array(CampingOptionFieldSchema) },
    }),
    async (request) => fields.reorder(request.params.optionId, request.body.fieldOrders),
  );
};
