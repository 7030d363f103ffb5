// The hits so far and, while more exist, the way to the next ten: it loads by
// itself when scrolled into view (infinite scroll), and is a button for anyone
// who reaches it by keyboard or whose browser does not report it in view.
import { SEARCH_TEXT, type SearchHit } from '@folio/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../../shared/ui/button.tsx';
import { SearchHitItem } from './search-hit-item.tsx';

/** Starts the next page a little before the end of the list is on screen. */
const LOAD_AHEAD_MARGIN = '300px';

interface SearchResultsProps {
  hits: SearchHit[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onLocked: (hit: SearchHit) => void;
}

export function SearchResults({
  hits,
  hasMore,
  loadingMore,
  onLoadMore,
  onLocked,
}: SearchResultsProps) {
  const list = useRef<HTMLOListElement>(null);
  // Loaded from the button, focus moves to the first new hit (the button leaves).
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (focusFrom === null || hits.length <= focusFrom) return;
    list.current?.children[focusFrom]?.querySelector<HTMLElement>('a, button')?.focus();
    setFocusFrom(null);
  }, [focusFrom, hits.length]);

  return (
    <>
      <ol ref={list} aria-label="Search results" className="flex flex-col gap-3">
        {hits.map((hit, index) => (
          // Ranking can move a hit across a page boundary, so ids alone may repeat.
          <li key={`${index}-${hit._id}`}>
            <SearchHitItem hit={hit} onLocked={onLocked} />
          </li>
        ))}
      </ol>
      {hasMore && (
        <LoadMore
          loading={loadingMore}
          shown={hits.length}
          onLoad={onLoadMore}
          onLoadByButton={() => {
            setFocusFrom(hits.length);
            onLoadMore();
          }}
        />
      )}
    </>
  );
}

interface LoadMoreProps {
  loading: boolean;
  /** Hits on screen: the watch restarts after each page, in case the end is still in view. */
  shown: number;
  onLoad: () => void;
  onLoadByButton: () => void;
}

function LoadMore({ loading, shown, onLoad, onLoadByButton }: LoadMoreProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoad();
      },
      { rootMargin: LOAD_AHEAD_MARGIN },
    );
    watch.observe(target);
    return () => watch.disconnect();
  }, [onLoad, shown]);

  return (
    <div ref={end} className="flex min-h-16 items-center justify-center py-4">
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-soft">
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-2 border-ink/15 border-t-brand"
          />
          {SEARCH_TEXT.loadingMore}
        </p>
      ) : (
        <button type="button" onClick={onLoadByButton} className={buttonClasses('secondary')}>
          Load more results
        </button>
      )}
    </div>
  );
}
