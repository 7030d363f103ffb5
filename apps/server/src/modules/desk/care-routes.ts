// Subscriber care (issue 27 part 3) under /api/desk/care, each behind the desk's one
// guard with the `care` capability (admin and support): find a reader, see their
// account, terms, payments, refunds, notices and mandates, and extend a term,
// refund a payment, cancel a mandate or sign them out everywhere, with a reason;
// download any reader's invoice, resend a receipt or a subscription's last notice.
// Every action answers the reader's page as it now stands, so the console redraws.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  careExtendSchema,
  careInvoiceParamsSchema,
  careMandateParamsSchema,
  carePaymentParamsSchema,
  careReaderParamsSchema,
  careReaderSchema,
  careReasonSchema,
  careRefundSchema,
  careResendSchema,
  careSearchQuerySchema,
  careSearchSchema,
  careSubscriptionParamsSchema,
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

  app.get(
    '/api/desk/care/invoices/:file',
    {
      onRequest: needs('care'),
      schema: {
        summary: "Desk: any reader's invoice as a PDF (e.g. DH-26-27-000042.pdf)",
        tags: ['desk'],
        params: careInvoiceParamsSchema,
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await care.invoice(request.params.file);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .type('application/pdf')
        .send(pdf.body);
    },
  );

  /** Resends: 409 when there is nothing to send or no one to send it to, 503 when sending failed. */
  const sent = { 200: careReaderSchema, ...errors, 503: deskErrorBodySchema };

  app.post(
    '/api/desk/care/payments/:paymentId/receipt',
    {
      onRequest: needs('care'),
      schema: {
        summary: "Desk: send a payment's receipt again (e-mail, else SMS)",
        tags: ['desk'],
        params: carePaymentParamsSchema,
        body: careResendSchema,
        response: sent,
      },
    },
    async (request) => care.resendReceipt(actor(request), request.params.paymentId),
  );

  app.post(
    '/api/desk/care/readers/:id/subscriptions/:subscriptionId/notice',
    {
      onRequest: needs('care'),
      schema: {
        summary:
          "Desk: send a running subscription's latest renewal notice again; 409 when none was sent",
        tags: ['desk'],
        params: careSubscriptionParamsSchema,
        body: careResendSchema,
        response: sent,
      },
    },
    async (request) =>
      care.resendNotice(actor(request), request.params.id, request.params.subscriptionId),
  );
};
