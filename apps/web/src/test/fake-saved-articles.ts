// The saved-articles calls of the Folio server at the network edge: a list the
// reader saves to and removes from, with switches to make a call fail the way a
// broken server does.
import type { SavedArticle, SavedArticleCreate } from '@folio/core';
import { reply, type FakeRequest, type Handler } from './fake-server.ts';

/** Ids the fake answers DELETE on; more than any test saves. */
const MAX_FAKE_ID = 200;

export function savedArticle(fields: Partial<SavedArticle> & { id: number }): SavedArticle {
  return {
    article_id: `article-${fields.id}`,
    title: `Saved story ${fields.id}`,
    description: 'A short excerpt.',
    image_path: '/media/dh/pages/p1-zoom.webp',
    image_coordinates: { top: 10, left: 5, width: 40, height: 20 },
    page_width: 1200,
    page_height: 1900,
    edition_number: 2,
    edition_name: 'Bengaluru City',
    edition_date: '2026-11-20',
    page_no: 0,
    lock_reason: null,
    saved_at: '2026-11-21T06:30:00.000Z',
    ...fields,
  };
}

export interface FakeSavedArticles {
  routes: Record<string, Handler>;
  list: () => SavedArticle[];
  /** Makes every later DELETE (and, with `lists`, every later list) answer 500. */
  failRemovals: (fail: boolean, lists?: boolean) => void;
  /** Holds every later DELETE until the returned function is called. */
  holdRemovals: () => () => void;
}

export function fakeSavedArticles(
  initial: SavedArticle[] = [],
  options: { signedIn?: () => boolean } = {},
): FakeSavedArticles {
  let list = [...initial];
  let nextId = Math.max(0, ...list.map((item) => item.id)) + 1;
  let failing = false;
  let failingLists = false;
  let held: Promise<void> | null = null;
  const signedIn = options.signedIn ?? (() => true);
  const signedOut = () =>
    reply(401, { status: 'ERROR', message: 'Please login to view your saved articles' });

  const routes: Record<string, Handler> = {
    '/api/user/saved-articles': (_url, request: FakeRequest) => {
      if (!signedIn()) return signedOut();
      if (failingLists) return reply(500, { status: 'ERROR', message: 'Something went wrong' });
      if (request.method !== 'POST') return list;
      const body = request.body as SavedArticleCreate;
      const existing = list.find((item) => item.article_id === body.article_id);
      if (existing) return existing;
      const item = savedArticle({
        id: nextId++,
        article_id: body.article_id,
        title: body.title,
        edition_number: body.edition_number,
        edition_date: body.edition_date,
        page_no: body.page_no,
      });
      list = [item, ...list];
      return reply(201, item);
    },
  };
  for (let id = 1; id <= MAX_FAKE_ID; id += 1)
    routes[`/api/user/saved-articles/${id}`] = async () => {
      if (held) await held;
      if (failing) return reply(500, { status: 'ERROR', message: 'Something went wrong' });
      if (!list.some((item) => item.id === id))
        return reply(404, { status: 'ERROR', message: 'This saved article was not found.' });
      list = list.filter((item) => item.id !== id);
      return { status: 'OK' };
    };
  return {
    routes,
    list: () => list,
    failRemovals: (fail, lists = false) => {
      failing = fail;
      failingLists = lists;
    },
    holdRemovals: () => {
      let release = () => {};
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return () => release();
    },
  };
}
