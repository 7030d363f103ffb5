// The zoning editor's server side (issue 26 part 9): an editor opens a published
// page's boxes, saves a changed set, and readers get that page re-published at once
// (hotspots, title, article HTML read within the new box, search); a save from a
// stale revision is refused with "changed since you opened it" and bad boxes with a
// 400, changing nothing; readers and support staff may not zone.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperDataSchema, isoToCompact, searchResponseSchema } from '@folio/core';
import {
  DESK_MESSAGES,
  MAX_ARTICLE_TITLE,
  MAX_ZONING_BOXES,
  pageZoningSchema,
  type PageZoning,
} from '@folio/core/desk';
import { generateDemoEdition } from '@folio/ingest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

const TITLE = 'Zoning desk moves the lake story';

describe.each(testBackends)('the zoning editor on $name', (backend) => {
  let t: TestApp;
  let work: string;
  let date: string;
  let editor: string;
  let subscriber: string;
  let zoningUrl: string;

  const asSubscriber = (url: string) => t.app.inject({ url, headers: { cookie: subscriber } });
  const readerData = async () => {
    const res = await asSubscriber(
      `/api/epaper/data?publisher=DH&date=${isoToCompact(date)}&edition=2`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return epaperDataSchema.parse(res.json());
  };
  const firstPage = async () => {
    const data = await readerData();
    const page = data.sections.flatMap((s) => s.pages).find((p) => p.pageNo === 1);
    if (!page) throw new Error('no page 1');
    return { data, page };
  };
  const open = async (cookie = editor): Promise<PageZoning> => {
    const res = await call(t, 'GET', zoningUrl, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return pageZoningSchema.parse(res.json());
  };
  const save = (body: unknown, cookie = editor) => call(t, 'PUT', zoningUrl, { cookie, body });
  const saves = async () =>
    (await t.container.desk.audit(undefined, 50)).entries.filter((e) => e.action === 'page.zoning');

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-zoning-'));
    t = await createTestApp(backend);
    date = t.container.editions.latestDate();
    const made = await generateDemoEdition({
      brand: 'dh',
      date,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 2,
      outDir: work,
    });
    await t.container.publisher.publishEdition({
      brand: 'dh',
      date,
      editionNumber: 2,
      files: made.files,
    });
    zoningUrl = `/api/desk/editions/dh/2/${date}/pages/1/zoning`;
    ({ cookie: editor } = await staffSession(t, 'zoning@example.com', 'editor'));
    ({ cookie: subscriber } = await signInAsSubscriber(t));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('opens a published page with its boxes, its image and a revision', async () => {
    const zoning = await open();
    const { page } = await firstPage();
    expect(zoning.page).toBe(1);
    expect(zoning.articles.map((a) => a.id)).toEqual(page.articles.map((a) => a.id).sort());
    expect(zoning.articles.length).toBeGreaterThan(1);
    expect(zoning.ads.map((a) => a.id)).toEqual(page.ads.map((a) => a.id).sort());
    expect(zoning.revision).toMatch(/^[\w-]{22}$/);
    const image = await call(t, 'GET', zoning.image, { cookie: editor });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);

    const list = await call(t, 'GET', `/api/desk/editions/dh/2/${date}/pages`, { cookie: editor });
    expect(list.json()).toMatchObject({
      pages: [{ page: 1, articles: zoning.articles.length, ads: zoning.ads.length }, { page: 2 }],
    });
    const missing = await call(t, 'GET', zoningUrl.replace('/pages/1/', '/pages/9/'), {
      cookie: editor,
    });
    expect([missing.statusCode, missing.json().message]).toEqual([
      404,
      DESK_MESSAGES.pageNotPublished,
    ]);
  });

  it('refuses readers and support staff', async () => {
    const reader = (await signIn(t, { email: 'zoning-reader@example.com' })).cookie;
    const { cookie: support } = await staffSession(t, 'zoning-care@example.com', 'support');
    const { revision } = await open();
    for (const cookie of [reader, support]) {
      expect((await call(t, 'GET', zoningUrl, { cookie })).statusCode).toBe(403);
      expect((await save({ revision, articles: [], ads: [] }, cookie)).statusCode).toBe(403);
    }
    expect(await open()).toMatchObject({ revision });
  });

  it('refuses bad boxes with a 400, changing nothing', async () => {
    const before = await open();
    const readerBefore = await readerData();
    const box = { top: 10, left: 10, width: 20, height: 20 };
    const article = (b: object, title = 'A title') => ({ title, box: { ...box, ...b } });
    const cases: Array<{ revision?: string; articles: unknown[]; ads: unknown[] }> = [
      { ...before, articles: [article({ width: 0 })], ads: [] },
      { ...before, articles: [article({ width: 101 })], ads: [] },
      { ...before, articles: [article({ left: 90, width: 20 })], ads: [] },
      { ...before, articles: [article({ top: -1 })], ads: [] },
      { ...before, articles: [], ads: [{ box: { ...box, height: Number.NaN } }] },
      { ...before, articles: Array.from({ length: 500 }, () => article({})), ads: [] },
      {
        ...before,
        articles: Array.from({ length: 150 }, () => article({})),
        ads: Array.from({ length: 60 }, () => ({ box })),
      },
      { ...before, articles: [article({}, 'x'.repeat(10_000))], ads: [] },
      { ...before, articles: [article({}, 'x'.repeat(MAX_ARTICLE_TITLE + 1))], ads: [] },
      { ...before, articles: [{ ...article({}), id: 'not-on-this-page' }], ads: [] },
      {
        ...before,
        articles: [
          { ...article({}), id: before.articles[0]?.id },
          { ...article({}), id: before.articles[0]?.id },
        ],
        ads: [],
      },
      { articles: [], ads: [] },
      { ...before, revision: 'r'.repeat(1000), articles: [], ads: [] },
    ];
    const bad = cases.map(({ revision, articles, ads }) => ({ revision, articles, ads }));
    for (const body of bad) {
      const res = await save(body);
      expect([res.statusCode, res.json().status]).toEqual([400, 'ERROR']);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await open()).toEqual(before);
    expect(await readerData()).toEqual(readerBefore);
    expect(await saves()).toEqual([]);
  });

  it('saves a changed set of boxes as one re-publish of the page', async () => {
    const before = await open();
    const { data: dataBefore, page: pageBefore } = await firstPage();
    const [first, second, ...rest] = before.articles;
    if (!first || !second) throw new Error('page 1 has fewer than two articles');
    const secondRow = await t.db
      .selectFrom('articles')
      .select(['body_text', 'html_file'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    const firstHtml = pageBefore.articles.find((a) => a.id === first.id)?.htmlFile;
    // The first article's id and a new title, over the second article's box; the
    // second box gone; a new ad box.
    const newAd = { top: 90, left: 5, width: 30, height: 8 };
    const res = await save({
      revision: before.revision,
      articles: [{ id: first.id, title: `  ${TITLE} `, box: second.box }, ...rest],
      ads: [...before.ads, { box: newAd }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = pageZoningSchema.parse(res.json());
    expect(after.revision).not.toBe(before.revision);
    expect(after).toEqual(await open());
    expect(after.articles.find((a) => a.id === first.id)).toEqual({
      id: first.id,
      title: TITLE,
      box: second.box,
    });
    expect(after.articles.map((a) => a.id)).not.toContain(second.id);
    expect(after.articles).toHaveLength(before.articles.length - 1);
    expect(after.ads).toHaveLength(before.ads.length + 1);
    expect(after.ads.find((a) => !before.ads.some((b) => b.id === a.id))?.box).toEqual(newAd);

    // Readers: the new hotspots and title at once (the served answer was dropped).
    const { data, page } = await firstPage();
    expect(data.data_url_suffix).toBe(dataBefore.data_url_suffix);
    const moved = page.articles.find((a) => a.id === first.id);
    expect(moved).toMatchObject({ title: TITLE, ...second.box });
    expect(page.articles.map((a) => a.id)).not.toContain(second.id);
    expect(page.ads).toHaveLength(before.ads.length + 1);
    // Its HTML holds the words within the new box: the second article's opening.
    const html = await asSubscriber(`${data.html_url_suffix}${moved?.htmlFile}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<h1>${TITLE}</h1>`);
    const opening = secondRow.body_text.split(/\s+/u).slice(0, 6).join(' ');
    expect(opening.length).toBeGreaterThan(10);
    expect(html.body.replaceAll('&#39;', "'")).toContain(opening);
    const clip = page.ads.find((a) => a.top === newAd.top);
    expect((await asSubscriber(`${data.data_url_suffix}${clip?.imgFile}`)).statusCode).toBe(200);
    // The replaced files are gone.
    expect((await asSubscriber(`${data.html_url_suffix}${firstHtml}`)).statusCode).toBe(404);
    expect((await asSubscriber(`${data.html_url_suffix}${secondRow.html_file}`)).statusCode).toBe(
      404,
    );

    // Search finds the new title, and no longer the removed article.
    const search = await t.app.inject({
      url: `/api/epaper/search?publisher_short_code=DH&date=${isoToCompact(date)}&query=${encodeURIComponent('zoning desk lake story')}`,
      headers: { cookie: subscriber },
    });
    expect(search.statusCode, search.body).toBe(200);
    const hits = searchResponseSchema.parse(search.json()).hits;
    expect(hits[0]).toMatchObject({ _id: first.id, _source: { title: TITLE } });
    const gone = await t.db
      .selectFrom('search_articles')
      .select('article_id')
      .where('article_id', '=', second.id)
      .execute();
    expect(gone).toEqual([]);

    // The audit log keeps who saved which page, and the boxes before and after.
    const [entry] = await saves();
    expect(entry).toMatchObject({
      actor: 'zoning@example.com',
      role: 'editor',
      subject: `page:dh:2:${date}:1`,
      before: { articles: before.articles.length, ads: before.ads.length },
      after: { articles: before.articles.length - 1, ads: before.ads.length + 1 },
    });
  });

  it('refuses the second of two editors with "changed since you opened it", losing nothing', async () => {
    const { cookie: other } = await staffSession(t, 'zoning-admin@example.com', 'admin');
    const opened = await open();
    const openedByOther = await open(other);
    expect(openedByOther.revision).toBe(opened.revision);
    const [first, ...rest] = opened.articles;
    if (!first) throw new Error('no article');
    const mine = await save({
      revision: opened.revision,
      articles: [{ ...first, box: { ...first.box, height: first.box.height / 2 } }, ...rest],
      ads: opened.ads,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const afterMine = { zoning: await open(), reader: await readerData(), audit: await saves() };

    const theirs = await save({ revision: openedByOther.revision, articles: [], ads: [] }, other);
    expect([theirs.statusCode, theirs.json()]).toEqual([
      409,
      { status: 'ERROR', message: 'changed since you opened it' },
    ]);
    expect({ zoning: await open(), reader: await readerData(), audit: await saves() }).toEqual(
      afterMine,
    );

    // Two saves from one revision at once: both pass the first check while their
    // pages are read; the page's lock lets one swap, and the other is refused.
    const now = await open();
    const both = await Promise.all([
      save({ revision: now.revision, articles: now.articles, ads: now.ads }),
      save({ revision: now.revision, articles: now.articles.slice(1), ads: [] }, other),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200);
    expect(await open()).toEqual(pageZoningSchema.parse(winner?.json()));
    const saved = await open();
    const readerAfterFirst = await readerData();
    const auditAfterFirst = await saves();

    // The largest save there may be is read whole (not refused for its size) and refused as stale.
    const largest = await save(
      {
        revision: openedByOther.revision,
        articles: Array.from({ length: MAX_ZONING_BOXES }, () => ({
          id: 'd'.repeat(64),
          title: 'ಕ'.repeat(MAX_ARTICLE_TITLE),
          box: { top: 33.333333333333336, left: 33.333333333333336, width: 10.5, height: 10.5 },
        })).map((a, i) => ({ ...a, id: `${a.id.slice(3)}${String(i).padStart(3, '0')}` })),
        ads: [],
      },
      other,
    );
    expect([largest.statusCode, largest.json().message]).toEqual([
      409,
      DESK_MESSAGES.zoningChanged,
    ]);
    expect(await open()).toEqual(saved);
    expect(await readerData()).toEqual(readerAfterFirst);
    expect(await saves()).toEqual(auditAfterFirst);
  });
});
