// Where the payment provider reaches Folio: the browser's return from checkout (a
// GET for the sandbox, a form POST for Razorpay) and the provider's webhooks. Both
// are verified by signature, so neither needs the reader's session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedString, errorBodySchema } from '@folio/core';
import type { PaymentCompletion, ReturnDestination } from './payment-completion.ts';

const MAX_FIELD_LENGTH = 1024;
/** Webhook bodies are small JSON documents; anything bigger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const fieldValue = boundedString('field', MAX_FIELD_LENGTH);
const orderParam = boundedString('order', 64);
const fieldsSchema = z.record(boundedString('field name', 64), fieldValue);
const returnQuerySchema = z.object({ order: orderParam }).catchall(fieldValue);
const providerParams = z.object({ provider: z.enum(['sandbox', 'razorpay']) });

function destination(to: ReturnDestination): string {
  return to.page === 'success'
    ? `/payment-success?order=${encodeURIComponent(to.orderId)}`
    : `/payment-failure?reason=${to.reason}`;
}

function flatten(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields))
    if (typeof value === 'string') out[name] = value;
  return out;
}

export const paymentRoutes: FastifyPluginAsyncZod<{ completion: PaymentCompletion }> = async (
  app,
  { completion },
) => {
  // Webhooks are verified on their exact bytes: keep the raw body, parse nothing
  // (inside this plugin only; every other route keeps Fastify's JSON parser).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/payments/return/:provider',
    {
      schema: {
        summary: "The browser's return from the provider's checkout (redirects to the result page)",
        tags: ['payments'],
        params: providerParams,
        querystring: returnQuerySchema,
        response: { 303: z.undefined(), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { order, ...fields } = request.query;
      const to = await completion.handleReturn(order, flatten(fields));
      return reply.redirect(destination(to), 303);
    },
  );

  app.post(
    '/api/payments/return/:provider',
    {
      schema: {
        summary: "A provider's form POST back from checkout (redirects to the result page)",
        tags: ['payments'],
        params: providerParams,
        querystring: z.object({
          order: orderParam,
          outcome: boundedString('outcome', 16).optional(),
        }),
        body: fieldsSchema,
        response: { 303: z.undefined(), 400: errorBodySchema },
      },
      // The provider's page posts this from its own origin.
      config: { crossSite: true },
    },
    async (request, reply) => {
      const fields = flatten({
        ...request.body,
        ...(request.query.outcome ? { outcome: request.query.outcome } : {}),
      });
      const to = await completion.handleReturn(request.query.order, fields);
      return reply.redirect(destination(to), 303);
    },
  );

  app.post(
    '/api/payments/webhooks/:provider',
    {
      schema: {
        summary: 'Signed provider events; each applied once by event id',
        tags: ['payments'],
        params: providerParams,
        response: {
          200: z.object({ status: z.literal('OK'), duplicate: z.boolean() }),
          400: errorBodySchema,
        },
      },
      config: { crossSite: true },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate } = await completion.handleWebhook(raw, request.headers);
      return { status: 'OK' as const, duplicate };
    },
  );
};
