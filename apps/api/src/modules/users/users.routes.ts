import { CreateUserInputSchema, ErrorBodySchema, UserListQuerySchema, UserSchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { callerOf, type CurrentUser } from '../../plugins/auth';
import { toUserDto } from './users.service';

export const UserIdParamsSchema = z.object({ id: z.uuid('Invalid user id') });

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * PUT /users/{id} takes one of three bodies, chosen by who calls (see UsersService.updateBy), so the route
 * only requires a JSON object and the service validates it.
 */
const UpdateUserBodySchema = z.looseObject({}).meta({
  description:
    'Yourself (any role but admin): UpdateProfileInput (firstName, lastName, phone, emergencyContact required; ' +
    'playaName, city, stateProvince, country optional; nothing else). An admin for another user: any of email, ' +
    'firstName, lastName, playaName, phone, city, stateProvince, country, emergencyContact, role, ' +
    'allowRegistration, allowEarlyRegistration, allowDeferredDuesPayment, allowNoJob (internalNotes only as ' +
    'null). An admin for themselves: the same, with the profile fields required.',
});

/** A participant reads and changes only their own record; an admin any. */
function assertSelfOrAdmin(caller: CurrentUser, userId: string, action: 'view' | 'change'): void {
  if (caller.id !== userId && caller.role !== 'ADMIN')
    throw forbidden(`You can only ${action} your own profile.`);
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked on request, before the body is read: a caller without the role learns nothing from validation.
  const adminOnly = app.requireRole('ADMIN');

  app.get(
    '/users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'All users by name, or those whose name, playa name or e-mail contains ?search=',
        security: [{ bearerAuth: [] }],
        querystring: UserListQuerySchema,
        response: { 200: z.array(UserSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await app.services.users.list(request.query.search);
      return rows.map((row) => toUserDto(row, true));
    },
  );

  app.post(
    '/users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Creates a user (PARTICIPANT allowed to register unless given otherwise)',
        security: [{ bearerAuth: [] }],
        body: CreateUserInputSchema,
        response: { 201: UserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await app.services.users.create(request.body);
      return reply.code(201).send(toUserDto(user, true));
    },
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'A user (yourself, or anyone for an admin)',
        security: [{ bearerAuth: [] }],
        params: UserIdParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      assertSelfOrAdmin(caller, request.params.id, 'view');
      return toUserDto(await app.services.users.getById(request.params.id), caller.role === 'ADMIN');
    },
  );

  app.put(
    '/users/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Updates a profile (yours), or for an admin any user including e-mail, role and flags',
        security: [{ bearerAuth: [] }],
        params: UserIdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: UserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await app.services.users.updateBy(caller, request.params.id, request.body);
      return toUserDto(user, caller.role === 'ADMIN');
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Deletes a user; 204 with no body',
        description: '409 for yourself, for the last admin, and for a user with registrations or payments.',
        security: [{ bearerAuth: [] }],
        params: UserIdParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await app.services.users.remove(callerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
