// Zooming a page (issue 8 part 6): on a phone, a double tap and a pinch zoom up to
// 3x, the deep level's tiles fill in what shows, nothing larger than the zoom
// image is ever decoded, and a zoomed page pans instead of turning; on a desktop
// the wheel, the buttons and a drag do the same. A locked page has no tiles for a
// reader without access, and the reader never asks for them.
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { deepTileFile } from '@folio/core';
import { articleHotspots, expectPageImageLoaded, todaysEdition } from './helpers.ts';

const zoomLevel = (page: Page) =>
  page.locator('main figure > div[data-zoom]').getAttribute('data-zoom').then(Number);

async function figureBox(page: Page) {
  const box = await page.locator('main figure').boundingBox();
  if (!box) throw new Error('no page on screen');
  return box;
}

type Finger = { x: number; y: number };
type TouchType = 'touchStart' | 'touchMove' | 'touchEnd';
const touch = (cdp: CDPSession, type: TouchType, touchPoints: Finger[]) =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: touchPoints.map((p, id) => ({ ...p, id })),
  });

async function tapAt(cdp: CDPSession, at: Finger) {
  await touch(cdp, 'touchStart', [at]);
  await touch(cdp, 'touchEnd', []);
}

/** Fingers moved from `from` to `to` in steps, as a hand does. */
async function drag(cdp: CDPSession, from: Finger[], to: Finger[], steps = 8) {
  await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= steps; i += 1)
    await touch(
      cdp,
      'touchMove',
      from.map((f, n) => {
        const t = to[n] ?? f;
        return { x: f.x + ((t.x - f.x) * i) / steps, y: f.y + ((t.y - f.y) * i) / steps };
      }),
    );
  await touch(cdp, 'touchEnd', []);
}

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });

  test('a double tap and a pinch zoom to 3x with tiles, and a zoomed page pans instead of turning', async ({
    page,
  }) => {
    const tiles: Array<{ url: string; status: number }> = [];
    page.on('response', (res) => {
      if (res.url().includes('-tile-')) tiles.push({ url: res.url(), status: res.status() });
    });
    await page.goto('/');
    await expectPageImageLoaded(page);
    // Zooming arrives once the page is on screen and the browser is idle.
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    const pageUrl = page.url();
    const cdp = await page.context().newCDPSession(page);
    const box = await figureBox(page);
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    await tapAt(cdp, middle);
    await tapAt(cdp, middle);
    await expect.poll(() => zoomLevel(page)).toBe(2);
    // Zoomed, a sideways drag moves the page under the finger and turns nothing.
    const before = await page.locator('main figure > div[data-zoom]').getAttribute('style');
    await drag(cdp, [middle], [{ x: middle.x - 200, y: middle.y }]);
    await expect(page.locator('main figure > div[data-zoom]')).not.toHaveAttribute(
      'style',
      before ?? '',
    );
    expect(page.url()).toBe(pageUrl);
    await tapAt(cdp, middle);
    await tapAt(cdp, middle);
    await expect.poll(() => zoomLevel(page)).toBe(1);

    // Two fingers spread from 60 px to 300 px apart: past 3x, held at 3x.
    await drag(
      cdp,
      [
        { x: middle.x - 30, y: middle.y },
        { x: middle.x + 30, y: middle.y },
      ],
      [
        { x: middle.x - 150, y: middle.y },
        { x: middle.x + 150, y: middle.y },
      ],
    );
    await expect.poll(() => zoomLevel(page)).toBe(3);
    expect(page.url()).toBe(pageUrl);

    // What shows is drawn from the deep level's tiles, each decoded on its own.
    const drawnTiles = page.locator('main figure img[data-tile]');
    await expect.poll(() => drawnTiles.count()).toBeGreaterThan(0);
    // The first zoom into a page has its tiles rendered from the page's PDF.
    await expect
      .poll(
        () =>
          drawnTiles.evaluateAll((images) =>
            (images as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const widths = await page
      .locator('main figure img')
      .evaluateAll((images) => (images as HTMLImageElement[]).map((img) => img.naturalWidth));
    expect(Math.max(...widths)).toBeLessThanOrEqual(1800);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.status === 200)).toBe(true);
    // Not the whole deep level: only what is on screen and a tile around it.
    expect(tiles.length).toBeLessThan(60);

    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    expect(await zoomLevel(page)).toBe(1);
    await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  test('a single tap on an article still opens it', async ({ page }) => {
    await page.goto('/');
    await expectPageImageLoaded(page);
    const hotspot = articleHotspots(page).first();
    const title = (await hotspot.getAttribute('aria-label')) ?? '';
    await hotspot.tap();
    await expect(page).toHaveURL(/\/article\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 20));
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the wheel, the buttons, a drag and a double click zoom and pan the page', async ({
    page,
  }) => {
    await page.goto('/');
    await expectPageImageLoaded(page);
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    const box = await figureBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomLevel(page)).toBeGreaterThan(1.3);

    // Half a step at a time, up to 3x, where the button stops.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 4 && (await zoomIn.isEnabled()); i += 1) await zoomIn.click();
    expect(await zoomLevel(page)).toBe(3);
    await expect(zoomIn).toBeDisabled();
    await expect.poll(() => page.locator('main figure img[data-tile]').count()).toBeGreaterThan(0);

    const layer = page.locator('main figure > div[data-zoom]');
    const before = await layer.getAttribute('style');
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + 300, { steps: 5 });
    await page.mouse.up();
    await expect(layer).not.toHaveAttribute('style', before ?? '');
    // The drag opened no article.
    await expect(page).not.toHaveURL(/\/article\//);

    // A double click between articles zooms back out (a click on an article opens it).
    const between = await page.evaluate(
      ({ x, y, width }) => {
        for (let dy = 0; dy < 600; dy += 13)
          for (let dx = 0; dx < width; dx += 17) {
            const hit = document.elementFromPoint(x + dx, y + dy);
            if (hit?.closest('main figure') && !hit.closest('button'))
              return { x: x + dx, y: y + dy };
          }
        return undefined;
      },
      { x: box.x, y: Math.max(box.y, 60), width: box.width },
    );
    if (!between) throw new Error('no point of the page between articles');
    await page.mouse.dblclick(between.x, between.y);
    await expect.poll(() => zoomLevel(page)).toBe(1);
  });
});

test('a locked page has no tiles for a visitor, and the reader never asks for them', async ({
  page,
  request,
}) => {
  const { config, edition, data } = await todaysEdition(request);
  const locked = data.sections.flatMap((s) => s.pages).find((p) => p.locked);
  if (!locked) throw new Error('a visitor should meet a locked page in the free edition');
  // Addressed as the reader addresses every media file: relative to the edition's suffix.
  const answer = await request.get(`${data.data_url_suffix}${deepTileFile(locked.pageNo, 0, 0)}`);
  expect(answer.status()).toBe(401);

  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('-tile-')) asked.push(req.url());
  });
  await page.goto(`/?date=${config.today}&edition=${edition}&page=${locked.pageNo - 1}`);
  await expect(page.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
