import {
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
  ErrorBodySchema,
  JobCategorySchema,
  JobSchema,
  JobsQuerySchema,
  ScheduleQuerySchema,
  ShiftRegistrationSchema,
  ShiftSchema,
  ShiftsQuerySchema,
  UpdateJobCategoryInputSchema,
  UpdateJobInputSchema,
  UpdateShiftInputSchema,
  WorkScheduleShiftSchema,
} from '@camp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { workViewer } from './work-common';

const CategoryParamsSchema = z.object({ id: z.uuid('Invalid job category id') });
const JobParamsSchema = z.object({ id: z.uuid('Invalid job id') });
const ShiftParamsSchema = z.object({ id: z.uuid('Invalid shift id') });

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const security = [{ bearerAuth: [] }];
const deleted = { 204: z.null().describe('Deleted'), ...errors };

const viewerOf = (request: FastifyRequest) => workViewer(callerOf(request).role);

/** Job categories, jobs and shifts (spec §7). Reads for anyone signed in, writes for admins. */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobCategories, jobs, shifts } = app.services;
  // Authentication runs on onRequest, before validation: a caller without the right gets 401/403 whatever
  // the body holds, and learns nothing of our rules.
  const signedIn = { onRequest: app.authenticate };
  const adminOnly = { onRequest: app.requireRole('ADMIN') };
  const staffOnly = { onRequest: app.requireRole('STAFF', 'ADMIN') };

  // ---- Job categories ----------------------------------------------------------------------------------
  {
    const tags = ['job-categories'];
    app.get(
      '/job-categories',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Job categories (staff-only ones for staff and admins)',
          response: { 200: z.array(JobCategorySchema), ...errors },
        },
      },
      async (request) => jobCategories.list(viewerOf(request)),
    );
    app.post(
      '/job-categories',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Creates a job category (admin)',
          body: CreateJobCategoryInputSchema,
          response: { 201: JobCategorySchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await jobCategories.create(request.body)),
    );
    app.get(
      '/job-categories/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A job category',
          params: CategoryParamsSchema,
          response: { 200: JobCategorySchema, ...errors },
        },
      },
      async (request) => jobCategories.get(request.params.id, viewerOf(request)),
    );
    app.patch(
      '/job-categories/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Changes a job category (admin)',
          params: CategoryParamsSchema,
          body: UpdateJobCategoryInputSchema,
          response: { 200: JobCategorySchema, ...errors },
        },
      },
      async (request) => jobCategories.update(request.params.id, request.body),
    );
    app.delete(
      '/job-categories/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Deletes a job category no job uses (admin)',
          params: CategoryParamsSchema,
          response: deleted,
        },
      },
      async (request, reply) => {
        await jobCategories.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ---- Jobs --------------------------------------------------------------------------------------------
  {
    const tags = ['jobs'];
    app.get(
      '/jobs',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Jobs by day and time, optionally of one category or shift (staff-only ones for staff)',
          querystring: JobsQuerySchema,
          response: { 200: z.array(JobSchema), ...errors },
        },
      },
      async (request) => jobs.list(viewerOf(request), request.query),
    );
    app.post(
      '/jobs',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Creates a job (admin)',
          body: CreateJobInputSchema,
          response: { 201: JobSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await jobs.create(request.body)),
    );
    app.get(
      '/jobs/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A job',
          params: JobParamsSchema,
          response: { 200: JobSchema, ...errors },
        },
      },
      async (request) => jobs.get(request.params.id, viewerOf(request)),
    );
    app.patch(
      '/jobs/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Changes a job (admin); maxRegistrations never below the people registered',
          params: JobParamsSchema,
          body: UpdateJobInputSchema,
          response: { 200: JobSchema, ...errors },
        },
      },
      async (request) => jobs.update(request.params.id, request.body),
    );
    app.delete(
      '/jobs/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Deletes a job no registration refers to (admin)',
          params: JobParamsSchema,
          response: deleted,
        },
      },
      async (request, reply) => {
        await jobs.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ---- Shifts ------------------------------------------------------------------------------------------
  {
    const tags = ['shifts'];
    app.get(
      '/shifts',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Shifts by day then start time, with their jobs; optionally of one day',
          querystring: ShiftsQuerySchema,
          response: { 200: z.array(ShiftSchema), ...errors },
        },
      },
      async (request) => shifts.list(viewerOf(request), request.query),
    );
    app.get(
      '/shifts/with-jobs-and-registrations',
      {
        ...staffOnly,
        schema: {
          tags,
          security,
          summary: 'The work schedule: shifts, their jobs and who is registered (staff and admins)',
          querystring: ScheduleQuerySchema,
          response: { 200: z.array(WorkScheduleShiftSchema), ...errors },
        },
      },
      async (request) => shifts.workSchedule(request.query),
    );
    app.post(
      '/shifts',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Creates a shift (admin)',
          body: CreateShiftInputSchema,
          response: { 201: ShiftSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await shifts.create(request.body)),
    );
    app.get(
      '/shifts/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A shift with its jobs',
          params: ShiftParamsSchema,
          response: { 200: ShiftSchema, ...errors },
        },
      },
      async (request) => shifts.get(request.params.id, viewerOf(request)),
    );
    app.get(
      '/shifts/:id/registrations',
      {
        ...staffOnly,
        schema: {
          tags,
          security,
          summary: "Who is registered on the shift's jobs (staff and admins)",
          params: ShiftParamsSchema,
          querystring: ScheduleQuerySchema,
          response: { 200: z.array(ShiftRegistrationSchema), ...errors },
        },
      },
      async (request) => shifts.registrations(request.params.id, request.query),
    );
    app.patch(
      '/shifts/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Changes a shift (admin)',
          params: ShiftParamsSchema,
          body: UpdateShiftInputSchema,
          response: { 200: ShiftSchema, ...errors },
        },
      },
      async (request) => shifts.update(request.params.id, request.body),
    );
    app.delete(
      '/shifts/:id',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Deletes a shift no job uses (admin)',
          params: ShiftParamsSchema,
          response: deleted,
        },
      },
      async (request, reply) => {
        await shifts.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
};
