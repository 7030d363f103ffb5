// An edition's pages for one date. Shared because the reader, the article view and
// later search, saved articles and the ad viewer all address content by page.
import { epaperDataSchema, isoToCompact, type EpaperData, type Page } from '@folio/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EPAPER_DATA_GC_MS, EPAPER_DATA_STALE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';

export interface EditionRequest {
  publisher: string;
  /** yyyy-MM-dd */
  date: string;
  edition: number;
}

export function fetchEpaperData(
  request: EditionRequest,
  signal?: AbortSignal,
): Promise<EpaperData> {
  return getJson('/api/epaper/data', epaperDataSchema, {
    query: {
      date: isoToCompact(request.date),
      edition: request.edition,
      publisher: request.publisher,
    },
    signal,
  });
}

export const epaperDataQueryOptions = (request: EditionRequest) =>
  queryOptions({
    queryKey: ['epaper', 'data', request.publisher, request.date, request.edition],
    queryFn: ({ signal }) => fetchEpaperData(request, signal),
    staleTime: EPAPER_DATA_STALE_MS,
    gcTime: EPAPER_DATA_GC_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    retry: retryOnce,
  });

interface EpaperDataOptions {
  /** Keep showing the previous edition while the next one loads, instead of a blank screen. */
  keepPrevious?: boolean;
}

export function useEpaperData(request: EditionRequest, options: EpaperDataOptions = {}) {
  return useQuery({
    ...epaperDataQueryOptions(request),
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** Pages in reading order; sections only group them. */
export function editionPages(data: EpaperData): Page[] {
  return data.sections.flatMap((section) => section.pages);
}

/** Media files are addressed relative to the edition's suffix (spec 1 §3). */
export function mediaUrl(suffix: string, file: string): string {
  return `${suffix}${file}`;
}
