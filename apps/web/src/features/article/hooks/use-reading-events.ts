// The article's reading events (spec 2 §4, §7): article_open at once, read_article
// after 10 s still on the same article.
import { useEffect } from 'react';
import { track } from '../../../shared/lib/tracking.ts';

/** Spec 2 §4, §7: the reading event is tracked after 10 s on an article. */
const READ_AFTER_MS = 10_000;

export function useReadingEvents(articleId: string | undefined) {
  useEffect(() => {
    if (!articleId) return;
    track('article_open', { article_id: articleId });
    const timer = window.setTimeout(
      () => track('read_article', { article_id: articleId }),
      READ_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [articleId]);
}
