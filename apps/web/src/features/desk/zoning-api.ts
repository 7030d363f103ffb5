// The zoning editor's calls (issue 26 part 9), parsed against @folio/core/desk.
import type { BrandCode } from '@folio/core';
import { pageZoningSchema, publishedPagesSchema, type ZoningSaveInput } from '@folio/core/desk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

const issuePath = (brand: BrandCode, editionNumber: number, date: string) =>
  `/api/desk/editions/${brand}/${editionNumber}/${date}`;

export function usePublishedPages(
  brand: BrandCode,
  editionNumber: number,
  date: string,
  stamp: string,
) {
  return useQuery({
    queryKey: ['desk', 'published-pages', brand, editionNumber, date, stamp],
    // Kept on screen while the next stamp's list loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      getJson(`${issuePath(brand, editionNumber, date)}/pages`, publishedPagesSchema, { signal }),
    retry: false,
  });
}

const zoningKey = (brand: BrandCode, editionNumber: number, date: string, page: number) =>
  ['desk', 'zoning', brand, editionNumber, date, page] as const;

export function usePageZoning(brand: BrandCode, editionNumber: number, date: string, page: number) {
  return useQuery({
    queryKey: zoningKey(brand, editionNumber, date, page),
    queryFn: ({ signal }) =>
      getJson(`${issuePath(brand, editionNumber, date)}/pages/${page}/zoning`, pageZoningSchema, {
        signal,
      }),
    // What the editor is drawing on is not replaced behind their back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSaveZoning(brand: BrandCode, editionNumber: number, date: string, page: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ZoningSaveInput) =>
      sendJson(
        'PUT',
        `${issuePath(brand, editionNumber, date)}/pages/${page}/zoning`,
        pageZoningSchema,
        body,
      ),
    onSuccess: (zoning) => {
      client.setQueryData(zoningKey(brand, editionNumber, date, page), zoning);
      void client.invalidateQueries({
        queryKey: ['desk', 'published-pages', brand, editionNumber, date],
      });
      void client.invalidateQueries({ queryKey: ['desk', 'audit'] });
    },
  });
}
