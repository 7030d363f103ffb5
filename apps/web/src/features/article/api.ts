// Article text (spec 2 §2 "Article reader"): the HTML file named by the article's
// hotspot, cleaned on arrival so only allow-listed markup is ever cached or drawn.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ARTICLE_STALE_MS } from '../../shared/lib/cache-policy.ts';
import { getText } from '../../shared/lib/http.ts';
import { sanitizeHtml } from '../../shared/lib/sanitize-html.ts';

export async function fetchArticleHtml(url: string, signal?: AbortSignal): Promise<string> {
  return sanitizeHtml(await getText(url, { signal }));
}

export const articleHtmlQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['article', 'html', url],
    queryFn: ({ signal }) => fetchArticleHtml(url, signal),
    staleTime: ARTICLE_STALE_MS,
  });

/** Waits for the URL, which is known only once the edition data has located the article. */
export function useArticleHtml(url: string | undefined) {
  return useQuery({ ...articleHtmlQueryOptions(url ?? ''), enabled: url !== undefined });
}
