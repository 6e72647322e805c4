import {
  DeleteMyAccountInputSchema,
  EraseUserInputSchema,
  myDataFileName,
  MyDataExportSchema,
} from '@camp/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, noContent, routeKit } from '../../plugins/route-kit';
import { UserIdParamsSchema } from './users.routes';

/**
 * My data (docs/product.md §12 My data, decision 063): a person's export and the deletion of their own account;
 * an admin's export and erasure of another person's. The export is an attachment, `my-data-{date}.json`.
 */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['my data'], errors: [400, 401, 403, 404] });
  const service = app.services.myData;
  const asFile = (reply: FastifyReply) =>
    reply.header('Content-Disposition', `attachment; filename="${myDataFileName(new Date())}"`);

  app.get(
    '/users/me/data',
    route.signedIn({
      summary: 'Everything the camp holds about the caller, as one JSON file to download',
      description: 'Never the internal notes or the admins’ reasons: those are the camp’s own records.',
      response: { 200: MyDataExportSchema },
    }),
    async (request, reply) => {
      const data = await service.exportOf(callerOf(request).id);
      void asFile(reply);
      return data;
    },
  );

  app.delete(
    '/users/me',
    route.signedIn({
      summary:
        "Deletes the caller's account: personal data erased, registrations and payments kept without it",
      description:
        "The body names the account's address (any case); another: 400. The last admin: 409. Sessions end at once.",
      body: DeleteMyAccountInputSchema,
      response: { ...noContent('Account deleted'), ...errors(409) },
    }),
    async (request, reply) => {
      await service.deleteOwn(callerOf(request).id, request.body.confirmEmail);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:id/data',
    route.adminOnly({
      summary: "A person's data export, the same file they would download (admin only)",
      params: UserIdParamsSchema,
      response: { 200: MyDataExportSchema },
    }),
    async (request, reply) => {
      const data = await service.exportOf(request.params.id);
      void asFile(reply);
      return data;
    },
  );

  app.post(
    '/users/:id/erase',
    route.adminOnly({
      summary: "Erases a person's account as DELETE /users/me would (admin only)",
      description:
        "The body names the person's address (any case). Oneself, the last admin, an erased account: 409.",
      params: UserIdParamsSchema,
      body: EraseUserInputSchema,
      response: { ...noContent('Account erased'), ...errors(409) },
    }),
    async (request, reply) => {
      await service.eraseByAdmin(callerOf(request).id, request.params.id, request.body.confirmEmail);
      return reply.code(204).send(null);
    },
  );
};
