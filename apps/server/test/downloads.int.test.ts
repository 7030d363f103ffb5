// The watermarked article download: the clip of the page with its 10 px margin and
// the 50 px footer that names the paper, the date and the link (read back from the
// JPEG and compared with the footer drawn alone), only for readers whose access
// covers the page, and never kept by a cache. The footer's link is the article's
// short verify link, which redirects to the article; bad codes get a 4xx, never a 5xx.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_HINT_COOKIE, formatDisplayDate } from '@folio/core';
import { FOOTER_HEIGHT_PX, clipRect, renderFooter } from '../src/modules/downloads/article-clip.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';
import { insertIssue, type InsertedIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

const PAGE = { width: 1200, height: 1900 };

/** A page image with detail everywhere, so a wrong crop cannot match by chance. */
async function pageImage(): Promise<Buffer> {
  const raw = Buffer.alloc(PAGE.width * PAGE.height * 3);
  for (let y = 0; y < PAGE.height; y += 1)
    for (let x = 0; x < PAGE.width; x += 1) {
      const at = (y * PAGE.width + x) * 3;
      raw[at] = Math.round((x / PAGE.width) * 255);
      raw[at + 1] = Math.round((y / PAGE.height) * 255);
      raw[at + 2] = ((x >> 4) + (y >> 4)) % 2 ? 230 : 30;
    }
  return sharp(raw, { raw: { ...PAGE, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
}

/** Mean absolute difference of two same-sized RGB images. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()),
  );
  expect(x?.length).toBe(y?.length);
  let sum = 0;
  for (let i = 0; i < (x?.length ?? 0); i += 1) sum += Math.abs((x?.[i] ?? 0) - (y?.[i] ?? 0));
  return sum / (x?.length ?? 1);
}

describe.each(testBackends)('article download on $name', (backend) => {
  let t: TestApp;
  let issue: InsertedIssue;
  let today: string;
  let original: Buffer;
  const cookies = { visitor: '', free: '', subscriber: '' };

  beforeAll(async () => {
    t = await createTestApp(backend);
    today = t.container.editions.latestDate();
    issue = await insertIssue(t, { brand: 'dh', editionNumber: 2, date: today });
    original = await pageImage();
    for (const page of issue.pages)
      await t.container.storage.put(`${issue.mediaPrefix}${page.zoomFile}`, original, 'image/webp');
    cookies.free = `${(await signIn(t, { email: 'free-download@example.com' })).cookie}; ${SESSION_HINT_COOKIE}=1`;
    cookies.subscriber = `${(await signInAsSubscriber(t)).cookie}; ${SESSION_HINT_COOKIE}=1`;
  });
  afterAll(async () => t.close());

  const download = (pageIndex: number, who: keyof typeof cookies, article?: string) =>
    t.app.inject({
      url: `/api/epaper/article-download?date=${today.replaceAll('-', '')}&edition=2&publisher=DH&article=${
        article ?? issue.pages[pageIndex]?.articles[0]?.id
      }`,
      headers: cookies[who] ? { cookie: cookies[who] } : {},
    });

  it('cuts the article with a 10 px margin over a 50 px footer with the paper, date and link', async () => {
    const res = await download(0, 'visitor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dh-.*\.jpg"$/);
    const jpeg = res.rawPayload;
    const box = issue.pages[0]?.articles[0]?.box ?? { top: 0, left: 0, width: 0, height: 0 };
    const rect = clipRect(box, PAGE.width, PAGE.height);
    // 10.5 % of 1900 is 199.5: the box starts at row 199, the clip 10 rows above.
    expect(rect.top).toBe(189);
    expect(rect.left).toBe(Math.floor(0.0525 * 1200) - 10);
    expect(await sharp(jpeg).metadata()).toMatchObject({
      format: 'jpeg',
      width: rect.width,
      height: rect.height + FOOTER_HEIGHT_PX,
    });

    const clip = await sharp(jpeg)
      .extract({ left: 0, top: 0, width: rect.width, height: rect.height })
      .png()
      .toBuffer();
    const expectedClip = await sharp(original).extract(rect).png().toBuffer();
    const shifted = await sharp(original)
      .extract({ ...rect, left: rect.left + 8, top: rect.top + 8 })
      .png()
      .toBuffer();
    const exact = await difference(clip, expectedClip);
    // JPEG blurs the sharp-edged test pattern a little; the crop is still the best fit.
    for (const [dx, dy] of [
      [-2, 0],
      [2, 0],
      [0, -2],
      [0, 2],
    ] as const) {
      const moved = await sharp(original)
        .extract({ ...rect, left: rect.left + dx, top: rect.top + dy })
        .png()
        .toBuffer();
      expect(await difference(clip, moved), `moved ${dx},${dy}`).toBeGreaterThan(exact);
    }
    expect(exact).toBeLessThan(16);
    expect(await difference(clip, shifted)).toBeGreaterThan(exact * 2);

    const footer = await sharp(jpeg)
      .extract({ left: 0, top: rect.height, width: rect.width, height: FOOTER_HEIGHT_PX })
      .png()
      .toBuffer();
    const code = t.container.verifyLinks.codeOf({
      brand: 'dh',
      date: today,
      editionNumber: 2,
      pageIndex: 0,
      articleIndex: 0,
    });
    expect(code).toMatch(/^[0-9A-Z]{12}$/);
    const mark = {
      paper: 'Deccan Herald',
      date: formatDisplayDate(today),
      link: `${t.config.publicUrl}/v/${code}`,
    };
    const withDate = await difference(footer, await renderFooter(rect.width, mark));
    const otherDate = await difference(
      footer,
      await renderFooter(rect.width, { ...mark, date: '01/06/2020' }),
    );
    expect(withDate).toBeLessThan(3);
    expect(otherDate).toBeGreaterThan(withDate * 1.5);
    const otherLink = await difference(
      footer,
      await renderFooter(rect.width, { ...mark, link: `${t.config.publicUrl}/v/000000000000` }),
    );
    expect(otherLink).toBeGreaterThan(withDate * 1.2);
  });

  const codeOf = (pageIndex: number, articleIndex = 0, date = today) =>
    t.container.verifyLinks.codeOf({
      brand: 'dh',
      date,
      editionNumber: 2,
      pageIndex,
      articleIndex,
    }) ?? '';

  it("the footer's verify link opens the article at its date, edition and page, for anyone", async () => {
    for (const pageIndex of [0, 1]) {
      const res = await t.app.inject(`/v/${codeOf(pageIndex)}`);
      expect(res.statusCode).toBe(302);
      const article = issue.pages[pageIndex]?.articles[0]?.id ?? '';
      expect(res.headers.location).toBe(
        `/article/${article}?date=${today}&edition_No=2&pageNumber=${pageIndex}&source=epaper`,
      );
      // The address is the web app's article reader, which gates the page like any link.
      const opened = await t.app.inject({ url: String(res.headers.location) });
      expect(opened.statusCode).toBeLessThan(500);
    }
    // Typed by hand: case does not matter.
    expect((await t.app.inject(`/v/${codeOf(0).toLowerCase()}`)).statusCode).toBe(302);
  });

  it('answers a clear 404 for codes it did not make or whose article is gone, and 400 past 12 characters', async () => {
    const good = codeOf(0);
    const unknown = [
      '000000000000',
      `${good.slice(0, 11)}${good.endsWith('0') ? '1' : '0'}`,
      'ABC',
      'UUUUUUUUUUUU',
      '%21%21%21%21',
      codeOf(0, 5),
      codeOf(9),
      codeOf(0, 0, '2021-01-01'),
    ];
    for (const code of unknown) {
      const res = await t.app.inject(`/v/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toMatch(/does not name an article/);
    }
    for (const code of [`${good}0`, 'x'.repeat(5000)]) {
      const res = await t.app.inject(`/v/${code}`);
      expect(res.statusCode, code.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'ERROR' });
    }
    expect((await t.app.inject('/v/')).statusCode).toBeLessThan(500);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/v/{code}');
  });

  it('gives the clip of a page only to readers whose plan opens it', async () => {
    expect((await download(1, 'visitor')).statusCode).toBe(401);
    const free = await download(1, 'free');
    expect(free.statusCode).toBe(403);
    expect(free.headers['content-type']).toMatch(/^application\/json/);
    const paid = await download(1, 'subscriber');
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['content-type']).toBe('image/jpeg');
  });

  it("says 'Article not found.' for an article the edition does not have, and refuses bad input", async () => {
    const missing = await download(0, 'subscriber', 'dh-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'ERROR', message: MESSAGES.articleNotFound });
    const long = await download(0, 'subscriber', 'x'.repeat(5000));
    expect(long.statusCode).toBe(400);
    const badDate = await t.app.inject(
      '/api/epaper/article-download?date=2026-13-40&edition=2&publisher=DH&article=x',
    );
    expect(badDate.statusCode).toBe(400);
  });
});
