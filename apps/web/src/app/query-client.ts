// Defaults for queries that do not state their own policy; the content queries set
// the spec's lifetimes themselves (see shared/lib/cache-policy.ts).
import { QueryClient } from '@tanstack/react-query';
import { MINUTE_MS, retryOnce } from '../shared/lib/cache-policy.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: MINUTE_MS,
        refetchOnWindowFocus: true,
        retry: retryOnce,
      },
    },
  });
}
