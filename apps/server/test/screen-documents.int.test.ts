// Every document names what its screen asks for first: the scripts of its
// code-split screen (marked in index.html by the web build with the route's path,
// the others dropped) and, at /article/{id}, the article's issue data and its text,
// so the text does not wait for the scripts to ask for them one after the other.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperDataSchema } from '@folio/core';
import { routeMatches } from '../src/http/web-app.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const link = (href: string, marker: string) =>
  `\n    <link rel="modulepreload" crossorigin href="${href}" ${marker}>`;
const APP = link('/assets/main-1.js', 'data-app-preload');
const ARTICLE = link('/assets/article-screen-1.js', 'data-route-preload="/article/:articleId"');
const SHARED_FOR_ARTICLE = link(
  '/assets/sanitize-1.js',
  'data-route-preload="/article/:articleId"',
);
const SEARCH = link('/assets/search-screen-1.js', 'data-route-preload="/search"');
const SHARED_FOR_FAQS = link('/assets/sanitize-1.js', 'data-route-preload="/faqs"');
const FAQS = link('/assets/faqs-screen-1.js', 'data-route-preload="/faqs"');
const INDEX = `<!doctype html><html><head><title>Deccan Herald e-paper</title>${APP}${ARTICLE}${SHARED_FOR_ARTICLE}${SEARCH}${SHARED_FOR_FAQS}${FAQS}</head><body><div id="root"></div></body></html>`;
const ROUTES = [ARTICLE, SHARED_FOR_ARTICLE, SEARCH, SHARED_FOR_FAQS, FAQS];
/** index.html with only these route preloads. */
const keeping = (...kept: string[]) =>
  ROUTES.reduce((html, tag) => (kept.includes(tag) ? html : html.replace(tag, '')), INDEX);
const html = { accept: 'text/html' };
// 06:00 in Kolkata on 21 November: today's edition is the one / opens.
const AT_SIX = new Date('2026-11-21T00:30:00.000Z');
const preload = (href: string) =>
  `<link rel="preload" href="${href.replaceAll('&', '&amp;')}" as="fetch" crossorigin="anonymous" />`;
/**
 * A document with its first frame drawn last in its body, and its scripts held in
 * an inert template until the frame is on screen (boot.ts).
 */
const withFrame = (document: string, scripts: string[], ...parts: string[]) =>
  scripts
    .reduce((held, tag) => held.replace(tag, ''), document)
    .replace(
      '</head>',
      `  <template id="app-preloads">${scripts.map((tag) => tag.trim()).join('')}</template>\n  </head>`,
    )
    .replace(
      '</body>',
      `  <div id="first-frame" class="first-frame first-frame-screen" aria-hidden="true">${parts.join('')}</div>\n  </body>`,
    );
const LOGO_BAR =
  '<div class="first-frame-bar"><img src="/brand/dh/header-logo.svg" alt="" width="180" height="32" /></div>';
/** The fixture's article (helpers/content.ts) as the document draws it. */
const articleFrame = (byline: string) => [
  LOGO_BAR,
  '<div class="min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6"><article class="mx-auto max-w-[68ch] rounded-2xl bg-white px-5 py-8 shadow-sm ring-1 ring-ink/5 sm:px-10 sm:py-12">',
  `<p class="mb-4 text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">${byline}</p>`,
  '<div lang="en" class="article-prose"><p>Body text.</p></div>',
  '</article></div>',
];

describe('routeMatches', () => {
  it('matches a path as the router does: parameters, a trailing slash, any case', () => {
    expect(routeMatches('/article/:articleId', '/article/dh-1')).toBe(true);
    expect(routeMatches('/article/:articleId', '/article/')).toBe(false);
    expect(routeMatches('/article/:articleId', '/article/dh-1/more')).toBe(false);
    expect(routeMatches('/search', '/search/')).toBe(true);
    expect(routeMatches('/search', '/Search')).toBe(true);
    expect(routeMatches('/search', '/searches')).toBe(false);
    expect(routeMatches('/auth', '/auth/verify_otp')).toBe(false);
  });
});

