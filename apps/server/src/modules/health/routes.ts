import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@folio/core';
import type { HealthService } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['ops'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async () => health.check(),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: database check and how far the demo seed is',
        tags: ['ops'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            demoSeed: z.object({
              state: z.enum(['idle', 'seeding', 'done', 'failed']),
              seeded: z.number().int(),
              total: z.number().int(),
              // The editions still to come, as the content calls name them, so the
              // reader can say an edition is on its way rather than missing.
              pending: z.array(
                z.object({ publisher: z.string(), date: z.string(), edition: z.number().int() }),
              ),
              frontPage: z.boolean(),
            }),
          }),
          503: errorBodySchema,
        },
      },
    },
    async () => health.readiness(),
  );
};
