// Saved articles through HTTP: only for a signed-in reader (401 in the spec's
// words), stored once per reader and article from what the edition holds (not
// what the client claims), each reader's own (another's id is 404), refused for
// bad input and for a page the reader's plan does not open, and listed with a
// lock and no image once the plan stops opening the page.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  MESSAGES,
  SAVED_MESSAGES,
  addDays,
  savedArticleSchema,
  savedArticlesSchema,
  type SavedArticle,
} from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp, post, signIn } from './helpers/auth.ts';
import { insertIssue, type InsertedIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

const LIST = '/api/user/saved-articles?publisher=DH';

describe.each(testBackends)('saved articles on $name', (backend) => {
  let t: TestApp;
  let today: string;
  let issue: InsertedIssue;
  let older: InsertedIssue;
  let subscriber: { cookie: string; id: string };
  let free: { cookie: string };

  /** The create payload of the article on `pageIndex` of `of`, as the article reader sends it. */
  const payload = (
    of: InsertedIssue,
    date: string,
    pageIndex: number,
    changes: Record<string, unknown> = {},
  ) => {
    const page = of.pages[pageIndex];
    const article = page?.articles[0];
    if (!page || !article) throw new Error(`no article on page ${pageIndex}`);
    return {
      publisher_short_code: 'DH',
      article_id: article.id,
      edition_number: 2,
      page_no: pageIndex,
      html_path: `/media/${of.mediaPrefix}${article.htmlFile}`,
      image_path: `/media/${of.mediaPrefix}${page.zoomFile}`,
      image_coordinates: article.box,
      title: article.title,
      description: '',
      edition_date: date,
      ...changes,
    };
  };

  const save = (cookie: string, body: unknown) =>
    post(t, '/api/user/saved-articles', body, { cookie });
  const list = async (cookie: string): Promise<SavedArticle[]> => {
    const res = await call(t, 'GET', LIST, { cookie });
    expect(res.statusCode).toBe(200);
    return savedArticlesSchema.parse(res.json());
  };
  const remove = (cookie: string, id: number | string, origin = t.config.publicUrl) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/user/saved-articles/${id}?publisher=DH`,
      remoteAddress: freshIp(),
      headers: { origin, cookie },
    });
  const message = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

  beforeAll(async () => {
    t = await createTestApp(backend);
    today = t.container.editions.latestDate();
    issue = await insertIssue(t, { brand: 'dh', editionNumber: 2, date: today });
    older = await insertIssue(t, { brand: 'dh', editionNumber: 2, date: addDays(today, -3) });
    const signedIn = await signInAsSubscriber(t, { email: 'saver@example.com' });
    subscriber = { cookie: signedIn.cookie, id: signedIn.body.user.id };
    free = await signIn(t, { email: 'free-saver@example.com' });
  });
  afterAll(async () => t.close());

  it('answers 401 in the spec’s words without a session, and saves nothing', async () => {
    const listed = await call(t, 'GET', LIST);
    expect(listed.statusCode).toBe(401);
    expect(message(listed)).toBe(SAVED_MESSAGES.listSignIn);
    const saved = await post(t, '/api/user/saved-articles', payload(issue, today, 0));
    expect(saved.statusCode).toBe(401);
    expect(message(saved)).toBe(SAVED_MESSAGES.bookmarkSignIn);
    const removed = await remove('', 1);
    expect(removed.statusCode).toBe(401);
    expect(message(removed)).toBe(AUTH_MESSAGES.signInRequired);
    expect(await t.db.selectFrom('saved_articles').selectAll().execute()).toEqual([]);
  });

  it('saves from the edition, lists newest first with the clip, and deletes', async () => {
    // The client's title, box and paths are not what is stored.
    const first = await save(
      subscriber.cookie,
      payload(issue, today, 1, {
        title: 'A title the client made up',
        image_coordinates: { top: 1, left: 1, width: 2, height: 2 },
        image_path: '/media/somewhere/else.webp',
      }),
    );
    expect(first.statusCode).toBe(201);
    const item = savedArticleSchema.parse(first.json());
    const page = issue.pages[1];
    expect(item).toMatchObject({
      article_id: page?.articles[0]?.id,
      title: page?.articles[0]?.title,
      description: 'Body text.',
      image_path: `/media/${issue.mediaPrefix}${page?.zoomFile}`,
      image_coordinates: page?.articles[0]?.box,
      page_width: 1200,
      page_height: 1900,
      edition_number: 2,
      edition_name: expect.any(String),
      edition_date: today,
      page_no: 1,
      lock_reason: null,
    });
    expect(item.edition_name.length).toBeGreaterThan(0);

    const second = await save(subscriber.cookie, payload(older, addDays(today, -3), 0));
    expect(second.statusCode).toBe(201);
    const listed = await list(subscriber.cookie);
    expect(listed.map((saved) => saved.article_id)).toEqual([
      older.pages[0]?.articles[0]?.id,
      item.article_id,
    ]);

    const removed = await remove(subscriber.cookie, item.id);
    expect(removed.statusCode).toBe(200);
    expect((await list(subscriber.cookie)).map((saved) => saved.id)).toEqual([
      savedArticleSchema.parse(second.json()).id,
    ]);
    expect((await remove(subscriber.cookie, item.id)).statusCode).toBe(404);
  });

  it('answers a second save of the same article with the first one, stored once', async () => {
    const body = payload(issue, today, 0);
    const first = await save(subscriber.cookie, body);
    const again = await save(subscriber.cookie, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db
      .selectFrom('saved_articles')
      .select('id')
      .where('user_id', '=', subscriber.id)
      .where('article_id', '=', body.article_id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for another reader's saved article and leaves it alone", async () => {
    const other = await signInAsSubscriber(t, { email: 'other-saver@example.com' });
    const saved = savedArticleSchema.parse(
      (await save(other.cookie, payload(issue, today, 1))).json(),
    );
    const res = await remove(subscriber.cookie, saved.id);
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe(SAVED_MESSAGES.notFound);
    expect((await list(other.cookie)).map((item) => item.id)).toEqual([saved.id]);
    expect((await list(subscriber.cookie)).map((item) => item.id)).not.toContain(saved.id);
  });

  it.each([
    ['a date not written yyyy-MM-dd', { edition_date: '20260101' }, 400, SAVED_MESSAGES.badDate],
    ['a date that does not exist', { edition_date: '2026-02-30' }, 400, SAVED_MESSAGES.badDate],
    ['a date before the archive', { edition_date: '2020-05-31' }, 400, SAVED_MESSAGES.badDate],
    [
      'a box off the page',
      { image_coordinates: { top: 90, left: 0, width: 10, height: 20 } },
      400,
      SAVED_MESSAGES.badBox,
    ],
    [
      'a box without a size',
      { image_coordinates: { top: 0, left: 0, width: 0, height: 20 } },
      400,
      SAVED_MESSAGES.badBox,
    ],
    ['an edition the brand lacks', { edition_number: 99 }, 400, MESSAGES.unknownEdition(99, 'DH')],
    [
      'an article the edition lacks',
      { article_id: 'no-such-article' },
      404,
      MESSAGES.articleNotFound,
    ],
    ['an article on another page', { page_no: 0 }, 404, MESSAGES.articleNotFound],
    ['a page the edition lacks', { page_no: 7 }, 404, MESSAGES.articleNotFound],
    ['a negative page', { page_no: -1 }, 400, SAVED_MESSAGES.badPage],
    ['an unknown field', { extra: 1 }, 400, undefined],
    [
      'a title of 501 characters',
      { title: 'x'.repeat(501) },
      400,
      'title must be at most 500 characters',
    ],
  ])('refuses %s and stores nothing', async (_, changes, status, text) => {
    const before = await t.db.selectFrom('saved_articles').select('id').execute();
    const res = await save(subscriber.cookie, payload(issue, today, 1, changes));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: 'ERROR' });
    if (text) expect(message(res)).toBe(text);
    expect(await t.db.selectFrom('saved_articles').select('id').execute()).toEqual(before);
  });

  it('refuses a date with no edition yet', async () => {
    const res = await save(
      subscriber.cookie,
      payload(issue, addDays(today, 1), 1, { edition_date: addDays(today, 1) }),
    );
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe(MESSAGES.noEditionAvailable);
  });

  it('lets a free reader save only what their plan opens', async () => {
    const locked = await save(free.cookie, payload(issue, today, 1));
    expect(locked.statusCode).toBe(403);
    const open = await save(free.cookie, payload(issue, today, 0));
    expect(open.statusCode).toBe(201);
    expect((await list(free.cookie)).map((item) => item.page_no)).toEqual([0]);
  });

  it('lists a saved article locked and without its image once the plan lapses', async () => {
    const reader = await signInAsSubscriber(t, { email: 'lapsing@example.com' });
    const body = payload(older, addDays(today, -3), 1);
    expect((await save(reader.cookie, body)).statusCode).toBe(201);
    const [open] = await list(reader.cookie);
    expect(open?.lock_reason).toBeNull();
    expect(open?.image_path).toContain(older.mediaPrefix);

    await t.db
      .updateTable('subscriptions')
      .set({ status: 'expired' })
      .where('user_id', '=', reader.body.user.id)
      .execute();
    const [locked] = await list(reader.cookie);
    expect(locked).toMatchObject({
      article_id: body.article_id,
      title: body.title,
      lock_reason: 'freemium',
      image_path: null,
    });
    // Its clip is still refused by the media route itself.
    const clip = await t.app.inject({
      url: `/media/${older.mediaPrefix}${older.pages[1]?.zoomFile}`,
      headers: { cookie: reader.cookie },
    });
    expect(clip.statusCode).toBe(403);
  });

  it('keeps its own copy when the edition is published again without the article', async () => {
    const reader = await signInAsSubscriber(t, { email: 'republished@example.com' });
    const date = addDays(today, -5);
    const first = await insertIssue(t, { brand: 'dh', editionNumber: 2, date });
    const body = payload(first, date, 0);
    expect((await save(reader.cookie, body)).statusCode).toBe(201);
    await t.db.deleteFrom('articles').where('id', '=', body.article_id).execute();
    const [kept] = await list(reader.cookie);
    expect(kept).toMatchObject({
      article_id: body.article_id,
      title: body.title,
      image_coordinates: body.image_coordinates,
      image_path: null,
      lock_reason: null,
    });
  });

  it('refuses a save or delete from another site (CSRF) and changes nothing', async () => {
    const before = await list(subscriber.cookie);
    const forged = await post(
      t,
      '/api/user/saved-articles',
      payload(older, addDays(today, -3), 1),
      {
        cookie: subscriber.cookie,
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(forged.statusCode).toBe(403);
    const [first] = before;
    if (!first) throw new Error('nothing saved to try deleting');
    expect((await remove(subscriber.cookie, first.id, 'https://evil.example')).statusCode).toBe(
      403,
    );
    expect(await list(subscriber.cookie)).toEqual(before);
  });
});
