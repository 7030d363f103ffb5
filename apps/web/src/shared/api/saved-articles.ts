// The reader's saved articles (spec 2 §7 "Saved articles", §4 "Bookmark"), shared
// by the saved-articles screen and the article reader's bookmark button. Saving
// puts the answer into the cached list; removing is optimistic: the article
// leaves the list at once and comes back if the server refuses (spec 2 §4, §8).
import {
  okResponseSchema,
  savedArticleSchema,
  savedArticlesSchema,
  type SavedArticle,
  type SavedArticleCreate,
} from '@folio/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_ARTICLES_STALE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson, sendJson } from '../lib/http.ts';
import { track } from '../lib/tracking.ts';

/** Under ['users'], so sign-in refreshes it and logout drops it (spec 1 §4 "Auth state"). */
export const SAVED_ARTICLES_KEY = ['users', 'saved-articles'] as const;

export function fetchSavedArticles(
  publisher: string,
  signal?: AbortSignal,
): Promise<SavedArticle[]> {
  return getJson('/api/user/saved-articles', savedArticlesSchema, { query: { publisher }, signal });
}

export const savedArticlesQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: [...SAVED_ARTICLES_KEY, publisher],
    queryFn: ({ signal }) => fetchSavedArticles(publisher, signal),
    staleTime: SAVED_ARTICLES_STALE_MS,
    retry: retryOnce,
  });

/** Asked only for a signed-in reader; a visitor has nothing saved. */
export function useSavedArticles(publisher: string, signedIn: boolean) {
  return useQuery({ ...savedArticlesQueryOptions(publisher), enabled: signedIn });
}

export function saveArticle(article: SavedArticleCreate): Promise<SavedArticle> {
  return sendJson('POST', '/api/user/saved-articles', savedArticleSchema, article);
}

export function removeSavedArticle(publisher: string, id: number): Promise<unknown> {
  return sendJson('DELETE', `/api/user/saved-articles/${id}`, okResponseSchema, undefined, {
    query: { publisher },
  });
}

export function useSaveArticle(publisher: string) {
  const client = useQueryClient();
  const { queryKey } = savedArticlesQueryOptions(publisher);
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: (saved) => {
      track('save_article', { article_id: saved.article_id });
      client.setQueryData(queryKey, (list) =>
        list ? [saved, ...list.filter((item) => item.id !== saved.id)] : [saved],
      );
    },
  });
}

export function useRemoveSavedArticle(publisher: string) {
  const client = useQueryClient();
  const { queryKey } = savedArticlesQueryOptions(publisher);
  return useMutation({
    mutationFn: (id: number) => removeSavedArticle(publisher, id),
    onMutate: async (id) => {
      // A list arriving now would put the article back under the reader's eyes.
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      client.setQueryData(queryKey, (list) => list?.filter((item) => item.id !== id));
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) client.setQueryData(queryKey, context.before);
    },
    // Not awaited: the reader hears how the removal went without waiting for the list.
    onSettled: () => {
      void client.invalidateQueries({ queryKey });
    },
  });
}
