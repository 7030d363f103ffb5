// Who is signed in (spec 1 §3 "User data", §4 "Auth state"). Every screen that
// changes with sign-in reads this one query; sign-in refreshes it and logout
// resets it, so the header, guard, profile and popups agree.
import {
  MESSAGES,
  SESSION_HINT_COOKIE,
  meResponseSchema,
  okResponseSchema,
  withoutCountryPrefix,
  type LoginMethod,
  type MeResponse,
} from '@folio/core';
import {
  matchQuery,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_ME_STALE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson, isApiError, sendJson } from '../lib/http.ts';
import { clearAccountStorage } from '../lib/session-keys.ts';
import { notify } from '../ui/toaster.tsx';

export const AUTH_ME_KEY = ['auth', 'me'] as const;
/** Queries whose answer depends on who is signed in; refreshed when that changes. */
const ACCOUNT_DEPENDENT_KEYS = [AUTH_ME_KEY, ['users'], ['epaper', 'data']] as const;

/** The placeholder name the account service stores for "no name yet" (spec 1 §3). */
const NAME_PLACEHOLDER = 'User name';

export interface UserData {
  /** Empty when the reader has not given a name. */
  name: string;
  email: string;
  /** Ten digits without the country prefix; empty when none is on the account. */
  phone: string;
  loginMethod: LoginMethod;
  isNewUser: boolean;
}

export function toUserData(me: MeResponse): UserData {
  const name = me.metadata.first_name?.trim() ?? '';
  const phone = me.userData.phoneNumbers[0];
  return {
    name: name === NAME_PLACEHOLDER ? '' : name,
    email: me.userData.emails[0] ?? '',
    phone: phone ? withoutCountryPrefix(phone) : '',
    loginMethod: me.loginMethod,
    isNewUser: me.isNewUser,
  };
}

/**
 * Whether this browser holds a session cookie. That cookie is HttpOnly; the server
 * sets this readable hint beside it (and clears it with it), so a visitor is known
 * to be one without asking the server and collecting two 401s.
 */
export function mayBeSignedIn(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** The signed-in reader, or null when nobody is (401 after the client's one refresh). */
export async function fetchMe(signal?: AbortSignal): Promise<UserData | null> {
  if (!mayBeSignedIn()) return null;
  try {
    return toUserData(await getJson('/api/auth/me', meResponseSchema, { signal }));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_ME_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: AUTH_ME_STALE_MS,
    retry: retryOnce,
  });

export type AuthState =
  | { status: 'checking'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: UserData };

/**
 * A failed check (server down) counts as signed out for what the screen shows;
 * nothing locked is ever released by it, because the server enforces access.
 */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(meQueryOptions());
  if (isPending) return { status: 'checking', user: null };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: null };
}

/** Refetches the account and everything that depends on it; resolves with the fresh account. */
export async function refreshAuth(client: QueryClient): Promise<UserData | null> {
  // A check that started before the sign-in would answer "signed out": a first
  // load in flight is joined rather than restarted by invalidation, so stop it.
  await client.cancelQueries({ queryKey: AUTH_ME_KEY });
  await Promise.all(
    ACCOUNT_DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
  );
  return client.fetchQuery(meQueryOptions());
}

export function useRefreshAuth(): () => Promise<UserData | null> {
  const client = useQueryClient();
  return useCallback(() => refreshAuth(client), [client]);
}

export function signOut(): Promise<unknown> {
  return sendJson('POST', '/api/auth/signout', okResponseSchema);
}

/**
 * Logout (spec 1 §4): sign out on the server, forget the account's stored values,
 * drop every cached answer that belonged to the account, and return to /.
 */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      clearAccountStorage();
      client.setQueryData(AUTH_ME_KEY, null);
      await client.resetQueries({
        predicate: (query) =>
          query.queryKey[0] !== 'config' &&
          !matchQuery({ queryKey: AUTH_ME_KEY, exact: true }, query),
      });
      await navigate('/');
    },
    onError: () => notify.error(MESSAGES.genericError),
  });
}
