// The article reader and the ad viewer as a reader meets them on the demo paper,
// on a phone (412 px) and a desktop: the lead story's photo and caption in the text
// view, text size, the image view and its zoom, previous and next articles, the
// watermarked download, share, the lock on an article of a page the reader may not
// open, and an ad opened from the page and closed back to the same date, edition and page.
import { expect, test, type Page } from '@playwright/test';
import { type EpaperData } from '@folio/core';
import { becomeSubscriber } from './auth-helpers.ts';
import { articleHotspots, expectPageImageLoaded, todaysEdition, SCREENS } from './helpers.ts';

async function todaysFreeEdition(page: Page): Promise<{ data: EpaperData; query: string }> {
  const { config, edition, data } = await todaysEdition(page.request);
  return { data, query: `date=${config.today}&edition_No=${edition}` };
}

const bodyText = (page: Page) => page.locator('main article > div').last();

/**
 * The image view draws the clip from the sharpest image it needs (issue 25 part 5):
 * past the zoom image, the deep-zoom tiles under the article, every one loaded and
 * laid exactly over the page image; on a desktop never wider than those pixels.
 */
async function expectClipFromItsPixels(page: Page, desktop: boolean) {
  const pane = page.getByTestId('article-clip');
  const frame = pane.locator('[data-level]');
  const level = await frame.getAttribute('data-level');
  if (level === 'tiles') {
    // The first tile of a page waits for the page's render (docs/decisions/0020).
    await expect
      .poll(
        () =>
          pane
            .locator('img[data-tile]')
            .evaluateAll(
              (tiles) =>
                tiles.length > 0 &&
                tiles.every(
                  (t) =>
                    (t as HTMLImageElement).complete && (t as HTMLImageElement).naturalWidth > 0,
                ),
            ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const under = await pane.getByRole('img').boundingBox();
    const layer = await pane.getByTestId('article-clip-tiles').boundingBox();
    expect(Math.abs((layer?.x ?? 0) - (under?.x ?? 1))).toBeLessThan(1.5);
    expect(Math.abs((layer?.y ?? 0) - (under?.y ?? 1))).toBeLessThan(1.5);
    expect(Math.abs((layer?.width ?? 0) - (under?.width ?? 1))).toBeLessThan(1.5);
    expect(Math.abs((layer?.height ?? 0) - (under?.height ?? 1))).toBeLessThan(3);
  }
  if (!desktop) return;
  const articleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const { data } = await todaysFreeEdition(page);
  const box = data.sections
    .flatMap((section) => section.pages)
    .flatMap((p) => p.articles)
    .find((article) => article.id === articleId);
  const devicePixels = await frame.evaluate(
    (element) => element.getBoundingClientRect().width * window.devicePixelRatio,
  );
  const sharpest = ((box?.width ?? 0) / 100) * (level === 'tiles' ? 3600 : 1800);
  expect(devicePixels).toBeLessThanOrEqual(sharpest + 1);
}

/**
 * The front page's lead story is printed with a photo: the text view shows it, cut
 * from the page, across the column, with its caption right under it.
 */
async function expectLeadPhoto(page: Page) {
  const figure = bodyText(page).locator('figure').first();
  const photo = figure.getByRole('img');
  const caption = figure.locator('figcaption');
  await expect(caption).not.toBeEmpty();
  await expect(photo).toHaveAttribute('alt', (await caption.textContent()) ?? '');
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const [image, under, column] = await Promise.all([
    photo.boundingBox(),
    caption.boundingBox(),
    bodyText(page).boundingBox(),
  ]);
  expect(Math.abs((image?.width ?? 0) - (column?.width ?? 1))).toBeLessThan(1.5);
  const bottom = (image?.y ?? 0) + (image?.height ?? 0);
  expect(under?.y ?? 0).toBeGreaterThanOrEqual(bottom - 0.5);
  expect((under?.y ?? 0) - bottom).toBeLessThan(24);
}

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('an article: text size, image view with zoom, next article, download and share', async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await articleHotspots(page).first().click();
      await expect(bodyText(page)).not.toBeEmpty();
      await expectLeadPhoto(page);
      await expect(bodyText(page)).toHaveCSS('font-size', '16px');
      await page.getByRole('button', { name: 'Larger text' }).click();
      await page.getByRole('button', { name: 'Larger text' }).click();
      await expect(bodyText(page)).toHaveCSS('font-size', '20px');
      await page.getByRole('button', { name: 'Smaller text' }).click();
      await expect(bodyText(page)).toHaveCSS('font-size', '18px');

      // The image view: the article's clip of the page, drawn from the page image.
      await page.getByRole('button', { name: 'Image view' }).click();
      const clip = page.getByTestId('article-clip').getByRole('img');
      await expect
        .poll(() => clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const frame = page.getByTestId('article-clip').locator('div').first();
      const before = (await frame.boundingBox())?.width ?? 0;
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect
        .poll(async () => (await frame.boundingBox())?.width ?? 0)
        .toBeCloseTo(before * 1.5, 0);
      await expectClipFromItsPixels(page, size.name === 'desktop');
      await page.getByRole('button', { name: 'Text view' }).click();

      // The watermarked clip, as the browser saves it.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.jpg$/);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const jpeg = Buffer.concat(chunks);
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      await expect(page.getByText('Download successful')).toBeVisible();

      // No share sheet in this browser: the dialog, with the article's own link.
      await page.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share' });
      await expect(share.getByRole('link', { name: 'WhatsApp' })).toBeVisible();
      await expect(share.getByRole('textbox', { name: 'Article link' })).toHaveValue(
        new RegExp(`${page.url().split('?')[0]}`),
      );
      await share.getByRole('button', { name: 'Close' }).click();

      const next = page.getByRole('link', { name: /^Next Article: / });
      const nextTitle = (await next.getAttribute('aria-label'))?.replace('Next Article: ', '');
      await next.click();
      await expect(page.getByRole('link', { name: /^Previous Article: / })).toBeVisible();
      await expect(page.locator('main article')).toContainText(nextTitle ?? '');
    });

    test('an article of a page a visitor may not open shows the subscriber popup, not its text', async ({
      page,
    }) => {
      const { data, query } = await todaysFreeEdition(page);
      const second = data.sections.flatMap((s) => s.pages)[1];
      expect(second?.locked).toBe(true);
      await page.goto(`/article/anything?${query}&pageNumber=1&source=epaper`);
      await expect(
        page.getByText(
          'This article is for subscribers. Subscribe to read it, or log in if you already subscribe.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeVisible();
    });

    test('an ad opens in the ad viewer and closes back to the same date, edition and page', async ({
      page,
    }) => {
      await becomeSubscriber(page);
      const { data } = await todaysFreeEdition(page);
      const pages = data.sections.flatMap((s) => s.pages);
      const index = pages.findIndex((p) => p.ads.length > 0);
      expect(index, 'a demo page with an ad').toBeGreaterThanOrEqual(0);
      await page.goto(`/?page=${index}`);
      await expectPageImageLoaded(page);
      const readerUrl = page.url();
      await page.getByRole('button', { name: 'Advertisement' }).first().click();
      await expect(page).toHaveURL(/\/ad-viewer\//);
      const ad = page.getByRole('img', { name: 'Advertisement' });
      await expect
        .poll(() => ad.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.getByRole('button', { name: 'Listen' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Text view' })).toBeDisabled();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.getByRole('link', { name: 'Close advertisement' }).click();
      await expect(page).toHaveURL(new RegExp(`page=${index}`));
      expect(new URL(page.url()).searchParams.get('date')).toBe(
        new URL(readerUrl).searchParams.get('date') ?? data.date,
      );
      await expectPageImageLoaded(page);
    });
  });
}
