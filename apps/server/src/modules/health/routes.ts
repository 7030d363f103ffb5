import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './service.ts';

const checkResult = z.enum(['ok', 'failed']);

const demoSeedSchema = z.object({
  state: z.enum(['idle', 'seeding', 'done', 'failed']),
  seeded: z.number().int(),
  total: z.number().int(),
  // The editions still to come, as the content calls name them, so the
  // reader can say an edition is on its way rather than missing.
  pending: z.array(
    z.object({ publisher: z.string(), date: z.string(), edition: z.number().int() }),
  ),
  frontPage: z.boolean(),
});

const checksSchema = z.object({
  database: checkResult,
  storage: z.enum(['ok', 'failed', 'none']),
  queue: z.enum(['ok', 'failed', 'none']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers (no dependency is asked)',
        tags: ['ops'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => health.alive(),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary:
          'Readiness: database, media storage and job queue reachable, not shutting down; and how far the demo seed is',
        tags: ['ops'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            demoSeed: demoSeedSchema,
            checks: checksSchema,
          }),
          // The error shape, with the same report: what failed, and the seed's progress.
          503: z.object({
            status: z.literal('ERROR'),
            message: z.string(),
            demoSeed: demoSeedSchema,
            checks: checksSchema,
          }),
        },
      },
    },
    async (_request, reply) => {
      const { message, checks, demoSeed } = await health.readiness();
      if (message === undefined) return { status: 'ok' as const, demoSeed, checks };
      return reply.code(503).send({ status: 'ERROR', message, demoSeed, checks });
    },
  );
};
