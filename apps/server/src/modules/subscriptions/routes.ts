// The subscription API (spec 2 §7; Folio is the spec's subscription service). The
// catalogue is public; everything about a reader's own subscription needs a session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelRequestSchema,
  cancelResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  errorBodySchema,
  invoiceFileParamsSchema,
  publisherQuerySchema,
  quoteRequestSchema,
  quoteSchema,
  readerInvoicesSchema,
  subscriptionIdParamsSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
} from '@folio/core';
import { currentViewer } from '../auth/index.ts';
import type { FolioAuth } from '../auth/index.ts';
import type { Catalogue } from './catalogue.ts';
import type { Invoices } from './invoices.ts';
import type { SubscriptionService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};

export const subscriptionRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  catalogue: Catalogue;
  subscriptions: SubscriptionService;
  invoices: Invoices;
}> = async (app, { auth, catalogue, subscriptions, invoices }) => {
  const viewerOf = async (
    request: Parameters<typeof currentViewer>[1],
    reply: Parameters<typeof currentViewer>[2],
  ) => subscriptions.requireSignedIn(await currentViewer(auth, request, reply));

  app.get(
    '/api/subscription-plans',
    {
      schema: {
        summary: 'Plans on sale for a publisher, sorted by duration then price',
        tags: ['subscriptions'],
        querystring: publisherQuerySchema,
        response: { 200: subscriptionPlansSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The spec's plan cache is 5 minutes; the catalogue is the same for everyone.
      void reply.header('cache-control', 'public, max-age=300');
      return catalogue.visiblePlans(request.query.publisher.id);
    },
  );

  app.get(
    '/api/users/subscription',
    {
      schema: {
        summary: "The signed-in reader's subscription and what it lets them read",
        tags: ['subscriptions'],
        querystring: publisherQuerySchema,
        response: { 200: subscriptionStateSchema, ...errors },
      },
    },
    async (request, reply) =>
      subscriptions.state(await viewerOf(request, reply), request.query.publisher),
  );

  app.post(
    '/api/subscriptions/quote',
    {
      schema: {
        summary: 'What buying a plan would do: dates, total, and an upgrade’s refund',
        tags: ['subscriptions'],
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request, reply) =>
      subscriptions.quote(
        await viewerOf(request, reply),
        request.body.publisher,
        request.body.planId,
      ),
  );

  app.post(
    '/api/subscriptions/checkout',
    {
      schema: {
        summary: 'Proceed To Pay: one order per idempotency key, or a scheduled downgrade',
        tags: ['subscriptions'],
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      subscriptions.checkout(
        await viewerOf(request, reply),
        request.body.publisher,
        request.body.planId,
        request.body.idempotencyKey,
        request.body.billingContact ?? {},
      ),
  );

  app.put(
    '/api/subscriptions/:id/cancel',
    {
      schema: {
        summary: 'Cancel auto-renewal; access continues to the end date',
        tags: ['subscriptions'],
        params: subscriptionIdParamsSchema,
        querystring: publisherQuerySchema,
        body: cancelRequestSchema,
        response: { 200: cancelResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      subscriptions.cancel(
        await viewerOf(request, reply),
        request.query.publisher,
        request.params.id,
        { reason: request.body.reason, message: request.body.message?.trim() || null },
      ),
  );

  app.get(
    '/api/subscriptions/invoices',
    {
      schema: {
        summary:
          "The signed-in reader's invoices for a publisher, newest first, each with its PDF's URL",
        tags: ['subscriptions'],
        querystring: publisherQuerySchema,
        response: { 200: readerInvoicesSchema, ...errors },
      },
    },
    async (request, reply) =>
      invoices.ofReader((await viewerOf(request, reply)).reader.id, request.query.publisher.id),
  );

  app.get(
    '/api/subscriptions/invoices/:file',
    {
      schema: {
        summary:
          "One of the signed-in reader's invoices as a PDF (e.g. DH-26-27-000042.pdf); 404 for anyone else's",
        tags: ['subscriptions'],
        params: invoiceFileParamsSchema,
        response: {
          200: z.unknown().describe('application/pdf'),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request, reply);
      const pdf = await invoices.pdf(request.params.file, viewer.reader.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .type('application/pdf')
        .send(pdf.body);
    },
  );
};
