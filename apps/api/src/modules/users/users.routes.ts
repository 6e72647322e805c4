import { ErrorBodySchema, UpdateProfileInputSchema, UserSchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { callerOf, type CurrentUser } from '../../plugins/auth';
import { toUserDto } from './users.service';

export const UserIdParamsSchema = z.object({ id: z.uuid('Invalid user id') });

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** A participant reads and changes only their own record; an admin any. */
function assertSelfOrAdmin(caller: CurrentUser, userId: string, action: 'view' | 'change'): void {
  if (caller.id !== userId && caller.role !== 'ADMIN')
    throw forbidden(`You can only ${action} your own profile.`);
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Updates a profile (yours, or anyone for an admin)',
        security: [{ bearerAuth: [] }],
        params: UserIdParamsSchema,
        body: UpdateProfileInputSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      assertSelfOrAdmin(caller, request.params.id, 'change');
      const user = await app.services.users.updateProfile(request.params.id, request.body);
      return toUserDto(user, caller.role === 'ADMIN');
    },
  );
};
