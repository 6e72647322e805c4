import { UserNoteInputSchema, UserNoteListSchema, UserNoteParamsSchema, UserNoteSchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { noContent, routeKit } from '../../plugins/route-kit';
import { UserIdParamsSchema } from './users.routes';

/**
 * Internal notes on a person (docs/product.md §12 Internal notes, decision 060): admins only, every route. A
 * participant or staff member gets 403 whatever they send (the guard runs before validation, decision 036).
 */
export const userNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['user notes'], errors: [400, 401, 403, 404] });

  app.get(
    '/users/:id/notes',
    route.adminOnly({
      summary: "A person's internal notes, newest first (admin only)",
      params: UserIdParamsSchema,
      response: { 200: UserNoteListSchema },
    }),
    async (request) => app.services.userNotes.list(callerOf(request).id, request.params.id),
  );

  app.post(
    '/users/:id/notes',
    route.adminOnly({
      summary: 'Adds an internal note on a person, written by the caller (admin only)',
      params: UserIdParamsSchema,
      body: UserNoteInputSchema,
      response: { 201: UserNoteSchema },
    }),
    async (request, reply) => {
      const note = await app.services.userNotes.add(callerOf(request).id, request.params.id, request.body);
      return reply.code(201).send(note);
    },
  );

  app.patch(
    '/users/:id/notes/:noteId',
    route.adminOnly({
      summary: "Changes the text of one of the caller's own notes (admin only)",
      description: "Another admin's note: 403. A note not of this person: 404 'Note not found'.",
      params: UserNoteParamsSchema,
      body: UserNoteInputSchema,
      response: { 200: UserNoteSchema },
    }),
    async (request) =>
      app.services.userNotes.update(
        callerOf(request).id,
        request.params.id,
        request.params.noteId,
        request.body,
      ),
  );

  app.delete(
    '/users/:id/notes/:noteId',
    route.adminOnly({
      summary: "Deletes one of the caller's own notes; 204 with no body (admin only)",
      description: "Another admin's note: 403. A note not of this person: 404 'Note not found'.",
      params: UserNoteParamsSchema,
      response: noContent(),
    }),
    async (request, reply) => {
      await app.services.userNotes.remove(callerOf(request).id, request.params.id, request.params.noteId);
      return reply.code(204).send(null);
    },
  );
};
