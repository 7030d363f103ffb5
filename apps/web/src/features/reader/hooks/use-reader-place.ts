// The reader's place (date, edition, page) lives in the URL (spec 1 §2), so a
// reload, a shared link or the back button shows the same page. Absent or
// malformed parameters fall back to today's default edition, front page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseArticleId,
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  type PagePlace,
} from '../../../shared/lib/reader-links.ts';

export interface ReaderPlace {
  date: string;
  edition: number;
  /** As asked for; clamped to the edition's pages once they are known. */
  requestedPage: number;
  /** An article to select and focus on arrival (a search hit's); dropped by any move. */
  articleId: string | undefined;
}

export function readPlace(
  params: URLSearchParams,
  today: string,
  defaultEdition: number,
): ReaderPlace {
  return {
    date: parseEditionDate(params.get('date'), today) ?? today,
    edition: parseEditionNumber(params.get('edition')) ?? defaultEdition,
    requestedPage: parseWholeNumber(params.get('page')) ?? 0,
    articleId: parseArticleId(params.get('article')),
  };
}

export function placeParams(place: PagePlace): URLSearchParams {
  return new URLSearchParams({
    date: place.date,
    edition: String(place.edition),
    page: String(place.page),
  });
}

export interface MoveOptions {
  /** Page turns replace the history entry; choosing a date or edition adds one. */
  replace?: boolean;
}

export function useReaderPlace(today: string, defaultEdition: number) {
  const [params, setParams] = useSearchParams();
  const place = readPlace(params, today, defaultEdition);
  const moveTo = useCallback(
    (next: PagePlace, options: MoveOptions = {}) => {
      setParams(placeParams(next), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { place, moveTo };
}
