// GET /api/epaper/search (spec 2 §7). The answer depends on the reader's session
// (which hits are locked), so no cache may keep it for anyone else.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, searchQuerySchema, searchResponseSchema } from '@folio/core';
import type { ViewerEntitlements } from '../access/index.ts';
import type { SearchService } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  viewers: ViewerEntitlements;
}> = async (app, { search, viewers }) => {
  app.get(
    '/api/epaper/search',
    {
      schema: {
        summary: "Articles of a publisher's editions matching a query, best first, 10 at a time",
        tags: ['epaper'],
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const entitlement = await viewers.of(request, reply, request.query.publisher_short_code);
      void reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
      return search.search(request.query, entitlement);
    },
  );
};
