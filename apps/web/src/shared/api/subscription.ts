// The signed-in reader's subscription as the server sees it (spec 2 §3 "User
// subscription data"). The entitlement in the answer is the server's decision; the
// web app draws locks and popups from it and never grants anything itself. The
// spec's session-storage entries (isSubscribed, ArchivalAccess, user_paid_status,
// subscriptionData) are written from it as caches and are never read for access.
import { subscriptionStateSchema, type Entitlement, type SubscriptionState } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryOnce } from '../lib/cache-policy.ts';
import { getJson, isApiError } from '../lib/http.ts';
import { SESSION_KEYS, sessionValue } from '../lib/session-keys.ts';
import { useAuth } from './auth-session.ts';

export const SUBSCRIPTION_KEY = ['users', 'subscription'] as const;
/** Rechecked often: a purchase or a lapse elsewhere should show soon. */
const SUBSCRIPTION_STALE_MS = 60_000;

function remember(state: SubscriptionState | null): void {
  const subscriber = state?.entitlement.kind === 'subscriber';
  sessionValue.set(SESSION_KEYS.isSubscribed, String(subscriber));
  sessionValue.set(SESSION_KEYS.userPaidStatus, subscriber ? 'paid' : 'unpaid');
  if (state?.entitlement.kind === 'subscriber')
    sessionValue.set(SESSION_KEYS.archivalAccess, String(state.entitlement.archiveDays));
  else sessionValue.remove(SESSION_KEYS.archivalAccess);
  if (state?.subscription) sessionValue.setJson(SESSION_KEYS.subscriptionData, state.subscription);
  else sessionValue.remove(SESSION_KEYS.subscriptionData);
}

/** The state, or null when nobody is signed in; a failed fetch counts as unpaid (spec 1 §8). */
export async function fetchSubscriptionState(
  publisher: string,
  signal?: AbortSignal,
): Promise<SubscriptionState | null> {
  try {
    const state = await getJson('/api/users/subscription', subscriptionStateSchema, {
      query: { publisher },
      signal,
    });
    remember(state);
    return state;
  } catch (error) {
    remember(null);
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const subscriptionQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: [...SUBSCRIPTION_KEY, publisher],
    queryFn: ({ signal }) => fetchSubscriptionState(publisher, signal),
    staleTime: SUBSCRIPTION_STALE_MS,
    retry: retryOnce,
  });

/**
 * What the reader may read, for drawing: a visitor while signed out or checking,
 * free when the subscription call failed, else what the server answered.
 */
export function useEntitlement(publisher: string): {
  entitlement: Entitlement;
  state: SubscriptionState | null | undefined;
  pending: boolean;
} {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const query = useQuery({ ...subscriptionQueryOptions(publisher), enabled: signedIn });
  if (!signedIn)
    return { entitlement: { kind: 'visitor' }, state: null, pending: auth.status === 'checking' };
  const entitlement: Entitlement = query.data?.entitlement ?? { kind: 'free' };
  return { entitlement, state: query.data, pending: query.isPending };
}
