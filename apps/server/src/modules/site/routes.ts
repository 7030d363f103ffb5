import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '@folio/core';
import type { SiteService } from './service.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(
    '/api/config',
    {
      schema: {
        summary:
          'Brand, publisher code, time zone, the current edition date and the Google client id',
        tags: ['site'],
        response: { 200: siteConfigSchema },
      },
    },
    async () => site.siteConfig(),
  );
};
