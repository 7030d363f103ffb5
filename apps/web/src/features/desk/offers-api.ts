// The offers tab's calls (issue 27 part 2), parsed against @folio/core/desk. Every
// change answers the brand's offers whole, which replaces the tab's copy; the
// reader's own caches in this browser (banner, FAQs, testimonials) are dropped too,
// so a reader's page opened here shows the change at once.
import type { BrandCode } from '@folio/core';
import {
  deskOffersSchema,
  type BannerInput,
  type DeskOffers,
  type FaqChange,
  type FaqInput,
  type TestimonialChange,
  type TestimonialInput,
} from '@folio/core/desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

const offersKey = (brand: BrandCode) => ['desk', 'offers', brand] as const;

export function useOffers(brand: BrandCode) {
  return useQuery({
    queryKey: offersKey(brand),
    queryFn: ({ signal }) =>
      getJson('/api/desk/offers', deskOffersSchema, { query: { brand }, signal }),
  });
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One change to a brand's offers: PUT/POST/PATCH/DELETE under /api/desk/offers/{brand}. */
function useOfferChange<T>(brand: BrandCode, method: Method, path: (input: T) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T & { body?: unknown }) =>
      sendJson(
        method,
        `/api/desk/offers/${brand}${path(input)}`,
        deskOffersSchema,
        method === 'DELETE' ? undefined : input.body,
      ),
    onSuccess: (offers: DeskOffers) => {
      client.setQueryData(offersKey(brand), offers);
      void client.invalidateQueries({ queryKey: ['desk', 'audit'] });
      void client.invalidateQueries({ queryKey: ['marketing'] });
      void client.invalidateQueries({ queryKey: ['discount-banner'] });
    },
  });
}

export const useSaveBanner = (brand: BrandCode) =>
  useOfferChange<{ body: BannerInput }>(brand, 'PUT', () => '/banner');
export const useAddFaq = (brand: BrandCode) =>
  useOfferChange<{ body: FaqInput }>(brand, 'POST', () => '/faqs');
export const useChangeFaq = (brand: BrandCode) =>
  useOfferChange<{ id: number; body: FaqChange }>(brand, 'PATCH', ({ id }) => `/faqs/${id}`);
export const useRemoveFaq = (brand: BrandCode) =>
  useOfferChange<{ id: number }>(brand, 'DELETE', ({ id }) => `/faqs/${id}`);
export const useOrderFaqs = (brand: BrandCode) =>
  useOfferChange<{ body: { ids: number[] } }>(brand, 'PUT', () => '/faqs/order');
export const useAddTestimonial = (brand: BrandCode) =>
  useOfferChange<{ body: TestimonialInput }>(brand, 'POST', () => '/testimonials');
export const useChangeTestimonial = (brand: BrandCode) =>
  useOfferChange<{ id: number; body: TestimonialChange }>(
    brand,
    'PATCH',
    ({ id }) => `/testimonials/${id}`,
  );
export const useRemoveTestimonial = (brand: BrandCode) =>
  useOfferChange<{ id: number }>(brand, 'DELETE', ({ id }) => `/testimonials/${id}`);
