// The discount offer running now (spec 1 §7 GET /discount-banner), fresh for a
// minute (spec 1 §9). Whether it shows is decided by the reader's clock against
// the offer's window, so an answer kept for that minute still hides at expiry.
import { discountBannerSchema, type DiscountBanner } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MINUTE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';

const DISCOUNT_BANNER_STALE_MS = MINUTE_MS;

export function fetchDiscountBanner(
  publisher: string,
  signal?: AbortSignal,
): Promise<DiscountBanner> {
  return getJson('/api/discount-banner', discountBannerSchema, { query: { publisher }, signal });
}

export const discountBannerQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['discount-banner', publisher],
    queryFn: ({ signal }) => fetchDiscountBanner(publisher, signal),
    staleTime: DISCOUNT_BANNER_STALE_MS,
    retry: retryOnce,
  });

export function useDiscountBanner(publisher: string) {
  return useQuery(discountBannerQueryOptions(publisher));
}
