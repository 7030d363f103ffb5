// The reader's place (date, edition, page) lives in the URL (spec 1 §2), so a
// reload, a shared link or the back button shows the same page. Absent or
// malformed parameters fall back to today's default edition, front page; an
// address naming no place at all (the bare /) may resume where a signed-in
// reader left off today, on this or another device.
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

/** Today's edition and page to open at a bare / instead of the default edition's front page. */
export interface ResumePoint {
  edition: number;
  page: number;
}

const PLACE_PARAMS = ['date', 'edition', 'page', 'article'];

export function readPlace(
  params: URLSearchParams,
  today: string,
  defaultEdition: number,
  resume?: ResumePoint,
): ReaderPlace {
  // A link naming any part of a place always wins over a resumed one.
  if (resume && !PLACE_PARAMS.some((name) => params.has(name))) {
    return {
      date: today,
      edition: resume.edition,
      requestedPage: resume.page,
      articleId: undefined,
    };
  }
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

export function useReaderPlace(today: string, defaultEdition: number, resume?: ResumePoint) {
  const [params, setParams] = useSearchParams();
  const place = readPlace(params, today, defaultEdition, resume);
  const moveTo = useCallback(
    (next: PagePlace, options: MoveOptions = {}) => {
      setParams(placeParams(next), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { place, moveTo };
}
