// The paywall scanner: as a visitor, a free reader and a subscriber whose archive
// is 30 days, ask for every file of every page (reading, zoom and preview images,
// thumbnails, the PDF, article HTML and photos, ad clips) of today's free edition, a paid
// edition, a date inside the archive and one outside it, with and without forged
// headers, cookies and query values. Nothing full-size or textual leaks; the
// subscriber gets everything inside the plan and nothing outside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_HINT_COOKIE,
  addDays,
  deepTileFile,
  epaperDataSchema,
  type EpaperData,
} from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';
import { articlePhotoFile, insertIssue, type InsertedIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

/** What a browser could send to claim paid status; none of it may count. */
const FORGERIES: { headers: Record<string, string>; query: string }[] = [
  { headers: {}, query: '' },
  {
    headers: {
      'x-is-paid': 'true',
      'x-accesstype-jwt': 'eyJhbGciOiJub25lIn0.eyJwYWlkIjp0cnVlfQ.',
      authorization: 'Bearer paid',
      'x-forwarded-for': '127.0.0.1',
    },
    query: '?isSubscribed=true&user_paid_status=paid&ArchivalAccess=-1',
  },
];
const FORGED_COOKIES = 'isSubscribed=true; user_paid_status=paid; ArchivalAccess=-1';

type Who = 'visitor' | 'free' | 'subscriber';

describe.each(testBackends)('paywall on $name', (backend) => {
  let t: TestApp;
  let today: string;
  const cookies: Record<Who, string> = { visitor: '', free: '', subscriber: '' };
  const issues: Record<string, InsertedIssue> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    today = t.container.editions.latestDate();
    issues.freeToday = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: today,
      sections: ['Front', 'City'],
    });
    issues.paidEdition = await insertIssue(t, { brand: 'dh', editionNumber: 3, date: today });
    issues.inArchive = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: addDays(today, -10),
    });
    issues.pastArchive = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: addDays(today, -45),
    });
    // With the readable hint a browser holds beside the session cookie.
    cookies.free = `${(await signIn(t, { email: 'free-reader@example.com' })).cookie}; ${SESSION_HINT_COOKIE}=1`;
    cookies.subscriber = `${(await signInAsSubscriber(t, { archiveDays: 30 })).cookie}; ${SESSION_HINT_COOKIE}=1`;
  });
  afterAll(async () => t.close());

  /** Every file ingest writes for the issue's pages, by the names it writes them under, and each article's download. */
  const filesOf = (issue: InsertedIssue) =>
    issue.pages.flatMap((page, index) => [
      ...page.articles.map((a) => {
        const [, , date = '', edition = ''] = issue.mediaPrefix.split('/');
        return {
          index,
          url: `/api/epaper/article-download?date=${date.replaceAll('-', '')}&edition=${edition}&publisher=DH&article=${a.id}`,
        };
      }),
      ...[
        page.imgFile,
        page.zoomFile,
        page.thumbFile,
        page.previewFile,
        page.pdfFile,
        // Deep-zoom tiles, made on the first request: a locked page's never are.
        deepTileFile(page.pageNo, 0, 0),
        deepTileFile(page.pageNo, 5, 5),
      ].map((file) => ({
        index,
        url: `/media/${issue.mediaPrefix}${file}`,
      })),
      ...page.articles.map((a) => ({ index, url: `/media/${issue.mediaPrefix}${a.htmlFile}` })),
      { index, url: `/media/${issue.mediaPrefix}${articlePhotoFile(page.pageNo)}` },
      ...page.ads.map((ad) => ({ index, url: `/media/${issue.mediaPrefix}${ad.imgFile}` })),
    ]);

  const ask = (url: string, who: Who, forgery: (typeof FORGERIES)[number]) =>
    t.app.inject({
      url: `${url}${url.includes('?') ? forgery.query.replace('?', '&') : forgery.query}`,
      headers: {
        ...forgery.headers,
        cookie: [cookies[who], forgery.query ? FORGED_COOKIES : ''].filter(Boolean).join('; '),
      },
    });

  /** Which (issue, page index) each viewer may have. */
  const expected: Record<Who, (issue: string, index: number) => boolean> = {
    visitor: (issue, index) => issue === 'freeToday' && index === 0,
    free: (issue, index) => issue === 'freeToday' && index === 0,
    subscriber: (issue) => issue !== 'pastArchive',
  };

  for (const who of ['visitor', 'free', 'subscriber'] as const) {
    it(`gives a ${who} exactly the files the plan opens, whatever the request claims`, async () => {
      let asked = 0;
      for (const forgery of FORGERIES) {
        for (const [name, issue] of Object.entries(issues)) {
          for (const { index, url } of filesOf(issue)) {
            const res = await ask(url, who, forgery);
            const open = expected[who](name, index);
            expect(res.statusCode, `${who} ${name} ${url} ${forgery.query}`).toBe(
              open ? 200 : who === 'visitor' ? 401 : 403,
            );
            if (!open) {
              expect(res.headers['content-type']).toMatch(/^application\/json/);
              expect(res.body).not.toContain('Body text');
            }
            // Files that not every visitor may have never go to a shared cache.
            if (open && !(name === 'freeToday' && index === 0))
              expect(res.headers['cache-control']).toMatch(
                url.startsWith('/api/') ? /^private, no-store$/ : /^private, max-age=300$/,
              );
            asked += 1;
          }
        }
      }
      expect(asked).toBeGreaterThan(100);
    });

    it(`sends a ${who} the e-paper data with locked pages bare`, async () => {
      for (const forgery of FORGERIES) {
        for (const [name, issue] of Object.entries(issues)) {
          const [, , date, edition] = issue.mediaPrefix.split('/');
          const res = await ask(
            `/api/epaper/data?date=${date}&edition=${edition}&publisher=DH`,
            who,
            forgery,
          );
          const data: EpaperData = epaperDataSchema.parse(res.json());
          data.sections
            .flatMap((s) => s.pages)
            .forEach((page, index) => {
              const open = expected[who](name, index);
              expect(page.locked, `${who} ${name} page ${index}`).toBe(!open);
              if (!open) {
                expect(page.articles).toEqual([]);
                expect(page.ads).toEqual([]);
                expect(page.pdfFile).toBe('');
                for (const file of [
                  page.imgFile,
                  page.zoomFile,
                  page.imgThumbFile,
                  page.imgPreviewFile,
                ])
                  expect(file).toMatch(/^p\d{2}-locked\.webp$/);
              }
            });
          expect(res.headers['cache-control']).toBe(
            who === 'visitor' ? 'public, max-age=60' : 'private, no-cache',
          );
        }
      }
    });
  }

  it("serves an article's photo exactly as its HTML: refused on a locked page, sent on an open one", async () => {
    const honest = { headers: {}, query: '' };
    for (const who of ['visitor', 'free', 'subscriber'] as const) {
      for (const [name, issue] of Object.entries(issues)) {
        for (const [index, page] of issue.pages.entries()) {
          const html = await ask(
            `/media/${issue.mediaPrefix}${page.articles[0]?.htmlFile}`,
            who,
            honest,
          );
          const photo = await ask(
            `/media/${issue.mediaPrefix}${articlePhotoFile(page.pageNo)}`,
            who,
            honest,
          );
          const where = `${who} ${name} page ${index + 1}`;
          expect(photo.statusCode, where).toBe(html.statusCode);
          expect(photo.headers['cache-control'], where).toBe(html.headers['cache-control']);
          if (expected[who](name, index))
            expect(photo.headers['content-type'], where).toBe('image/webp');
          else expect(photo.statusCode, where).toBe(who === 'visitor' ? 401 : 403);
        }
      }
    }
  });

  it('gives anyone the small blurred preview of a locked page, made from its thumbnail', async () => {
    const issue = issues.pastArchive;
    const res = await t.app.inject(`/media/${issue?.mediaPrefix}p02-locked.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBeLessThan(4096);
  });

  it('serves nothing in an issue folder that names no page', async () => {
    const res = await t.app.inject({
      url: `/media/${issues.freeToday?.mediaPrefix}manifest.json`,
      headers: { cookie: cookies.subscriber },
    });
    expect(res.statusCode).toBe(404);
  });
});
