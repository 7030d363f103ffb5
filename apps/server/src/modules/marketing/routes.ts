// The subscribe page's content calls (spec 2 §7) and the reader's offer banner
// (spec 1 §7), under /api. All public and the same for every reader, so shared
// caches may keep them: FAQs for spec 2 §9's five minutes, the banner for spec 1
// §9's minute (the web app hides it at expiry by its own clock meanwhile).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRANDS,
  discountBannerSchema,
  errorBodySchema,
  faqsSchema,
  marketingQuerySchema,
  subscriberCountSchema,
  testimonialsSchema,
  type Brand,
  type BrandCode,
} from '@folio/core';
import type { MarketingService } from './service.ts';

export interface MarketingRoutesOptions {
  marketing: MarketingService;
  /** The site's brand: answers are for it unless ?publisher= names another. */
  brand: BrandCode;
}

const FAQ_CACHE_CONTROL = 'public, max-age=300';
const BANNER_CACHE_CONTROL = 'public, max-age=60';

export const marketingRoutes: FastifyPluginAsyncZod<MarketingRoutesOptions> = async (
  app,
  { marketing, brand },
) => {
  const brandOf = (query: { publisher?: Brand | undefined }): BrandCode =>
    (query.publisher ?? BRANDS[brand]).id;

  app.get(
    '/api/faqs',
    {
      schema: {
        summary: 'Frequently asked questions, in order, with sanitised HTML answers',
        tags: ['marketing'],
        querystring: marketingQuerySchema,
        response: { 200: faqsSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const faqs = await marketing.faqs(brandOf(request.query));
      void reply.header('cache-control', FAQ_CACHE_CONTROL);
      return faqs;
    },
  );

  app.get(
    '/api/testimonials',
    {
      schema: {
        summary: "Readers' testimonials for the subscribe page (at most 10)",
        tags: ['marketing'],
        querystring: marketingQuerySchema,
        response: { 200: testimonialsSchema, 400: errorBodySchema },
      },
    },
    async (request) => marketing.testimonials(brandOf(request.query)),
  );

  app.get(
    '/api/pop-up/count',
    {
      schema: {
        summary: 'How many readers subscribe now (0 when it cannot be counted)',
        tags: ['marketing'],
        querystring: marketingQuerySchema,
        response: { 200: subscriberCountSchema, 400: errorBodySchema },
      },
    },
    async (request) => [{ count: await marketing.subscriberCount(brandOf(request.query)) }],
  );

  app.get(
    '/api/discount-banner',
    {
      schema: {
        summary: 'The discount offer running now, or an inactive banner',
        tags: ['marketing'],
        querystring: marketingQuerySchema,
        response: { 200: discountBannerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const banner = await marketing.discountBanner(brandOf(request.query));
      void reply.header('cache-control', BANNER_CACHE_CONTROL);
      return banner;
    },
  );
};
