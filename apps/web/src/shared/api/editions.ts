// The brand's edition list (spec 1 §3 "Edition group"), for pickers outside the
// reader: the profile's and the welcome popup's preferred edition. Same key and
// lifetime as the reader's list, so both read one cached answer.
import { editionGroupsSchema, type Edition, type EditionGroup } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EDITIONS_STALE_MS } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';

export function fetchEditionGroups(
  publisher: string,
  signal?: AbortSignal,
): Promise<EditionGroup[]> {
  return getJson('/api/epaper/editions', editionGroupsSchema, { query: { publisher }, signal });
}

export const editionGroupsQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['epaper', 'editions', publisher],
    queryFn: ({ signal }) => fetchEditionGroups(publisher, signal),
    staleTime: EDITIONS_STALE_MS,
  });

export function useEditionGroups(publisher: string, enabled = true) {
  return useQuery({ ...editionGroupsQueryOptions(publisher), enabled });
}

/** The edition with this number (preferredEditionId holds an edition number). */
export function findEdition(
  groups: readonly EditionGroup[],
  editionNumber: number | null | undefined,
): Edition | undefined {
  if (editionNumber === null || editionNumber === undefined) return undefined;
  return groups
    .flatMap((group) => group.editions)
    .find((edition) => edition.edition_number === editionNumber);
}
