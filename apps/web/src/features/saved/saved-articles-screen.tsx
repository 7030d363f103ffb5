// /saved-articles (spec 2 §2 "Saved articles"), behind the auth guard: the reader's
// saved articles as cards, a filter on edition name, title and description kept
// for the session, removal after a confirmation (optimistic, restored when the
// server refuses), share, and the locked popup for a page the plan no longer opens.
import {
  SAVED_MESSAGES,
  matchesSavedSearch,
  type LockReason,
  type SavedArticle,
} from '@folio/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useRemoveSavedArticle, useSavedArticles } from '../../shared/api/saved-articles.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import { shareNatively, type SharedArticle } from '../../shared/lib/share.ts';
import { track } from '../../shared/lib/tracking.ts';
import { AuthGuard } from '../../shared/ui/auth-guard.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { ChevronLeftIcon } from '../../shared/ui/icons.tsx';
import { LockedPopupHost } from '../../shared/ui/locked-access.tsx';
import { RemoveBookmarkDialog } from '../../shared/ui/remove-bookmark-dialog.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { ShareDialog } from '../../shared/ui/share-dialog.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { SavedArticleCard, savedArticleHref } from './components/saved-article-card.tsx';

export function SavedArticlesScreen() {
  return (
    <AuthGuard>
      <SavedArticles />
    </AuthGuard>
  );
}

/** The filter text, kept in session storage under the spec's key (spec 2 §2, §3). */
function useSavedSearch(): [string, (text: string) => void] {
  const [search, setSearch] = useState(
    () => sessionValue.get(SESSION_KEYS.savedArticlesSearch) ?? '',
  );
  const update = (text: string) => {
    setSearch(text);
    if (text === '') sessionValue.remove(SESSION_KEYS.savedArticlesSearch);
    else sessionValue.set(SESSION_KEYS.savedArticlesSearch, text);
  };
  return [search, update];
}

function SavedArticles() {
  const { brand, publisher } = useAppConfig();
  const saved = useSavedArticles(publisher, true);
  const remove = useRemoveSavedArticle(publisher);
  const { entitlement } = useEntitlement(publisher);
  const [search, setSearch] = useSavedSearch();
  const [removing, setRemoving] = useState<SavedArticle | null>(null);
  const [sharing, setSharing] = useState<{ article: SharedArticle; id: string } | null>(null);
  const [locked, setLocked] = useState<LockReason | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    const { id } = removing;
    setRemoving(null);
    remove.mutate(id, {
      onSuccess: () => notify.success(SAVED_MESSAGES.removed),
      onError: () => notify.error(SAVED_MESSAGES.removeFailed),
    });
  };

  const share = async (article: SavedArticle) => {
    const shared = {
      title: article.title,
      url: `${window.location.origin}${savedArticleHref(article)}`,
    };
    const outcome = await shareNatively(shared);
    if (outcome === 'shared') track('share', { article_id: article.article_id, method: 'native' });
    else if (outcome === 'unavailable') setSharing({ article: shared, id: article.article_id });
  };

  const body = (() => {
    if (saved.isPending) return <ScreenStatus>Loading saved articles...</ScreenStatus>;
    // A failed refetch keeps the list already shown; only a list never loaded is an error.
    if (saved.data === undefined)
      return (
        <ScreenStatus tone="problem">
          {isApiError(saved.error, 401) ? SAVED_MESSAGES.listSignIn : SAVED_MESSAGES.listFailed}
        </ScreenStatus>
      );
    if (saved.data.length === 0)
      return (
        <EmptyState title={SAVED_MESSAGES.empty}>
          <Link to="/" className={buttonClasses('primary')}>
            Start Reading
          </Link>
        </EmptyState>
      );
    const shown = saved.data.filter((article) => matchesSavedSearch(article, search));
    if (shown.length === 0)
      return (
        <EmptyState title={SAVED_MESSAGES.noMatches}>
          <Button onClick={() => setSearch('')}>Clear Search</Button>
        </EmptyState>
      );
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved articles">
        {shown.map((article) => (
          <SavedArticleCard
            key={article.id}
            article={article}
            onRemove={() => setRemoving(article)}
            onShare={() => void share(article)}
            onLocked={() => setLocked(article.lock_reason)}
          />
        ))}
      </ul>
    );
  })();

  return (
    <>
      <SiteHeader brand={brand}>
        <BackButton />
      </SiteHeader>
      <main id="main" className="mx-auto w-full max-w-5xl px-4 pt-20 pb-12 sm:px-6">
        <h1 className="font-serif text-2xl font-bold text-brand sm:text-3xl">Saved Articles</h1>
        <div className="mt-4 mb-6">
          <label htmlFor="saved-search" className="sr-only">
            {SAVED_MESSAGES.searchPlaceholder}
          </label>
          <input
            id="saved-search"
            type="search"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={SAVED_MESSAGES.searchPlaceholder}
            className="h-11 w-full rounded-full border border-ink/20 bg-white px-4 text-sm text-ink placeholder:text-ink-soft focus:border-brand"
          />
        </div>
        {body}
      </main>
      {removing && (
        <RemoveBookmarkDialog onConfirm={confirmRemove} onClose={() => setRemoving(null)} />
      )}
      {sharing && (
        <ShareDialog
          article={sharing.article}
          onClose={() => setSharing(null)}
          onShared={(method) => track('share', { article_id: sharing.id, method })}
        />
      )}
      <LockedPopupHost
        open={locked !== null}
        reason={locked}
        entitlement={entitlement}
        onClose={() => setLocked(null)}
      />
    </>
  );
}

function EmptyState({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
      {children}
    </div>
  );
}

/** Back to where the reader came from, or to the front page when this was the first page (spec 2 §2). */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      onClick={() => void (location.key === 'default' ? navigate('/') : navigate(-1))}
      className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
    >
      <ChevronLeftIcon />
      Back
    </button>
  );
}
