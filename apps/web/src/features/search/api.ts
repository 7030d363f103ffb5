// Article search (spec 2 §7 GET epaper/search, §4 "Search"): ten hits at a time
// for one query, paged by offset. Each query (term, date, edition) is its own
// cache entry, so a new query starts from offset 0 with no results of the last.
import {
  MAX_SEARCH_OFFSET,
  SEARCH_PAGE_SIZE,
  isoToCompact,
  searchResponseSchema,
  type SearchHit,
} from '@folio/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '../../shared/lib/http.ts';

export interface SearchFilter {
  /** The trimmed search text; never empty (an empty one sends nothing). */
  term: string;
  /** yyyy-MM-dd: only that day's editions. */
  date?: string;
  /** Only that edition. */
  edition?: number;
}

export async function fetchSearchPage(
  publisher: string,
  filter: SearchFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<SearchHit[]> {
  const { hits } = await getJson('/api/epaper/search', searchResponseSchema, {
    query: {
      query: filter.term,
      publisher_short_code: publisher,
      date: filter.date === undefined ? undefined : isoToCompact(filter.date),
      editionNo: filter.edition,
      offset,
      limit: SEARCH_PAGE_SIZE,
    },
    signal,
  });
  return hits;
}

/** Spec 2 §4: more results exist only if the last page returned exactly 10 hits. */
export function nextSearchOffset(lastPage: SearchHit[], lastOffset: number): number | undefined {
  const next = lastOffset + SEARCH_PAGE_SIZE;
  return lastPage.length === SEARCH_PAGE_SIZE && next <= MAX_SEARCH_OFFSET ? next : undefined;
}

const searchQueryOptions = (publisher: string, filter: SearchFilter) =>
  infiniteQueryOptions({
    queryKey: ['search', publisher, filter.term, filter.date ?? null, filter.edition ?? null],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(publisher, filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextSearchOffset(lastPage, lastOffset),
    // The error state has its own Try Again; a silent retry would only hold
    // "Searching..." on screen longer.
    retry: false,
  });

/** Sends nothing while the term is empty. */
export function useArticleSearch(publisher: string, filter: SearchFilter) {
  return useInfiniteQuery({
    ...searchQueryOptions(publisher, filter),
    enabled: filter.term !== '',
  });
}
