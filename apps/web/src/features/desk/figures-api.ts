// The figures' call (issue 27 part 5), parsed against @folio/core/desk, and the
// address of the same figures as a CSV file for the download link.
import type { BrandCode } from '@folio/core';
import { figuresSchema } from '@folio/core/desk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson, withQuery } from '../../shared/lib/http.ts';

export interface FiguresRange {
  brand: BrandCode;
  from: string;
  to: string;
}

export function useFigures(range: FiguresRange) {
  return useQuery({
    queryKey: ['desk', 'figures', range.brand, range.from, range.to],
    queryFn: ({ signal }) =>
      getJson('/api/desk/figures', figuresSchema, { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const figuresCsvHref = (range: FiguresRange) =>
  withQuery('/api/desk/figures.csv', { ...range });
