import {
  CampingOptionFieldSchema,
  CampingOptionSchema,
  CampingOptionsQuerySchema,
  CreateCampingOptionFieldInputSchema,
  CreateCampingOptionInputSchema,
  ErrorBodySchema,
  ReorderCampingOptionFieldsInputSchema,
  UpdateCampingOptionFieldInputSchema,
  UpdateCampingOptionInputSchema,
} from '@camp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import type { OptionViewer } from './camping-options.service';

const OptionParamsSchema = z.object({ id: z.uuid('Invalid camping option id') });
const FieldParamsSchema = z.object({
  id: z.uuid('Invalid camping option id'),
  fieldId: z.uuid('Invalid field id'),
});
const ReorderParamsSchema = z.object({ optionId: z.uuid('Invalid camping option id') });

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const tags = ['camping-options'];

/** Only an admin sees disabled options; for anyone else they do not exist. */
const viewerOf = (request: FastifyRequest, wantsDisabled = true): OptionViewer => ({
  includeDisabled: wantsDisabled && callerOf(request).role === 'ADMIN',
});

export const campingOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.campingOptions;
  // Authentication runs on onRequest, before validation: a caller without the right gets 401/403 whatever
  // the body holds, and learns nothing of our rules.
  const signedIn = { onRequest: app.authenticate };
  const adminOnly = { onRequest: app.requireRole('ADMIN') };

  app.get(
    '/camping-options',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Camping options: enabled ones; with ?includeDisabled=true an admin also gets disabled ones',
        querystring: CampingOptionsQuerySchema,
        response: { 200: z.array(CampingOptionSchema), ...errors },
      },
    },
    async (request) => service.list(viewerOf(request, request.query.includeDisabled)),
  );

  app.post(
    '/camping-options',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Creates a camping option (admin)',
        body: CreateCampingOptionInputSchema,
        response: { 201: CampingOptionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.get(
    '/camping-options/:id',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'A camping option (a disabled one for admins only)',
        params: OptionParamsSchema,
        response: { 200: CampingOptionSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id, viewerOf(request)),
  );

  app.patch(
    '/camping-options/:id',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Changes a camping option (admin); jobCategoryIds, when given, replaces the list',
        params: OptionParamsSchema,
        body: UpdateCampingOptionInputSchema,
        response: { 200: CampingOptionSchema, ...errors },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/camping-options/:id',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Deletes a camping option no registration refers to (admin)',
        params: OptionParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/camping-options/:id/fields',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: "A camping option's custom fields, in order",
        params: OptionParamsSchema,
        response: { 200: z.array(CampingOptionFieldSchema), ...errors },
      },
    },
    async (request) => service.listFields(request.params.id, viewerOf(request)),
  );

  app.post(
    '/camping-options/:id/fields',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Adds a custom field at the end of the order (admin)',
        params: OptionParamsSchema,
        body: CreateCampingOptionFieldInputSchema,
        response: { 201: CampingOptionFieldSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createField(request.params.id, request.body)),
  );

  app.patch(
    '/camping-options/:id/fields/:fieldId',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Changes a custom field (admin); a new data type clears the limits not sent with it',
        params: FieldParamsSchema,
        body: UpdateCampingOptionFieldInputSchema,
        response: { 200: CampingOptionFieldSchema, ...errors },
      },
    },
    async (request) => service.updateField(request.params.id, request.params.fieldId, request.body),
  );

  app.delete(
    '/camping-options/:id/fields/:fieldId',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary: 'Deletes a custom field no registration has a value for (admin)',
        params: FieldParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeField(request.params.id, request.params.fieldId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/camping-option-fields/reorder/:optionId',
    {
      ...adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Sets the order of an option's fields in one transaction (admin); answers the fields in order",
        params: ReorderParamsSchema,
        body: ReorderCampingOptionFieldsInputSchema,
        response: { 200: z.array(CampingOptionFieldSchema), ...errors },
      },
    },
    async (request) => service.reorderFields(request.params.optionId, request.body.fieldOrders),
  );
};
