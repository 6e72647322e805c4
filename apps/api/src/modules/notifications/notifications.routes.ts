import {
  SendTestEmailInputSchema,
  SendTestEmailResultSchema,
  SmtpConnectionResultSchema,
  TestEmailHistoryQuerySchema,
  TestEmailHistorySchema,
  TestSmtpConnectionInputSchema,
} from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['notifications'], errors: [400, 401, 403] });

  app.post(
    '/notifications/email/test',
    route.adminOnly({
      summary: 'Sends a test e-mail to each address and records each in the history',
      description: 'A delivery failure answers 200 with success false; the reason is in message.',
      body: SendTestEmailInputSchema,
      response: { 200: SendTestEmailResultSchema },
    }),
    async (request) => {
      const caller = callerOf(request);
      return app.services.notifications.sendTestEmail(request.body, { id: caller.id, email: caller.email });
    },
  );

  app.get(
    '/notifications/email/test/history',
    route.adminOnly({
      summary: 'The newest test e-mails first (limit 1-100, default 10)',
      querystring: TestEmailHistoryQuerySchema,
      response: { 200: TestEmailHistorySchema },
    }),
    async (request) => ({ testEmails: await app.services.notifications.history(request.query.limit) }),
  );

  app.post(
    '/notifications/email/test-connection',
    route.adminOnly({
      summary: 'Connects (and logs in) to the given SMTP server within 10 seconds',
      description:
        'A failed connection answers 200 with success false and errorDetails. A blank smtpPassword uses ' +
        'the stored one, only for the stored host and username. In production a host that is or resolves ' +
        'to a loopback, link-local, private or CGNAT address is refused without connecting, unless ' +
        'SMTP_ALLOW_PRIVATE_HOSTS=true.',
      body: TestSmtpConnectionInputSchema,
      response: { 200: SmtpConnectionResultSchema },
    }),
    async (request) =>
      app.services.notifications.testSmtpConnection(request.body, {
        allowInternalHosts: !app.env.isProduction || app.env.smtpAllowPrivateHosts,
      }),
  );
};
