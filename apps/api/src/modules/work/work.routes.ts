import {
  CreateJobCategoryInputSchema,
  CreateJobInputSchema,
  CreateShiftInputSchema,
  JobCategorySchema,
  JobSchema,
  JobsQuerySchema,
  ScheduleQuerySchema,
  ShiftRegistrationSchema,
  ShiftOverlapsSchema,
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
import { catalogRoutes } from '../../plugins/catalog-routes';
import { idParams, routeKit } from '../../plugins/route-kit';
import { workViewer } from './work-common';

const CategoryParamsSchema = idParams('Invalid job category id');
const JobParamsSchema = idParams('Invalid job id');
const ShiftParamsSchema = idParams('Invalid shift id');

const viewerOf = (request: FastifyRequest) => workViewer(callerOf(request).role);

/** Job categories, jobs and shifts (docs/product.md §7). Reads for anyone signed in, writes for admins. */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobCategories, jobs, shifts, shiftOverlaps } = app.services;
  const kit = (tag: string) => routeKit(app, { tags: [tag], errors: [400, 401, 403, 404, 409] });

  // ---- Job categories ----------------------------------------------------------------------------------
  catalogRoutes(app, kit('job-categories'), {
    path: '/job-categories',
    params: CategoryParamsSchema,
    schema: JobCategorySchema,
    list: { summary: 'Job categories (staff-only ones for staff and admins)' },
    create: { summary: 'Creates a job category (admin)', body: CreateJobCategoryInputSchema },
    get: { summary: 'A job category' },
    update: { summary: 'Changes a job category (admin)', body: UpdateJobCategoryInputSchema },
    remove: { summary: 'Deletes a job category no job uses (admin)' },
    viewerOf,
    service: jobCategories,
  });

  // ---- Jobs --------------------------------------------------------------------------------------------
  catalogRoutes(app, kit('jobs'), {
    path: '/jobs',
    params: JobParamsSchema,
    schema: JobSchema,
    list: {
      summary: 'Jobs by day and time, optionally of one category or shift (staff-only ones for staff)',
      querystring: JobsQuerySchema,
    },
    create: { summary: 'Creates a job (admin)', body: CreateJobInputSchema },
    get: { summary: 'A job' },
    update: {
      summary: 'Changes a job (admin); maxRegistrations never below the people registered',
      body: UpdateJobInputSchema,
    },
    remove: { summary: 'Deletes a job no registration refers to (admin)' },
    viewerOf,
    service: jobs,
  });

  // ---- Shifts ------------------------------------------------------------------------------------------
  {
    const route = kit('shifts');
    catalogRoutes(app, route, {
      path: '/shifts',
      params: ShiftParamsSchema,
      schema: ShiftSchema,
      list: {
        summary: 'Shifts by day then start time, with their jobs; optionally of one day',
        querystring: ShiftsQuerySchema,
      },
      create: { summary: 'Creates a shift (admin)', body: CreateShiftInputSchema },
      get: { summary: 'A shift with its jobs' },
      update: { summary: 'Changes a shift (admin)', body: UpdateShiftInputSchema },
      remove: { summary: 'Deletes a shift no job uses (admin)' },
      viewerOf,
      service: shifts,
    });
    app.get(
      '/shifts/with-jobs-and-registrations',
      route.staffOnly({
        summary: 'The work schedule: shifts, their jobs and who is registered (staff and admins)',
        querystring: ScheduleQuerySchema,
        response: { 200: z.array(WorkScheduleShiftSchema) },
      }),
      async (request) => shifts.workSchedule(request.query),
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
    app.get(
      '/admin/shift-overlaps',
      route.adminOnly({
        summary: 'People of the registration year holding shifts that overlap in time (admin)',
        description:
          'docs/product.md §11, decision 056: one row per overlapping pair of a registration that holds places ' +
          '(PENDING, CONFIRMED), people by name, pairs in festival order, each job with its dated shift time. ' +
          'Without event dates (no Opening Sunday) datesSet is false and the list empty.',
        response: { 200: ShiftOverlapsSchema },
      }),
      async () => shiftOverlaps.list(),
    );
  }
};
