// The publisher's FAQs (spec 2 §7 GET /faqs), read by the /faqs page and the
// subscribe page's FAQ section: one query, so either page fills the other's cache.
import { faqsSchema, type Faq } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MINUTE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';

/** Spec 2 §9: FAQs are cached for 5 minutes. */
const FAQS_STALE_MS = 5 * MINUTE_MS;

/**
 * In the server's order: the desk's (issue 27 part 2), and id order (spec 2 §2)
 * for FAQs the desk has not placed.
 */
async function fetchFaqs(publisher: string, signal?: AbortSignal): Promise<Faq[]> {
  return getJson('/api/faqs', faqsSchema, { query: { publisher }, signal });
}

export const faqsQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['marketing', 'faqs', publisher],
    queryFn: ({ signal }) => fetchFaqs(publisher, signal),
    staleTime: FAQS_STALE_MS,
    retry: retryOnce,
  });

export function useFaqs(publisher: string) {
  return useQuery(faqsQueryOptions(publisher));
}
