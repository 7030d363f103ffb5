// The article reader's bookmark (spec 2 §2 "Article reader", §4 "Bookmark", §8):
// not bookmarked saves the article; bookmarked asks to confirm, then removes it;
// signed out it asks the reader to log in: a bookmark needs an account, not a plan.
import { SAVED_MESSAGES, type SavedArticleCreate } from '@folio/core';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../../shared/api/auth-session.ts';
import {
  useRemoveSavedArticle,
  useSaveArticle,
  useSavedArticles,
} from '../../../shared/api/saved-articles.ts';
import { isApiError } from '../../../shared/lib/http.ts';
import { BookmarkIcon } from '../../../shared/ui/icons.tsx';
import { RemoveBookmarkDialog } from '../../../shared/ui/remove-bookmark-dialog.tsx';
import { notify } from '../../../shared/ui/toaster.tsx';

const SignInPopup = lazy(() =>
  import('../../../shared/ui/access-popups.tsx').then((m) => ({ default: m.SignInPopup })),
);

export function BookmarkButton({
  publisher,
  article,
}: {
  publisher: string;
  /** What saving this article sends (spec 2 §3 "Saved article (create payload)"). */
  article: SavedArticleCreate;
}) {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const saved = useSavedArticles(publisher, signedIn);
  const save = useSaveArticle(publisher);
  const remove = useRemoveSavedArticle(publisher);
  const [prompt, setPrompt] = useState<'sign-in' | 'confirm' | null>(null);
  const bookmark = saved.data?.find((item) => item.article_id === article.article_id);
  const busy = save.isPending || remove.isPending || (signedIn && saved.isPending);

  const onClick = () => {
    if (!signedIn) return setPrompt('sign-in');
    if (bookmark) return setPrompt('confirm');
    save.mutate(article, {
      onSuccess: () => notify.success(SAVED_MESSAGES.bookmarked),
      onError: (error) =>
        notify.error(
          isApiError(error, 401) ? SAVED_MESSAGES.bookmarkSignIn : SAVED_MESSAGES.bookmarkFailed,
        ),
    });
  };

  const confirmRemove = () => {
    setPrompt(null);
    if (!bookmark) return;
    remove.mutate(bookmark.id, {
      onSuccess: () => notify.success(SAVED_MESSAGES.removed),
      onError: () => notify.error(SAVED_MESSAGES.removeFailed),
    });
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-pressed={bookmark !== undefined}
        className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand disabled:opacity-50"
      >
        <BookmarkIcon filled={bookmark !== undefined} className={bookmark ? 'text-brand' : ''} />
        <span className="max-sm:sr-only">Bookmark</span>
      </button>
      {prompt === 'sign-in' && (
        <Suspense fallback={null}>
          <SignInPopup title="Log In To Bookmark Articles" onClose={() => setPrompt(null)}>
            Bookmarks are free with an account: log in or sign up, and the articles you save wait
            for you under Saved Articles on every device.
          </SignInPopup>
        </Suspense>
      )}
      {prompt === 'confirm' && (
        <RemoveBookmarkDialog onConfirm={confirmRemove} onClose={() => setPrompt(null)} />
      )}
    </>
  );
}
