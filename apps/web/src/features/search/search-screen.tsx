// /search?q&date&edition&page (spec 2 §2 "Search", §4, §8): articles found by
// their words, ten at a time. Opened from the reader, date and edition narrow the
// search to that issue and back returns to its page.
import { SEARCH_TEXT, type SearchHit } from '@folio/core';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { lockReasonFor } from '../../shared/lib/lock-reason.ts';
import {
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  readerHref,
} from '../../shared/lib/reader-links.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LockedPopupHost } from '../../shared/ui/locked-access.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { useFirstFrameHandoff } from '../../shared/hooks/use-first-frame-handoff.ts';
import { useArticleSearch, type SearchFilter } from './api.ts';
import { SearchBar } from './components/search-bar.tsx';
import { SearchResults } from './components/search-results.tsx';
import { useSearchText } from './hooks/use-search-text.ts';
import { hitPlace } from './lib/hit-place.ts';

/** React Router numbers this tab's entries; above 0 there is a screen of ours to go back to. */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

function useReaderFilter(today: string) {
  const [params] = useSearchParams();
  const date = parseEditionDate(params.get('date'), today);
  const edition = parseEditionNumber(params.get('edition'));
  const page = parseWholeNumber(params.get('page'));
  return { date, edition, page };
}

export function SearchScreen() {
  const { brand, publisher, today } = useAppConfig();
  const navigate = useNavigate();
  const searchText = useSearchText();
  const from = useReaderFilter(today);
  const filter: SearchFilter = { term: searchText.term, date: from.date, edition: from.edition };
  const search = useArticleSearch(publisher, filter);
  const { entitlement } = useEntitlement(publisher);
  const [lockedHit, setLockedHit] = useState<SearchHit | null>(null);
  // The document drew this screen's bar and invitation (server: first-frames.ts),
  // which the screen draws in the same place at once.
  useFirstFrameHandoff(true);
  const lockedAt = lockedHit && hitPlace(lockedHit);
  const lockReason =
    lockedAt &&
    lockReasonFor(
      true,
      entitlement,
      brand,
      { date: lockedAt.date, editionNumber: lockedAt.edition, pageIndex: lockedAt.page },
      today,
    );

  const back = () => {
    if (hasAppHistory()) void navigate(-1);
    else
      void navigate(
        from.date !== undefined && from.edition !== undefined
          ? readerHref({ date: from.date, edition: from.edition, page: from.page ?? 0 })
          : '/',
      );
  };

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const body = (() => {
    if (searchText.blank || searchText.term === '')
      return (
        <div className="flex min-h-[50vh] flex-col items-center justify-center gap-2 text-center">
          <h2 className="font-serif text-xl font-semibold text-ink">{SEARCH_TEXT.start}</h2>
        </div>
      );
    if (search.isPending) return <ScreenStatus>{SEARCH_TEXT.searching}</ScreenStatus>;
    if (!search.data) return <SearchError onRetry={() => void search.refetch()} />;
    const hits = search.data.pages.flat();
    if (hits.length === 0)
      return (
        <div
          role="status"
          className="flex min-h-[50vh] flex-col items-center justify-center gap-2 px-4 text-center"
        >
          <h2 className="font-serif text-xl font-semibold text-ink">{SEARCH_TEXT.noMatches}</h2>
          <p className="text-ink-soft">
            {SEARCH_TEXT.noMatchesFor} <q className="font-semibold text-ink">{searchText.term}</q>
          </p>
          <p className="text-sm text-ink-soft">{SEARCH_TEXT.noMatchesHint}</p>
        </div>
      );
    return (
      <>
        <SearchResults
          hits={hits}
          hasMore={hasNextPage && !search.isFetchNextPageError}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          onLocked={setLockedHit}
        />
        {search.isFetchNextPageError && <SearchError onRetry={() => void fetchNextPage()} />}
      </>
    );
  })();

  return (
    <>
      <SearchBar
        text={searchText.text}
        onText={searchText.setText}
        onSubmit={searchText.submit}
        onClear={searchText.clear}
        onBack={back}
      />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-3 pt-20 pb-12 outline-none">
        <h1 className="sr-only">Search articles</h1>
        {body}
      </main>
      <LockedPopupHost
        open={lockedHit !== null}
        reason={lockReason}
        entitlement={entitlement}
        onClose={() => setLockedHit(null)}
      />
    </>
  );
}

function SearchError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-[30vh] flex-col items-center justify-center gap-3 px-4 text-center"
    >
      <h2 className="font-serif text-xl font-semibold text-ink">{SEARCH_TEXT.errorTitle}</h2>
      <p className="text-ink-soft">{SEARCH_TEXT.errorText}</p>
      <Button onClick={onRetry}>{SEARCH_TEXT.tryAgain}</Button>
    </div>
  );
}
