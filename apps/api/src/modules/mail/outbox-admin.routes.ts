import {
  EmailOutboxListSchema,
  EmailOutboxMailSchema,
  EmailOutboxParamsSchema,
  EmailOutboxQuerySchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { errors, routeKit } from '../../plugins/route-kit';

/** The e-mail outbox for admins (docs/architecture.md §7): what was sent, what waits, what failed and why. */
export const outboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.outboxAdmin;
  const route = routeKit(app, { tags: ['email-outbox'], errors: [400, 401, 403] });

  app.get(
    '/admin/email-outbox',
    route.adminOnly({
      summary: 'Outgoing e-mail, one page at a time, newest first, with the counts of each status',
      description:
        'Each mail with its recipient, subject, status (PENDING: waiting or between attempts; SENT; ' +
        'FAILED: given up after the last attempt), attempts, the last error of the mail server, the next ' +
        'attempt and the sent and created dates; never the message itself. Filter: status. Pages: page ' +
        'from 1, limit 10, 25 (default), 50 or 100. `total` counts the mails matching the filter; `counts` ' +
        '(pending, sent, failed) count the whole outbox whatever the filter.',
      querystring: EmailOutboxQuerySchema,
      response: { 200: EmailOutboxListSchema },
    }),
    async (request) => service.list(request.query),
  );

  app.post(
    '/admin/email-outbox/:id/retry',
    route.adminOnly({
      summary: 'Sends a FAILED e-mail again: back to PENDING, due now, attempts from 0 (409 when not FAILED)',
      description:
        'The mail is due at once with its attempts counted afresh; its last error stays until the next ' +
        'attempt, and the outbox worker is woken to send it. Answers the mail as it now stands. 404 when ' +
        'there is no such mail, 409 when it is not FAILED (still pending, or already sent).',
      params: EmailOutboxParamsSchema,
      response: { 200: EmailOutboxMailSchema, ...errors(404, 409) },
    }),
    async (request) => service.retry(callerOf(request).id, request.params.id),
  );
};
