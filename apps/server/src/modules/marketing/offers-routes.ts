// The business desk's offers (issue 27 part 2) under /api/desk/offers, each behind
// the desk's one guard with the `offers` capability (admins): the banner and its
// window, the FAQs (added, changed, removed, reordered) and the testimonials. Every
// answer is the brand's offers as the desk shows them, so the console redraws from it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerInputSchema,
  deskOffersSchema,
  faqChangeSchema,
  faqInputSchema,
  faqOrderSchema,
  offerItemParamsSchema,
  offersBrandParamsSchema,
  offersQuerySchema,
  testimonialChangeSchema,
  testimonialInputSchema,
} from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import {
  DESK_REFUSALS as errors,
  actorOf,
  deskCaller,
  deskGuard,
  type DeskService,
} from '../desk/index.ts';
import type { DeskOffers } from './desk-offers.ts';

export const offersRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  offers: DeskOffers;
}> = async (app, { auth, desk, offers }) => {
  const needs = deskGuard(auth, desk);
  const response = { 200: deskOffersSchema, ...errors };
  const actor = (request: Parameters<typeof deskCaller>[0]) => actorOf(deskCaller(request).staff);

  app.get(
    '/api/desk/offers',
    {
      onRequest: needs('offers'),
      schema: {
        summary:
          "Desk: a paper's offer banner, FAQs and testimonials as readers see them, and its subscriber count",
        tags: ['desk'],
        querystring: offersQuerySchema,
        response,
      },
    },
    async (request) => offers.offers(request.query.brand),
  );

  app.put(
    '/api/desk/offers/:brand/banner',
    {
      onRequest: needs('offers'),
      schema: {
        summary:
          'Desk: set the offer banner’s words, start, end and switch (readers see it only between start and end)',
        tags: ['desk'],
        params: offersBrandParamsSchema,
        body: bannerInputSchema,
        response,
      },
    },
    async (request) => offers.saveBanner(actor(request), request.params.brand, request.body),
  );

  app.post(
    '/api/desk/offers/:brand/faqs',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: add a FAQ at the end (its answer kept to the safe FAQ markup)',
        tags: ['desk'],
        params: offersBrandParamsSchema,
        body: faqInputSchema,
        response,
      },
    },
    async (request) => offers.addFaq(actor(request), request.params.brand, request.body),
  );

  app.put(
    '/api/desk/offers/:brand/faqs/order',
    {
      onRequest: needs('offers'),
      schema: {
        summary: "Desk: put a paper's FAQs in a new order (every FAQ once; 409 when they changed)",
        tags: ['desk'],
        params: offersBrandParamsSchema,
        body: faqOrderSchema,
        response,
      },
    },
    async (request) => offers.orderFaqs(actor(request), request.params.brand, request.body.ids),
  );

  app.patch(
    '/api/desk/offers/:brand/faqs/:id',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: change a FAQ’s question or answer',
        tags: ['desk'],
        params: offerItemParamsSchema,
        body: faqChangeSchema,
        response,
      },
    },
    async (request) =>
      offers.changeFaq(actor(request), request.params.brand, request.params.id, request.body),
  );

  app.delete(
    '/api/desk/offers/:brand/faqs/:id',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: remove a FAQ',
        tags: ['desk'],
        params: offerItemParamsSchema,
        response,
      },
    },
    async (request) => offers.removeFaq(actor(request), request.params.brand, request.params.id),
  );

  app.post(
    '/api/desk/offers/:brand/testimonials',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: add a testimonial (409 once the page has its 10)',
        tags: ['desk'],
        params: offersBrandParamsSchema,
        body: testimonialInputSchema,
        response,
      },
    },
    async (request) => offers.addTestimonial(actor(request), request.params.brand, request.body),
  );

  app.patch(
    '/api/desk/offers/:brand/testimonials/:id',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: change a testimonial’s name, role, words or photo',
        tags: ['desk'],
        params: offerItemParamsSchema,
        body: testimonialChangeSchema,
        response,
      },
    },
    async (request) =>
      offers.changeTestimonial(
        actor(request),
        request.params.brand,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/desk/offers/:brand/testimonials/:id',
    {
      onRequest: needs('offers'),
      schema: {
        summary: 'Desk: remove a testimonial',
        tags: ['desk'],
        params: offerItemParamsSchema,
        response,
      },
    },
    async (request) =>
      offers.removeTestimonial(actor(request), request.params.brand, request.params.id),
  );
};
