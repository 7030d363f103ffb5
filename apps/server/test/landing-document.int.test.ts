// The document at / names what the reader there asks for first (the edition list,
// today's landing issue), so the browser fetches it while the scripts download, and
// draws the landing page's preview itself (the first frame); other client routes
// get index.html as it is.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperDataSchema } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const APP_PRELOAD =
  '\n    <link rel="modulepreload" crossorigin href="/assets/main-1.js" data-app-preload>';
const INDEX = `<!doctype html><html><head><title>Deccan Herald e-paper</title>${APP_PRELOAD}</head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html' };
// 06:00 in Kolkata on 21 November: today's edition is the one / opens.
const AT_SIX = new Date('2026-11-21T00:30:00.000Z');
const DATA = '/api/epaper/data?date=20261121&edition=2&publisher=DH';

describe.each(testBackends)('the document at / on $name', (backend) => {
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

  it('preloads the edition list only while the landing issue is not published', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      INDEX.replace(
        '</head>',
        '  <link rel="preload" href="/api/epaper/editions?publisher=DH" as="fetch" crossorigin="anonymous" />\n  </head>',
      ),
    );
  });

  it("preloads today's landing data and draws its first page's preview, in every encoding", async () => {
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
    const data = epaperDataSchema.parse((await t.app.inject(DATA)).json());
    const first = data.sections[0]?.pages[0];
    if (!first) throw new Error('fixture has pages');
    const preview = `${data.data_url_suffix}${first.imgPreviewFile}`;
    // The app's scripts wait for the frame's page image (boot.ts): their preloads are
    // held in an inert template, which boot.ts puts in the head once the page shows.
    const expected = INDEX.replace(APP_PRELOAD, '')
      .replace(
        '</head>',
        `  <template id="app-preloads">${APP_PRELOAD.trim()}</template>\n  </head>`,
      )
      .replace(
        '</head>',
        [
          '  <link rel="preload" href="/api/epaper/editions?publisher=DH" as="fetch" crossorigin="anonymous" />',
          `    <link rel="preload" href="${DATA.replaceAll('&', '&amp;')}" as="fetch" crossorigin="anonymous" />`,
          '  </head>',
        ].join('\n'),
      )
      .replace(
        '</body>',
        [
          '  <div id="first-frame" class="first-frame" aria-hidden="true">',
          '<div class="first-frame-bar"><img src="/brand/dh/header-logo.svg" alt="" width="180" height="32" /></div>',
          `<img class="first-frame-page" src="${preview}" alt="" width="${first.width}" height="${first.height}" fetchpriority="high" />`,
          '</div>\n  </body>',
        ].join(''),
      );
    expect([first.width, first.height]).toEqual([1200, 1900]);
    const plain = await t.app.inject({ url: '/', headers: html });
    expect(plain.body).toBe(expected);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url: '/',
        headers: { ...html, 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString(), encoding).toBe(expected);
    }
  });

  it('leaves other client routes and / with a query (another place) to index.html as it is', async () => {
    for (const url of ['/profile', '/?date=2026-11-20&edition=2&page=0']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});
