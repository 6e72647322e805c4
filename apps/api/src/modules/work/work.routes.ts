import {
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
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
import { idParams, noContent, routeKit } from '../../plugins/route-kit';
import { workViewer } from './work-common';

const CategoryParamsSchema = idParams('Invalid job category id');
const JobParamsSchema = idParams('Invalid job id');
const ShiftParamsSchema = idParams('Invalid shift id');

const viewerOf = (request: FastifyRequest) => workViewer(callerOf(request).role);

/** Job categories, jobs and shifts (docs/product.md §7). Reads for anyone signed in, writes for admins. */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobCategories, jobs, shifts } = app.services;
  const kit = (tag: string) => routeKit(app, { tags: [tag], errors: [400, 401, 403, 404, 409] });

  // ---- Job categories ----------------------------------------------------------------------------------
  {
    const route = kit('job-categories');
    app.get(
      '/job-categories',
      route.signedIn({
        summary: 'Job categories (staff-only ones for staff and admins)',
        response: { 200: z.array(JobCategorySchema) },
      }),
      async (request) => jobCategories.list(viewerOf(request)),
    );
    app.post(
      '/job-categories',
      route.adminOnly({
        summary: 'Creates a job category (admin)',
        body: CreateJobCategoryInputSchema,
        response: { 201: JobCategorySchema },
      }),
      async (request, reply) => reply.code(201).send(await jobCategories.create(request.body)),
    );
    app.get(
      '/job-categories/:id',
      route.signedIn({
        summary: 'A job category',
        params: CategoryParamsSchema,
        response: { 200: JobCategorySchema },
      }),
      async (request) => jobCategories.get(request.params.id, viewerOf(request)),
    );
    app.patch(
      '/job-categories/:id',
      route.adminOnly({
        summary: 'Changes a job category (admin)',
        params: CategoryParamsSchema,
        body: UpdateJobCategoryInputSchema,
        response: { 200: JobCategorySchema },
      }),
      async (request) => jobCategories.update(request.params.id, request.body),
    );
    app.delete(
      '/job-categories/:id',
      route.adminOnly({
        summary: 'Deletes a job category no job uses (admin)',
        params: CategoryParamsSchema,
        response: noContent(),
      }),
      async (request, reply) => {
        await jobCategories.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ---- Jobs --------------------------------------------------------------------------------------------
  {
    const route = kit('jobs');
    app.get(
      '/jobs',
      route.signedIn({
        summary: 'Jobs by day and time, optionally of one category or shift (staff-only ones for staff)',
        querystring: JobsQuerySchema,
        response: { 200: z.array(JobSchema) },
      }),
      async (request) => jobs.list(viewerOf(request), request.query),
    );
    app.post(
      '/jobs',
      route.adminOnly({
        summary: 'Creates a job (admin)',
        body: CreateJobInputSchema,
        response: { 201: JobSchema },
      }),
      async (request, reply) => reply.code(201).send(await jobs.create(request.body)),
    );
    app.get(
      '/jobs/:id',
      route.signedIn({
        summary: 'A job',
        params: JobParamsSchema,
        response: { 200: JobSchema },
      }),
      async (request) => jobs.get(request.params.id, viewerOf(request)),
    );
    app.patch(
      '/jobs/:id',
      route.adminOnly({
        summary: 'Changes a job (admin); maxRegistrations never below the people registered',
        params: JobParamsSchema,
        body: UpdateJobInputSchema,
        response: { 200: JobSchema },
      }),
      async (request) => jobs.update(request.params.id, request.body),
    );
    app.delete(
      '/jobs/:id',
      route.adminOnly({
        summary: 'Deletes a job no registration refers to (admin)',
        params: JobParamsSchema,
        response: noContent(),
      }),
      async (request, reply) => {
        await jobs.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ---- Shifts ------------------------------------------------------------------------------------------
  {
    const route = kit('shifts');
    app.get(
      '/shifts',
      route.signedIn({
        summary: 'Shifts by day then start time, with their jobs; optionally of one day',
        querystring: ShiftsQuerySchema,
        response: { 200: z.array(ShiftSchema) },
      }),
      async (request) => shifts.list(viewerOf(request), request.query),
    );
    app.get(
      '/shifts/with-jobs-and-registrations',
      route.staffOnly({
        summary: 'The work schedule: shifts, their jobs and who is registered (staff and admins)',
        querystring: ScheduleQuerySchema,
        response: { 200: z.array(WorkScheduleShiftSchema) },
      }),
      async (request) => shifts.workSchedule(request.query),
    );
    app.post(
      '/shifts',
      route.adminOnly({
        summary: 'Creates a shift (admin)',
        body: CreateShiftInputSchema,
        response: { 201: ShiftSchema },
      }),
      async (request, reply) => reply.code(201).send(await shifts.create(request.body)),
    );
    app.get(
      '/shifts/:id',
      route.signedIn({
        summary: 'A shift with its jobs',
        params: ShiftParamsSchema,
        response: { 200: ShiftSchema },
      }),
      async (request) => shifts.get(request.params.id, viewerOf(request)),
    );
    app.get(
      '/shifts/:id/registrations',
      route.staffOnly({
        summary: "Who is registered on the shift's jobs (staff and admins)",
        params: ShiftParamsSchema,
        querystring: ScheduleQuerySchema,
        response: { 200: z.array(ShiftRegistrationSchema) },
      }),
      async (request) => shifts.registrations(request.params.id, request.query),
    );
    app.patch(
      '/shifts/:id',
      route.adminOnly({
        summary: 'Changes a shift (admin)',
        params: ShiftParamsSchema,
        body: UpdateShiftInputSchema,
        response: { 200: ShiftSchema },
      }),
      async (request) => shifts.update(request.params.id, request.body),
    );
    app.delete(
      '/shifts/:id',
      route.adminOnly({
        summary: 'Deletes a shift no job uses (admin)',
        params: ShiftParamsSchema,
        response: noContent(),
      }),
      async (request, reply) => {
        await shifts.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
};
