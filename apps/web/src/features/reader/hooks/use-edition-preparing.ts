// Whether the edition asked for is still being made by a first start's demo seed
// (GET /readyz lists the editions still to come), and its page fetched again the
// moment it is in: the reader says "still being prepared" instead of "No Edition
// Available", and needs no reload. Asked only once an edition turns out missing.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { getJson } from '../../../shared/lib/http.ts';

/** How often the seed is asked while the reader waits on an edition. */
export const PREPARING_POLL_MS = 2000;

const readinessSchema = z.object({
  demoSeed: z.object({
    state: z.string().max(20),
    pending: z
      .array(
        z.object({
          publisher: z.string().max(20),
          date: z.string().max(10),
          edition: z.number().int(),
        }),
      )
      .max(2000)
      .optional(),
  }),
});

type Readiness = z.infer<typeof readinessSchema>;

interface Wanted {
  publisher: string;
  date: string;
  edition: number;
}

function isPending(readiness: Readiness | undefined, wanted: Wanted): boolean {
  if (readiness?.demoSeed.state !== 'seeding') return false;
  return (readiness.demoSeed.pending ?? []).some(
    (p) =>
      p.publisher === wanted.publisher && p.date === wanted.date && p.edition === wanted.edition,
  );
}

/**
 * `preparing` while the seed is still to publish `wanted` (false when the server
 * cannot say; `known` once it has answered or failed to), and on until `refresh` (fetching the edition
 * again once it is in) has settled, so no other notice flashes in between.
 */
export function useEditionPreparing(
  wanted: Wanted,
  enabled: boolean,
  refresh: () => Promise<unknown>,
): { preparing: boolean; known: boolean } {
  const readiness = useQuery({
    queryKey: ['readyz'],
    queryFn: ({ signal }) => getJson('/readyz', readinessSchema, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (isPending(query.state.data, wanted) ? PREPARING_POLL_MS : false),
  });
  const pending = enabled && isPending(readiness.data, wanted);
  const [refreshing, setRefreshing] = useState(false);
  const refreshRef = useRef(refresh);
  const was = useRef(false);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (was.current && !pending) {
      setRefreshing(true);
      void refreshRef.current().finally(() => setRefreshing(false));
    }
    was.current = pending;
  }, [pending]);
  return { preparing: pending || refreshing, known: !enabled || !readiness.isLoading };
}
