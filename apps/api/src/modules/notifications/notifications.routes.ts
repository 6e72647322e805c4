import {
  ErrorBodySchema,
  SendTestEmailInputSchema,
  SendTestEmailResultSchema,
  SmtpConnectionResultSchema,
  TestEmailHistoryQuerySchema,
  TestEmailHistorySchema,
  TestSmtpConnectionInputSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked on request, before the body is read: a caller without the role learns nothing from validation.
  const adminOnly = app.requireRole('ADMIN');

  app.post(
    '/notifications/email/test',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        summary: 'Sends a test e-mail to each address and records each in the history',
        description: 'A delivery failure answers 200 with success false; the reason is in message.',
        security: [{ bearerAuth: [] }],
        body: SendTestEmailInputSchema,
        response: { 200: SendTestEmailResultSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return app.services.notifications.sendTestEmail(request.body, { id: caller.id, email: caller.email });
    },
  );

  app.get(
    '/notifications/email/test/history',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        summary: 'The newest test e-mails first (limit 1-100, default 10)',
        security: [{ bearerAuth: [] }],
        querystring: TestEmailHistoryQuerySchema,
        response: { 200: TestEmailHistorySchema, ...errors },
      },
    },
    async (request) => ({ testEmails: await app.services.notifications.history(request.query.limit) }),
  );

  app.post(
    '/notifications/email/test-connection',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        summary: 'Connects (and logs in) to the given SMTP server within 10 seconds',
        description:
          'A failed connection answers 200 with success false and errorDetails. A blank smtpPassword uses ' +
          'the stored one, only for the stored host and username.',
        security: [{ bearerAuth: [] }],
        body: TestSmtpConnectionInputSchema,
        response: { 200: SmtpConnectionResultSchema, ...errors },
      },
    },
    async (request) => app.services.notifications.testSmtpConnection(request.body),
  );
};
