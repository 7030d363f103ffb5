// The first screen on a phone (issue 6 part 12): the page is drawn from the
// reading image, never the zoom image, and the next page's image is asked for
// only once the current page has loaded, so it never competes with it.
import { expect, test } from '@playwright/test';
import { BRANDS, epaperDataSchema, isoToCompact } from '@folio/core';
import { expectPageImageLoaded, siteConfig } from './helpers.ts';

test.use({
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
});

test('a phone gets the reading image, and the next page only after the first shows', async ({
  page,
  request,
}) => {
  const config = await siteConfig(request);
  const edition = BRANDS[config.brand].defaultEdition;
  const res = await request.get(
    `/api/epaper/data?date=${isoToCompact(config.today)}&edition=${edition}&publisher=${config.publisher}`,
  );
  const pages = epaperDataSchema
    .parse(await res.json())
    .sections.flatMap((section) => section.pages);
  const [first, second] = pages;
  if (!first || !second) throw new Error("today's edition needs two pages");
  const zoomFiles = pages.map((p) => p.zoomFile.split('/').pop() ?? p.zoomFile);

  const requested: string[] = [];
  let firstShownWhenNextAsked: boolean | undefined;
  await page.route('**/media/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    requested.push(pathname);
    if (pathname === first.image) {
      // Held back, so a next page asked for too early would be asked for meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } else if (pathname === second.image && firstShownWhenNextAsked === undefined) {
      firstShownWhenNextAsked = await page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('main figure img');
        return img !== null && img.complete && img.naturalWidth > 0;
      });
    }
    await route.continue();
  });

  await page.goto('/');
  const image = await expectPageImageLoaded(page);
  expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
    first.image,
  );
  await expect
    .poll(() => firstShownWhenNextAsked, { message: 'next page image asked for' })
    .toBe(true);
  expect(
    requested.filter((pathname) => zoomFiles.some((zoom) => pathname.endsWith(`/${zoom}`))),
  ).toEqual([]);
});

test("the reader's first load transfers at most 170 KB of JavaScript and CSS", async ({ page }) => {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (finished) => {
    if (!['script', 'stylesheet'].includes(finished.resourceType())) return;
    sizes.push(finished.sizes().then((s) => s.responseHeadersSize + s.responseBodySize));
  });
  await page.goto('/');
  await expectPageImageLoaded(page);
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  expect(sizes.length).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(170 * 1024);
});
