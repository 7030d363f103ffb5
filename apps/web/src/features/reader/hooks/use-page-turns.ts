// Turning the page (spec 1 §2): the arrows, the left and right keys and a swipe
// move to the previous or next page, held inside the edition's pages.
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { track } from '../../../shared/lib/tracking.ts';
import { clampPageIndex } from '../lib/page-geometry.ts';
import type { MoveOptions } from './use-reader-place.ts';
import { usePageKeys } from './use-page-keys.ts';
import { useSwipe } from './use-swipe.ts';

interface PageTurnOptions {
  place: PagePlace;
  pageCount: number;
  moveTo: (place: PagePlace, options?: MoveOptions) => void;
  /** Called on every turn before moving (a turn clears the selected article). */
  onTurn: () => void;
}

export function usePageTurns({ place, pageCount, moveTo, onTurn }: PageTurnOptions) {
  const { date, edition, page } = place;
  // The router renders a move as a transition, so the drawn page can trail the last
  // move for a moment; relative moves count from the page last asked for, or two
  // quick key presses would both start from the same page.
  const askedPage = useRef(page);
  useLayoutEffect(() => {
    askedPage.current = page;
  }, [page]);

  const goToPage = useCallback(
    (index: number) => {
      const target = clampPageIndex(index, pageCount);
      if (target === askedPage.current) return;
      track('navigate_page', { page_index: target, previous_page_index: askedPage.current });
      askedPage.current = target;
      onTurn();
      moveTo({ date, edition, page: target }, { replace: true });
      window.scrollTo({ top: 0 });
    },
    [pageCount, date, edition, moveTo, onTurn],
  );
  const previousPage = useCallback(() => goToPage(askedPage.current - 1), [goToPage]);
  const nextPage = useCallback(() => goToPage(askedPage.current + 1), [goToPage]);
  usePageKeys(previousPage, nextPage, pageCount > 0);
  const swipe = useSwipe(previousPage, nextPage);
  return { goToPage, previousPage, nextPage, swipe };
}