describe.each(testBackends)("a screen's document on $name", (backend) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'folio-web-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    t = await createTestApp(backend, { webDistDir: dist, now: () => AT_SIX });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("keeps its own screen's scripts, each once, and no other screen's", async () => {
    const searchFrame = withFrame(
      keeping(SEARCH),
      [APP, SEARCH],
      '<div class="first-frame-bar first-frame-search-bar"></div>',
      '<div class="mx-auto max-w-3xl px-3 pt-20 pb-12 outline-none"><div class="flex min-h-[50vh] flex-col items-center justify-center gap-2 text-center"><h2 class="font-serif text-xl font-semibold text-ink">Start Searching</h2></div></div>',
    );
    for (const [url, expected] of [
      // Words to search: what it finds only the app can draw.
      ['/search?q=rain', keeping(SEARCH)],
      // None: the document draws the invitation to search.
      ['/search', searchFrame],
      ['/search?q=%20%20&date=2026-11-20', searchFrame],
      ['/faqs', keeping(SHARED_FOR_FAQS, FAQS)],
      ['/profile', keeping()],
      ['/?date=2026-11-20&edition=2&page=0', keeping()],
    ] as const) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(expected);
    }
    // The plans page names its plans before the scripts, and draws its heading.
    const plans = await t.app.inject({ url: '/subscribe', headers: html });
    expect(plans.body).toBe(
      withFrame(
        keeping().replace(APP, `\n    ${preload('/api/subscription-plans?publisher=DH')}${APP}`),
        [APP],
        LOGO_BAR,
        '<div class="px-4 pt-20 sm:px-6"><div class="mx-auto max-w-6xl"><header class="text-center">',
        '<h1 class="font-serif text-3xl font-bold text-brand sm:text-4xl">Subscribe To Deccan Herald Epaper</h1>',
        '<p class="mt-2 text-base text-ink-soft">Choose The Plan That Works Best For You</p>',
        '</header></div></div>',
      ),
    );
    const landing = await t.app.inject({ url: '/', headers: html });
    expect(landing.body).not.toContain('data-route-preload');
  });

  it("names an article's issue data and its text before the scripts, and draws the text when any reader may read it", async () => {
    // Nothing published yet: only the article screen's scripts.
    const before = await t.app.inject({ url: '/article/dh-20261121-2-01-01', headers: html });
    expect(before.body).toBe(keeping(ARTICLE, SHARED_FOR_ARTICLE));

    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-20' });
    const dataOf = async (url: string) => epaperDataSchema.parse((await t.app.inject(url)).json());
    const todayData = '/api/epaper/data?date=20261121&edition=2&publisher=DH';
    const earlierData = '/api/epaper/data?date=20261120&edition=2&publisher=DH';
    const today = await dataOf(todayData);
    const earlier = await dataOf(earlierData);
    expect(earlier.sections[0]?.pages[0]?.locked).toBe(true);
    // What a document may draw is what a visitor would be served at the file's address.
    const media = t.container.media;
    expect(await media.visitorText(`${today.html_url_suffix}p01-a01.html`)).toBe(
      '<p>Body text.</p>',
    );
    expect(await media.visitorText(`${earlier.html_url_suffix}p01-a01.html`)).toBeUndefined();
    expect(await media.visitorText(`${today.html_url_suffix}p02-a01.html`)).toBeUndefined();
    expect(await media.visitorText(`${today.html_url_suffix}p01-a09.html`)).toBeUndefined();
    expect(await media.visitorText(`${today.html_url_suffix}../p01-a01.html`)).toBeUndefined();
    expect(await media.visitorText('/elsewhere/p01-a01.html')).toBeUndefined();
    const articleScripts = keeping(ARTICLE, SHARED_FOR_ARTICLE);
    const withPreloads = (...hrefs: string[]) =>
      articleScripts.replace(APP, `\n    ${hrefs.map(preload).join('\n    ')}${APP}`);
    const todayFrame = (document: string) =>
      withFrame(
        document,
        [APP, ARTICLE, SHARED_FOR_ARTICLE],
        ...articleFrame('21/11/2026 · Page 1'),
      );
    for (const [url, expected] of [
      // Today's default edition when the address names none.
      [
        '/article/dh-20261121-2-01-01',
        todayFrame(withPreloads(todayData, `${today.html_url_suffix}p01-a01.html`)),
      ],
      [
        '/article/dh-20261121-2-01-01?date=2026-11-21&edition_No=2&pageNumber=0&source=epaper',
        todayFrame(withPreloads(todayData, `${today.html_url_suffix}p01-a01.html`)),
      ],
      // Today's second page is for subscribers: a visitor's data has no articles on it.
      ['/article/dh-20261121-2-02-01', withPreloads(todayData)],
      // An earlier issue's pages are locked for a visitor: its data only.
      [
        '/article/dh-20261120-2-01-01?date=2026-11-20&edition_No=2&pageNumber=0&source=epaper',
        withPreloads(earlierData),
      ],
      // A date the reader cannot open is read as today, as the article screen does.
      [
        '/article/dh-20261121-2-01-01?date=2026-11-22&edition_No=2',
        todayFrame(withPreloads(todayData, `${today.html_url_suffix}p01-a01.html`)),
      ],
      // An id the issue does not have: its data only (the screen says it is not found).
      ['/article/dh-nothing?date=2026-11-20', withPreloads(earlierData)],
      // An edition with no issue that day: nothing to name.
      ['/article/dh-20261121-2-01-01?edition_No=1', articleScripts],
    ] as const) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(expected);
    }
  });
});
