// Bytes for a phone to read a page, first fitted and then at 3x, against the
// incumbent's 1.8 MB full-page image (a constant: the incumbent cannot be run
// here). Real server on demo data, Debian's Chromium as a phone: 412 x 915 css px,
// 2.625 device pixels per px, touch, cache off. Every response counts with its
// bytes on the wire (CDP encodedDataLength: headers plus body).
//
// 1. First page: everything the reader transfers until the page's sharp image has
//    loaded and the network is quiet (document, JS, CSS, API answers, images).
// 2. 3x on one quarter: the deep level's tiles under the page's top-left quarter,
//    as the reader asks for them: pinched to 3x on that quarter and panned across
//    it, counting only tile and zoom-image transfers.
// 3. Baseline in the same run: the whole deep level (every tile of the page), the
//    bytes a viewer without tiles would send for the same sharpness.
// Run with `npm run bench:deep-zoom` (BENCH_PORT, BENCH_DATA_DIR as the other benches).
/// <reference lib="dom" />
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { deepTileFile, deepZoomGrid, epaperDataSchema, isoToCompact } from '@folio/core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts';
import { startDemoServer } from './lib/demo-server.ts';

const INCUMBENT_PAGE_BYTES = 1_800_000;
const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (bytes: number) => `${((100 * bytes) / INCUMBENT_PAGE_BYTES).toFixed(1)}%`;

type Finger = { x: number; y: number };
type TouchType = 'touchStart' | 'touchMove' | 'touchEnd';
const touch = (cdp: CDPSession, type: TouchType, points: Finger[]) =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ ...p, id })),
  });

async function drag(cdp: CDPSession, from: Finger[], to: Finger[]) {
  await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= 10; i += 1)
    await touch(
      cdp,
      'touchMove',
      from.map((f, n) => {
        const t = to[n] ?? f;
        return { x: f.x + ((t.x - f.x) * i) / 10, y: f.y + ((t.y - f.y) * i) / 10 };
      }),
    );
  await touch(cdp, 'touchEnd', []);
}

/** Waits until no request has been pending for half a second. */
async function quiet(page: Page, pending: () => number) {
  let calm = 0;
  while (calm < 500) {
    await page.waitForTimeout(100);
    calm = pending() === 0 ? calm + 100 : 0;
  }
}

async function main(): Promise<void> {
  const server = await startDemoServer(Number(process.env.BENCH_PORT ?? 3232));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const data = epaperDataSchema.parse(
      await (
        await fetch(
          `${server.url}/api/epaper/data?date=${isoToCompact(server.today.date)}&edition=${server.today.edition}&publisher=${server.today.publisher}`,
        )
      ).json(),
    );
    const first = data.sections[0]?.pages[0];
    if (!first) throw new Error("today's edition has no page");
    const grid = deepZoomGrid(first.width, first.height);

    // Baseline: the whole deep level. Asking for it also renders the tiles, so the
    // browser below measures transfers, not the first render.
    let wholeLevel = 0;
    let quarterByGrid = 0;
    for (let row = 0; row < grid.rows; row += 1)
      for (let column = 0; column < grid.columns; column += 1) {
        const res = await fetch(
          `${server.url}${data.data_url_suffix}${deepTileFile(first.pageNo, column, row)}`,
        );
        if (!res.ok) throw new Error(`tile ${column},${row}: ${res.status}`);
        const bytes = (await res.arrayBuffer()).byteLength;
        wholeLevel += bytes;
        if (column * grid.tile < grid.width / 2 && row * grid.tile < grid.height / 2)
          quarterByGrid += bytes;
      }

    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const urls = new Map<string, string>();
    const transfers: Array<{ url: string; bytes: number }> = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      if (url) transfers.push({ url, bytes: e.encodedDataLength });
      urls.delete(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => urls.delete(e.requestId));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    await page.goto(server.url);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('main figure img')).some(
        (img) => img.complete && img.naturalWidth >= 1200,
      ),
    );
    // Zooming arrives once the page is on screen and the browser is idle: its script
    // belongs to the page's bytes, and the pinch must wait for it.
    await page.getByRole('button', { name: 'Zoom in' }).waitFor();
    await quiet(page, () => urls.size);
    const firstPage = transfers.reduce((sum, t) => sum + t.bytes, 0);
    const firstCount = transfers.length;
    transfers.length = 0;

    // Pinch to 3x on the middle of the top-left quarter, then pan across the quarter.
    const box = await page.locator('main figure').boundingBox();
    if (!box) throw new Error('no page on screen');
    const at = { x: box.x + box.width / 4, y: box.y + box.height / 4 };
    await drag(
      cdp,
      [
        { x: at.x - 20, y: at.y },
        { x: at.x + 20, y: at.y },
      ],
      [
        { x: at.x - 100, y: at.y },
        { x: at.x + 100, y: at.y },
      ],
    );
    await quiet(page, () => urls.size);
    const firstScreen = transfers.reduce((sum, t) => sum + t.bytes, 0);
    // At 3x the screen shows a third of the page across: the quarter is covered by
    // moving to its four corners.
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    for (const [dx, dy] of [
      [box.width / 2, box.height / 2],
      [-box.width / 2, 0],
      [0, -box.height / 2],
      [box.width / 2, 0],
    ] as const) {
      await drag(cdp, [middle], [{ x: middle.x + dx, y: middle.y + dy }]);
      await quiet(page, () => urls.size);
    }
    const zoomLevel = Number(
      await page.locator('main figure > div[data-zoom]').getAttribute('data-zoom'),
    );
    const quarter = transfers.reduce((sum, t) => sum + t.bytes, 0);
    const tiles = transfers.filter((t) => t.url.includes('-tile-')).length;
    const zoomImage = transfers.filter((t) => t.url.includes('-zoom.')).length;
    await context.close();

    console.log(
      `deep zoom at 412x915 css px, dpr 2.625, mobile (${server.today.date}, edition ${server.today.edition}, page ${first.pageNo})`,
    );
    console.log(
      `  deep level              ${grid.width} x ${grid.height} px in ${grid.columns} x ${grid.rows} tiles of ${grid.tile} px`,
    );
    console.log(`  incumbent full page     ${kb(INCUMBENT_PAGE_BYTES)} (1.8 MB, constant)`);
    console.log(
      `  first page, all bytes   ${kb(firstPage)} in ${firstCount} responses = ${pct(firstPage)} of the incumbent's`,
    );
    console.log(
      `  3x, first screen        ${kb(firstScreen)} = ${pct(firstScreen)} of the incumbent's`,
    );
    console.log(
      `  3x, one quarter panned  ${kb(quarter)} (${tiles} tiles, ${zoomImage} zoom image) at ${zoomLevel}x = ${pct(quarter)} of the incumbent's`,
    );
    console.log(
      `  quarter by the grid     ${kb(quarterByGrid)} (tiles under the top-left quarter, bodies only) = ${pct(quarterByGrid)}`,
    );
    console.log(
      `  baseline: whole level   ${kb(wholeLevel)} (bodies only); quarter panned / whole level = ${((100 * quarter) / wholeLevel).toFixed(1)}%`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
