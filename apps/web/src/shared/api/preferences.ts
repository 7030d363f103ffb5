// The signed-in reader's preferences (spec 1 §3): preferred edition and whether
// the welcome popup is still wanted. The reader adopts the edition; the profile
// and the welcome popup edit it.
import { preferencesSchema, type Preferences } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PREFERENCES_GC_MS, PREFERENCES_STALE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';
import { LOCAL_KEYS, localValue } from '../lib/session-keys.ts';

export const PREFERENCES_KEY = ['users', 'preferences'] as const;

export function fetchPreferences(publisher: string, signal?: AbortSignal): Promise<Preferences> {
  return getJson('/api/users/preferences', preferencesSchema, { query: { publisher }, signal });
}

export const preferencesQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: [...PREFERENCES_KEY, publisher],
    queryFn: ({ signal }) => fetchPreferences(publisher, signal),
    staleTime: PREFERENCES_STALE_MS,
    gcTime: PREFERENCES_GC_MS,
    retry: retryOnce,
  });

/** Asked only for a signed-in reader; a visitor has no preferences on the server. */
export function usePreferences(publisher: string, signedIn: boolean) {
  return useQuery({ ...preferencesQueryOptions(publisher), enabled: signedIn });
}

/**
 * The signed-in reader's preferred edition as the server holds it, adopted and
 * stored under the spec's key (spec 1 §3, §4 "Reading state"); undefined for a
 * visitor or until the server has answered. The stored copy is only a cache: the
 * reader opens it only once the server's answer and the access policy agree.
 */
export function usePreferredEdition(publisher: string, signedIn: boolean): number | undefined {
  const preferences = usePreferences(publisher, signedIn);
  const preferred = signedIn ? preferences.data?.preferredEditionId : undefined;
  useEffect(() => {
    if (preferred !== undefined && preferred !== null)
      localValue.set(LOCAL_KEYS.preferredEditionId, String(preferred));
  }, [preferred]);
  return preferred ?? undefined;
}
