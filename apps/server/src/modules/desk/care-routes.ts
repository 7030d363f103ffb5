// Subscriber care (issue 27 part 3) under /api/desk/care, each behind the desk's one
// guard with the `care` capability (admin and support): find a reader, see their
// account, terms, payments, refunds, notices and mandates, and extend a term,
// refund a payment, cancel a mandate or sign them out everywhere, with a reason.
// Every action answers the reader's page as it now stands, so the console redraws.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  careExtendSchema,
  careMandateParamsSchema,
  carePaymentParamsSchema,
  careReaderParamsSchema,
  careReaderSchema,
  careReasonSchema,
  careRefundSchema,
  careSearchQuerySchema,
  careSearchSchema,
  deskErrorBodySchema,
} from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import type { DeskCare } from './care.ts';
import { DESK_REFUSALS as errors, deskCaller, deskGuard } from './guard.ts';
import { actorOf, type DeskService } from './service.ts';

export const careRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  care: DeskCare;
}> = async (app, { auth, desk, care }) => {
  const needs = deskGuard(auth, desk);
  const actor = (request: Parameters<typeof deskCaller>[0]) => actorOf(deskCaller(request).staff);
  /** Actions that call the payment provider: 503 when it does not answer. */
  const withProvider = { 200: careReaderSchema, ...errors, 503: deskErrorBodySchema };

  app.get(
    '/api/desk/care/search',
    {
      onRequest: needs('care'),
      schema: {
        summary: 'Desk: readers by phone, e-mail, order id or payment id (at most 20)',
        tags: ['desk'],
        querystring: careSearchQuerySchema,
        response: { 200: careSearchSchema, ...errors },
      },
    },
    async (request) => care.search(request.query.q),
  );

  app.get(
    '/api/desk/care/readers/:id',
    {
      onRequest: needs('care'),
      schema: {
        summary:
          "Desk: a reader's account, subscriptions, payments, refunds, notices and mandates (nothing card- or token-like)",
        tags: ['desk'],
        params: careReaderParamsSchema,
        response: { 200: careReaderSchema, ...errors },
      },
    },
    async (request) => care.reader(request.params.id),
  );

  app.post(
    '/api/desk/care/readers/:id/extend',
    {
      onRequest: needs('care'),
      schema: {
        summary: "Desk: extend a reader's running term (and its renewal date) by 1 to 366 days",
        tags: ['desk'],
        params: careReaderParamsSchema,
        body: careExtendSchema,
        response: { 200: careReaderSchema, ...errors },
      },
    },
    async (request) => care.extend(actor(request), request.params.id, request.body),
  );

  app.post(
    '/api/desk/care/payments/:paymentId/refunds',
    {
      onRequest: needs('care'),
      schema: {
        summary:
          'Desk: refund part or all of what is left of a captured payment through the provider, once; 409 when the provider refuses, 503 when it does not answer',
        tags: ['desk'],
        params: carePaymentParamsSchema,
        body: careRefundSchema,
        response: withProvider,
      },
    },
    async (request) => care.refund(actor(request), request.params.paymentId, request.body),
  );

  app.post(
    '/api/desk/care/readers/:id/mandates/:mandateId/cancel',
    {
      onRequest: needs('care'),
      schema: {
        summary:
          "Desk: cancel a reader's mandate at the provider (renewal on it stops); 503 when the provider does not answer",
        tags: ['desk'],
        params: careMandateParamsSchema,
        body: careReasonSchema,
        response: withProvider,
      },
    },
    async (request) =>
      care.cancelMandate(
        actor(request),
        request.params.id,
        request.params.mandateId,
        request.body.reason,
      ),
  );

  app.post(
    '/api/desk/care/readers/:id/sign-out',
    {
      onRequest: needs('care'),
      schema: {
        summary: 'Desk: end every session of a reader (each device must sign in again)',
        tags: ['desk'],
        params: careReaderParamsSchema,
        body: careReasonSchema,
        response: { 200: careReaderSchema, ...errors },
      },
    },
    async (request) => care.signOut(actor(request), request.params.id, request.body.reason),
  );
};
