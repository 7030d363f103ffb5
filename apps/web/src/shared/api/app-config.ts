// Who we are and what day it is, as the server sees it: the brand, its publisher
// code for content calls, the publisher's time zone and today's edition date.
import { BRANDS, isIsoDate, siteConfigSchema, type Brand } from '@folio/core';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { APP_CONFIG_STALE_MS } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';
import { installTagManager } from '../lib/tracking.ts';
import { countVisit } from './reader-visit.ts';

// Every default in the app derives from `today`; a malformed one must fail loudly here.
const appConfigSchema = siteConfigSchema.refine((config) => isIsoDate(config.today), {
  path: ['today'],
});

export interface AppConfig {
  brand: Brand;
  publisher: string;
  timeZone: string;
  /** The edition date readers land on, yyyy-MM-dd in the publisher's time zone. */
  today: string;
  /** Google sign-in is offered only when the server has a client id for it. */
  googleClientId?: string | null;
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const config = await getJson('/api/config', appConfigSchema, { signal });
  // Analytics start with the config that names their container (none: nothing loads).
  installTagManager(config.gtmId);
  countVisit(config.brand);
  // The free edition is the desk's choice (issue 26 part 11), not the brand's constant.
  return { ...config, brand: { ...BRANDS[config.brand], freeEdition: config.freeEdition } };
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: APP_CONFIG_STALE_MS,
  });

/** Every screen needs the config before it can ask for content, so it suspends until it has it. */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQueryOptions()).data;
}
