import { ErrorBodySchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/app-error';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // The browser's connectivity and auth check (spec §7): 401 without a valid session, which the
  // connection gate counts as "connected". Sign-in itself lands with the sign-in issue.
  app.get(
    '/auth/test',
    {
      schema: {
        tags: ['auth'],
        summary: "Answers 'Authentication is working' for a signed-in caller, 401 otherwise",
        response: { 200: z.object({ message: z.literal('Authentication is working') }), 401: ErrorBodySchema },
      },
    },
    async () => {
      throw unauthorized();
    },
  );
};
