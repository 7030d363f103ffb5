// The subscribe page's content calls (spec 2 §7): testimonials and the subscriber
// count, each per publisher (its FAQs are shared/api/faqs.ts). Public answers that change rarely.
import {
  MAX_TESTIMONIALS,
  subscriberCountSchema,
  testimonialsSchema,
  type Testimonial,
} from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MINUTE_MS, retryOnce } from '../../shared/lib/cache-policy.ts';
import { getJson } from '../../shared/lib/http.ts';

/** Testimonials and the count change with editors' work and sales, not by the minute. */
const MARKETING_STALE_MS = 5 * MINUTE_MS;

export async function fetchTestimonials(
  publisher: string,
  signal?: AbortSignal,
): Promise<Testimonial[]> {
  const testimonials = await getJson('/api/testimonials', testimonialsSchema, {
    query: { publisher },
    signal,
  });
  return testimonials.slice(0, MAX_TESTIMONIALS);
}

export const testimonialsQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['marketing', 'testimonials', publisher],
    queryFn: ({ signal }) => fetchTestimonials(publisher, signal),
    staleTime: MARKETING_STALE_MS,
    retry: retryOnce,
  });

export function useTestimonials(publisher: string) {
  return useQuery(testimonialsQueryOptions(publisher));
}

/** Spec 2 §3: the count is the first item's; an empty answer counts as 0. */
export async function fetchSubscriberCount(
  publisher: string,
  signal?: AbortSignal,
): Promise<number> {
  const answer = await getJson('/api/pop-up/count', subscriberCountSchema, {
    query: { publisher },
    signal,
  });
  return answer[0]?.count ?? 0;
}

export const subscriberCountQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['marketing', 'subscriber-count', publisher],
    queryFn: ({ signal }) => fetchSubscriberCount(publisher, signal),
    staleTime: MARKETING_STALE_MS,
    // A failure shows 0 (spec 2 §2); retrying would only hold the figure back.
    retry: false,
  });

export function useSubscriberCount(publisher: string) {
  return useQuery(subscriberCountQueryOptions(publisher));
}
