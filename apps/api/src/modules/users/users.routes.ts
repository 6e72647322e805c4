import {
  AdminUpdateOwnUserInputSchema,
  AdminUpdateUserInputSchema,
  CreateUserInputSchema,
  EndSessionsResponseSchema,
  UpdateProfileInputSchema,
  UserListQuerySchema,
  UserSchema,
} from '@camp/shared';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { callerOf, type CurrentUser } from '../../plugins/auth';
import { errors, idParams, noContent, routeKit } from '../../plugins/route-kit';
import { toUserDto } from './users.service';

export const UserIdParamsSchema = idParams('Invalid user id');

/** PUT /users/{id}: one of three bodies, chosen by who calls and whom they change (UsersService.updateBy). */
const UpdateUserBodySchema = z.union([
  UpdateProfileInputSchema.meta({
    title: 'UpdateProfileInput',
    description: 'Yourself (any role but admin): your profile, nothing else.',
  }),
  AdminUpdateOwnUserInputSchema.meta({
    title: 'AdminUpdateOwnUserInput',
    description: 'An admin for themselves: any admin field, with the profile fields required.',
  }),
  AdminUpdateUserInputSchema.meta({
    title: 'AdminUpdateUserInput',
    description: 'An admin for another user: any of the admin fields (internalNotes only as null).',
  }),
]);

/**
 * Which of the three bodies applies is known only after authentication, which on this route runs after
 * validation; the service validates the body against the caller's schema, with the messages of docs/product.md §5 (a
 * failed union here would answer only "Invalid input"). So validation here requires a JSON object, as before,
 * and checks the other parts as usual; the schema above is what the OpenAPI document shows.
 */
const JsonObjectSchema = z.looseObject({});
const bodyCheckedByService = <S>(route: FastifyRouteSchemaDef<S>) =>
  validatorCompiler({
    ...route,
    schema: route.httpPart === 'body' ? JsonObjectSchema : (route.schema as z.ZodType),
  });

/** A participant reads and changes only their own record; an admin any. */
function assertSelfOrAdmin(caller: CurrentUser, userId: string, action: 'view' | 'change'): void {
  if (caller.id !== userId && caller.role !== 'ADMIN')
    throw forbidden(`You can only ${action} your own profile.`);
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['users'], errors: [400, 401, 403, 404] });

  app.get(
    '/users',
    route.adminOnly({
      summary: 'All users by name, or those whose name, playa name or e-mail contains ?search=',
      querystring: UserListQuerySchema,
      response: { 200: z.array(UserSchema) },
    }),
    async (request) => {
      const rows = await app.services.users.list(request.query.search);
      return rows.map((row) => toUserDto(row, true));
    },
  );

  app.post(
    '/users',
    route.adminOnly({
      summary: 'Creates a user (PARTICIPANT allowed to register unless given otherwise)',
      body: CreateUserInputSchema,
      response: { 201: UserSchema, ...errors(409) },
    }),
    async (request, reply) => {
      const user = await app.services.users.create(request.body);
      return reply.code(201).send(toUserDto(user, true));
    },
  );

  app.get(
    '/users/:id',
    route.signedIn({
      summary: 'A user (yourself, or anyone for an admin)',
      params: UserIdParamsSchema,
      response: { 200: UserSchema },
    }),
    async (request) => {
      const caller = callerOf(request);
      assertSelfOrAdmin(caller, request.params.id, 'view');
      return toUserDto(await app.services.users.getById(request.params.id), caller.role === 'ADMIN');
    },
  );

  app.put(
    '/users/:id',
    {
      ...route.signedIn({
        summary: 'Updates a profile (yours), or for an admin any user including e-mail, role and flags',
        params: UserIdParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: UserSchema, ...errors(409) },
      }),
      validatorCompiler: bodyCheckedByService,
    },
    async (request) => {
      const caller = callerOf(request);
      // The body as sent: updateBy validates it against the caller's schema.
      const user = await app.services.users.updateBy(caller, request.params.id, request.body as unknown);
      return toUserDto(user, caller.role === 'ADMIN');
    },
  );

  app.delete(
    '/users/:id',
    route.adminOnly({
      summary: 'Deletes a user; 204 with no body',
      description: '409 for yourself, for the last admin, and for a user with registrations or payments.',
      params: UserIdParamsSchema,
      response: { ...noContent('No content'), ...errors(409) },
    }),
    async (request, reply) => {
      await app.services.users.remove(callerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/:id/end-sessions',
    route.adminOnly({
      summary: "Ends all of a person's sessions (admin only)",
      description:
        "The person's access tokens and refresh cookies stop working at once; they must sign in again. " +
        'A person without sessions gives sessionsEnded 0.',
      params: UserIdParamsSchema,
      response: { 200: EndSessionsResponseSchema },
    }),
    async (request) => {
      const sessionsEnded = await app.services.users.endSessions(request.params.id);
      return { success: true as const, sessionsEnded };
    },
  );
};
