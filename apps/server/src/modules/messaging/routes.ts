// GET /api/dev/outbox: what the development outbox "sent", newest first. app.ts
// registers it only outside production.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessageSchema } from '@folio/core';
import type { DevOutbox } from './dev-outbox.ts';

export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: DevOutbox | undefined }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Messages the development outbox received, newest first (not in production)',
        tags: ['dev'],
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    async () => outbox?.list() ?? [],
  );
};
