// The reader's place (date, edition, page) lives in the URL (spec 1 §2), so a
// reload, a shared link or the back button shows the same page. Absent or
// malformed parameters fall back to today's front page of the reader's edition;
// the bare / opens there too, whatever place the account holds (the reader
// offers that one: hooks/use-left-off.ts).
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
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

/**
 * Router state of a move that carries on the reader's own reading: a page turned,
 * an edition or a date chosen. Any other way into the reader (an address, the
 * logo, Home, a link from an article, search or saved articles) arrives at a
 * place, and only an arrival offers the saved one (use-left-off.ts).
 */
const CONTINUED_READING = { continuedReading: true } as const;

function continuesReading(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'continuedReading' in state;
}

export function useReaderPlace(today: string, defaultEdition: number) {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const place = readPlace(params, today, defaultEdition);
  const moveTo = useCallback(
    (next: PagePlace, options: MoveOptions = {}) => {
      setParams(placeParams(next), {
        replace: options.replace ?? false,
        state: CONTINUED_READING,
      });
    },
    [setParams],
  );
  return { place, moveTo, continued: continuesReading(state) };
}
