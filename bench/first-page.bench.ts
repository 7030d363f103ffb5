// Bytes a phone transfers before the first newspaper page is on screen, against
// the incumbent site's 1.8 MB for the same first page (a constant: the incumbent
// cannot be run here). Real server on demo data, Debian's Chromium as a phone:
// 412 x 915 css px, 2.625 device pixels per px, touch. Every response counts with
// its bytes on the wire (CDP Network.loadingFinished encodedDataLength: headers
// plus the compressed body) up to the moment the page image has loaded: the
// page's preview, drawn first. The bytes until the image chosen for the screen
// has loaded over it are printed too.
// Target: ours / incumbent <= 10%. Run with `npm run bench:first-page`
// (BENCH_PORT picks the port; BENCH_DATA_DIR reuses an already seeded data folder).
/// <reference lib="dom" />
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts';
import { startDemoServer } from './lib/demo-server.ts';

const INCUMBENT_FIRST_PAGE_BYTES = 1_800_000;
const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  /** CDP monotonic seconds at loadingFinished. */
  finishedAt: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startDemoServer(Number(process.env.BENCH_PORT ?? 3231));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, { url: string; type: string }>();
    const transfers: Transfer[] = [];
    // CDP stamps network events on a monotonic clock; wallTime - timestamp maps
    // the page's own clock (performance.timeOrigin + now) onto it.
    let wallMinusMonotonic: number | undefined;
    cdp.on('Network.requestWillBeSent', (event) => {
      wallMinusMonotonic ??= event.wallTime - event.timestamp;
      requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      transfers.push({ ...request, bytes: event.encodedDataLength, finishedAt: event.timestamp });
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const started = performance.now();
    await page.goto(server.url);
    // The reader's page, drawn by the app; the document at / may have drawn the
    // same page before any script ran (the first frame).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('main figure img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const visibleMs = performance.now() - started;
    // The page is visible when the browser first paints a page image, which may be
    // after it arrived: the earliest largest-contentful-paint entry of a page image
    // (the first frame's or the reader's preview) says when and which file.
    const firstPaint = await page.evaluate(
      () =>
        new Promise<{ url: string; at: number } | undefined>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = (list.getEntries() as LargestContentfulPaint[])
              .filter((e) => e.url.includes('/media/editions/'))
              .sort((a, b) => a.renderTime - b.renderTime)[0];
            resolve(entry && { url: entry.url, at: performance.timeOrigin + entry.renderTime });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(undefined), 2_000);
        }),
    );
    if (firstPaint === undefined || wallMinusMonotonic === undefined)
      throw new Error('no paint of a page image seen');
    const src = firstPaint.url;
    // The CDP event for the image may trail the page's load event by a moment.
    const deadline = Date.now() + 5_000;
    while (!transfers.some((t) => t.url === src) && Date.now() < deadline)
      await page.waitForTimeout(50);
    const pageImage = transfers.find((t) => t.url === src);
    if (!pageImage) throw new Error(`no transfer seen for ${src}`);
    const visibleAt = Math.max(pageImage.finishedAt, firstPaint.at / 1000 - wallMinusMonotonic);
    const beforeVisible = transfers.filter((t) => t.finishedAt <= visibleAt);
    // Then the image chosen for the screen, which replaces the preview once loaded.
    const sharpSrc = await page
      .waitForFunction((previewUrl) => {
        const sharp = Array.from(
          document.querySelectorAll<HTMLImageElement>('main figure img'),
        ).find((img) => img.currentSrc !== '' && img.currentSrc !== previewUrl);
        return sharp?.complete && sharp.naturalWidth > 0 ? sharp.currentSrc : undefined;
      }, src)
      .then(async (handle) => String(await handle.jsonValue()));
    const sharpDeadline = Date.now() + 5_000;
    while (!transfers.some((t) => t.url === sharpSrc) && Date.now() < sharpDeadline)
      await page.waitForTimeout(50);
    const sharpImage = transfers.find((t) => t.url === sharpSrc);
    if (!sharpImage) throw new Error(`no transfer seen for ${sharpSrc}`);
    const beforeSharp = transfers.filter((t) => t.finishedAt <= sharpImage.finishedAt);
    await context.close();

    const sum = (list: Transfer[]) => list.reduce((total, t) => total + t.bytes, 0);
    const total = sum(beforeVisible);
    const jsCss = sum(beforeVisible.filter((t) => t.type === 'Script' || t.type === 'Stylesheet'));
    const images = beforeVisible.filter((t) => t.type === 'Image');
    const zoom = transfers.filter((t) => t.url.includes('-zoom.'));

    console.log(
      `first visible page at 412x915 css px, dpr 2.625, mobile (${server.today.date}, edition ${server.today.edition})`,
    );
    for (const t of beforeVisible) {
      console.log(`  ${t.type.padEnd(10)} ${kb(t.bytes).padStart(10)}  ${new URL(t.url).pathname}`);
    }
    console.log(`  page image              ${new URL(src).pathname}`);
    console.log(`  zoom images requested   ${zoom.length}`);
    console.log(`  JavaScript + CSS        ${kb(jsCss)}`);
    console.log(`  images                  ${kb(sum(images))} (${images.length})`);
    console.log(`  requests                ${beforeVisible.length}`);
    console.log(
      `  time to visible page    ${(visibleMs / 1000).toFixed(2)} s (loopback, no throttling)`,
    );
    console.log(`  baseline (incumbent)    ${kb(INCUMBENT_FIRST_PAGE_BYTES)} (1.8 MB, constant)`);
    console.log(`  ours                    ${kb(total)}`);
    console.log(
      `  ratio ours/incumbent    ${((100 * total) / INCUMBENT_FIRST_PAGE_BYTES).toFixed(1)}% (target <= 10%)`,
    );
    const sharpTotal = sum(beforeSharp);
    console.log(`  then drawn sharp        ${new URL(sharpSrc).pathname}`);
    console.log(
      `  bytes to the sharp page ${kb(sharpTotal)} = ${((100 * sharpTotal) / INCUMBENT_FIRST_PAGE_BYTES).toFixed(1)}% of the incumbent's`,
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
