// The document at / draws the landing page's preview itself (the first frame), so
// the page is on screen before any script has run; the reader then draws the same
// page in the same place and the frame leaves without a visible jump. The documents
// of an article open to every reader, of /search and of /subscribe draw their
// screen's first content the same way.
import { expect, test, type Page } from '@playwright/test';
import { expectPageImageLoaded, frontPageArticle, todaysEdition } from './helpers.ts';

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not drawn`);
  return found;
};

const expectSameBox = (
  actual: { x: number; y: number; width: number; height: number },
  expected: { x: number; y: number; width: number; height: number },
) => {
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(actual[key] - expected[key]), key).toBeLessThanOrEqual(1);
};

for (const viewport of [
  { width: 412, height: 915 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the page shows before the scripts run, where the reader then draws it', async ({
      page,
    }) => {
      // The scripts are held back until the frame has been measured.
      let release: () => void = () => {};
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      const framePage = page.locator('#first-frame img.first-frame-page');
      await expect
        .poll(() => framePage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.locator('main')).toHaveCount(0);
      const framePageBox = await box(page, '#first-frame img.first-frame-page');
      const frameLogoBox = await box(page, '#first-frame .first-frame-bar img');
      const framePreview = await framePage.getAttribute('src');

      release();
      await expectPageImageLoaded(page);
      await expect(page.locator('#first-frame')).toHaveCount(0);
      expectSameBox(await box(page, 'main figure'), framePageBox);
      expectSameBox(await box(page, 'header img'), frameLogoBox);
      // The same preview the reader draws first: its page, not another.
      expect(framePreview).toMatch(/-preview\.avif$/);
    });
  });
}

/** Holds every script back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
]) {
  test.describe(`screens drawn by their document, at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("an open article's text shows before the scripts run, where the app then draws it", async ({
      page,
    }) => {
      const { article } = await frontPageArticle(page);
      const { config, edition } = await todaysEdition(page.request);
      const release = await holdScripts(page);
      await page.goto(
        `/article/${encodeURIComponent(article.id)}?date=${config.today}&edition_No=${edition}&pageNumber=0&source=epaper`,
        { waitUntil: 'commit' },
      );
      const frameTitle = page.locator('#first-frame .article-prose h1');
      await expect(frameTitle).toHaveText(article.title);
      await expect(page.locator('#first-frame .article-prose p').first()).toBeVisible();
      await expect(page.locator('main')).toHaveCount(0);
      const titleBox = await box(page, '#first-frame .article-prose h1');
      const textBox = await box(page, '#first-frame .article-prose p');
      const bylineBox = await box(page, '#first-frame article > p');

      release();
      await expect(page.locator('main .article-prose h1')).toHaveText(article.title);
      await expect(page.locator('#first-frame')).toHaveCount(0);
      expectSameBox(await box(page, 'main .article-prose h1'), titleBox);
      expectSameBox(await box(page, 'main .article-prose p'), textBox);
      expectSameBox(await box(page, 'main article > p'), bylineBox);
    });

    test('the search and plans pages show their headings before the scripts run, in place', async ({
      page,
    }) => {
      for (const [path, frameHeading, appHeading, text] of [
        ['/search', '#first-frame h2', 'main h2', 'Start Searching'],
        ['/subscribe', '#first-frame h1', 'main h1', 'Subscribe To Deccan Herald Epaper'],
      ] as const) {
        const release = await holdScripts(page);
        await page.goto(path, { waitUntil: 'commit' });
        await expect(page.locator(frameHeading), path).toHaveText(text);
        await expect(page.locator('main'), path).toHaveCount(0);
        const frameBox = await box(page, frameHeading);
        release();
        await expect(page.locator(appHeading), path).toHaveText(text);
        await expect(page.locator('#first-frame'), path).toHaveCount(0);
        expectSameBox(await box(page, appHeading), frameBox);
        await page.unroute('**/assets/*.js');
      }
    });
  });
}

// A paid page's article never reaches a visitor's document: the server's test
// (apps/server/test/screen-documents.int.test.ts) covers it.
test('an article the document cannot draw, or a search with words, is left to the app', async ({
  request,
}) => {
  const { config, edition } = await todaysEdition(request);
  for (const url of [
    `/article/missing?date=${config.today}&edition_No=${edition}`,
    '/search?q=rain',
  ]) {
    const document = await (await request.get(url, { headers: { accept: 'text/html' } })).text();
    expect(document, url).not.toContain('id="first-frame"');
  }
});

test('the app is asked for only once the page image has arrived; other routes preload it', async ({
  page,
  request,
}) => {
  const events: string[] = [];
  // The page image is held back a second, so an app asked for too early is asked for meanwhile.
  await page.route('**/*-preview.avif', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  page.on('requestfinished', (finished) => {
    if (finished.url().endsWith('-preview.avif')) events.push('page image arrived');
  });
  page.on('request', (asked) => {
    if (/\/assets\/main-[^/]+\.js$/.test(asked.url())) events.push('app asked for');
  });
  await page.goto('/');
  await expectPageImageLoaded(page);
  expect(events.slice(0, 2)).toEqual(['page image arrived', 'app asked for']);

  // Any other document names the app's scripts at once, with no frame to wait for.
  const other = await (
    await request.get('/?date=2026-01-01', { headers: { accept: 'text/html' } })
  ).text();
  expect(other).not.toContain('id="first-frame"');
  expect(other).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/main-[^"]+\.js"/);
});
