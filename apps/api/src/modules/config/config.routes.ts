import { PublicConfigSchema } from '@camp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The public camp configuration (no secrets); a default one when none is stored',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => app.services.config.getPublic(),
  );
};
