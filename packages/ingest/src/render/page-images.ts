// Renders a page once and derives every image from that bitmap: at reading size for
// the first images (what a reader needs to see the page), at zoom size otherwise.
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp, { type Sharp } from 'sharp';
import type { Rect } from '../pdf/page-content.ts';
import { PREVIEW_WIDTH, READING_WIDTH, THUMB_WIDTH, ZOOM_WIDTH } from './widths.ts';

// effort 0 is libwebp's fastest method; at q75 it costs a few percent in size over
// the default and saves more than half the encode time, which dominates ingest.
const WEBP = { quality: 75, effort: 0 } as const;
// The preview is what a phone downloads before anything else, so its bytes count
// more than its encode time: AVIF, about half the size of WebP at the same look
// for a dense page (22 KB at quality 40 against 45 KB at 400 px), costs ~0.1 s per
// page at this size, which the render workers spend in parallel. It is replaced by the reading
// image once on screen, so its softness shows only for a moment.
const PREVIEW_AVIF = { quality: 40, effort: 2 } as const;

// canvas.data() is a view of Skia's surface, freed with the canvas, while sharp reads
// pixels on its own threads, possibly after the canvas is collected: so the bitmap is
// copied out. Into one buffer per worker process, reused page after page (a worker
// renders one page at a time), because a fresh 35 MB allocation per page cost more
// in page faults than the copy itself.
let scratch = Buffer.alloc(0);

function copyToScratch(source: Buffer): Buffer {
  if (scratch.length < source.length) scratch = Buffer.allocUnsafe(source.length);
  const pixels = scratch.subarray(0, source.length);
  source.copy(pixels);
  return pixels;
}

/**
 * Which of a page's images to encode: what a reader needs to see the page
 * ('first': reading image, thumbnail and a WebP preview, rendered at reading size
 * only), what can follow once the page is live ('later': zoom image and AVIF
 * preview), all of them at once, or none ('cuts': a zoom-size bitmap to cut from).
 */
export type PageImageSet = 'first' | 'later' | 'all' | 'cuts';

export interface RenderedPage {
  /** The small first image: WebP for 'first', AVIF for 'later' and 'all'. */
  preview?: Uint8Array;
  reading?: Uint8Array;
  zoom?: Uint8Array;
  thumb?: Uint8Array;
  width: number;
  height: number;
  /** Cuts a region (page points) out of the rendered bitmap. */
  clip(region: Rect): Promise<Uint8Array>;
  /** Cuts a photo (page points) out of the rendered bitmap (see encodePhoto). */
  photo(region: Rect): Promise<EncodedPhoto>;
}

export interface EncodedPhoto {
  image: Uint8Array;
  width: number;
  height: number;
}

/** Widest photo cut for an article's text view: a reading column at twice its css width. */
const PHOTO_MAX_WIDTH = 1000;
// A photo is looked at on its own, so it gets more quality than a page image.
const PHOTO_WEBP = { quality: 80, effort: 2 } as const;

export async function renderPage(
  page: PDFPageProxy,
  set: PageImageSet = 'all',
): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  // The first images need nothing wider than the reading image: rendering at that
  // size, not zoom size, is less than half the pixels and needs no downscale.
  const scale = (set === 'first' ? READING_WIDTH : ZOOM_WIDTH) / unit.width;
  const viewport = page.getViewport({ scale });
  const zoomWidth = Math.round(viewport.width);
  const zoomHeight = Math.round(viewport.height);
  const canvas = createCanvas(zoomWidth, zoomHeight);
  const context = canvas.getContext('2d', { alpha: false });
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, zoomWidth, zoomHeight);
  // pdfjs types its canvas as the DOM's; @napi-rs/canvas implements the same API.
  type RenderParams = Parameters<PDFPageProxy['render']>[0];
  await page.render({
    canvas: canvas as unknown as RenderParams['canvas'],
    canvasContext: context as unknown as RenderParams['canvasContext'],
    viewport,
  }).promise;

  const pixels = copyToScratch(canvas.data());
  const bitmap = () =>
    sharp(pixels, { raw: { width: zoomWidth, height: zoomHeight, channels: 4 } }).removeAlpha();
  const width = READING_WIDTH;
  const height = Math.round((zoomHeight * READING_WIDTH) / zoomWidth);
  const first = set === 'first' || set === 'all';
  const later = set === 'later' || set === 'all';
  // Resized with its (opaque) alpha and dropped after: a third faster than the other
  // way round, the same pixels. Rendered at reading size, the bitmap is the reading image.
  const readingRaw =
    set === 'first'
      ? pixels
      : set === 'all'
        ? await sharp(pixels, { raw: { width: zoomWidth, height: zoomHeight, channels: 4 } })
            .resize(width, height, { kernel: 'linear' })
            .raw()
            .toBuffer()
        : undefined;
  const fromReading = () =>
    sharp(readingRaw, { raw: { width, height, channels: 4 } }).removeAlpha();
  const encode = (wanted: boolean, make: () => Promise<Uint8Array>) =>
    wanted ? make() : Promise.resolve(undefined);
  // The first preview is a WebP, a tenth of the AVIF's encode time; the AVIF
  // (half the bytes) replaces it once the page is live. The thumbnail is made from
  // the preview's pixels, a sixth of the reading image's.
  const firstSmall = async (): Promise<[Uint8Array, Uint8Array]> => {
    const previewWidth = PREVIEW_WIDTH;
    const previewHeight = Math.round((height * PREVIEW_WIDTH) / width);
    const small = await fromReading()
      .resize(previewWidth, previewHeight, { kernel: 'linear' })
      .raw()
      .toBuffer();
    const fromSmall = () =>
      sharp(small, { raw: { width: previewWidth, height: previewHeight, channels: 3 } });
    return Promise.all([
      fromSmall().webp(WEBP).toBuffer(),
      fromSmall().resize(THUMB_WIDTH).webp(WEBP).toBuffer(),
    ]);
  };
  const makeSmall = async (): Promise<[Uint8Array | undefined, Uint8Array | undefined]> => {
    if (set === 'first') return firstSmall();
    const thumb = encode(first, () => fromReading().resize(THUMB_WIDTH).webp(WEBP).toBuffer());
    const source = set === 'all' ? fromReading() : bitmap();
    const preview = encode(later, () => source.resize(PREVIEW_WIDTH).avif(PREVIEW_AVIF).toBuffer());
    return Promise.all([preview, thumb]);
  };
  const [zoom, reading, [preview, thumb]] = await Promise.all([
    encode(later, () => bitmap().webp(WEBP).toBuffer()),
    encode(first, () => fromReading().webp(WEBP).toBuffer()),
    makeSmall(),
  ]);

  /** A region of the page in zoom-render pixels, its edges rounded outwards or inwards. */
  const regionPixels = (region: Rect, inwards: boolean) => {
    const [start, end] = inwards ? [Math.ceil, Math.floor] : [Math.floor, Math.ceil];
    const left = Math.max(0, start(region.x0 * scale));
    const top = Math.max(0, start(region.y0 * scale));
    const right = Math.min(zoomWidth, end(region.x1 * scale));
    const bottom = Math.min(zoomHeight, end(region.y1 * scale));
    return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  };
  const clip = async (region: Rect): Promise<Uint8Array> =>
    bitmap().extract(regionPixels(region, false)).webp(WEBP).toBuffer();
  // Rounded inwards: the anti-aliased edge pixels are half page, half photo.
  const photo = (region: Rect) => encodePhoto(bitmap().extract(regionPixels(region, true)));
  return { preview, reading, zoom, thumb, width, height, clip, photo };
}

/** A photo for an article's text view, at most PHOTO_MAX_WIDTH wide, as WebP. */
export async function encodePhoto(pixels: Sharp): Promise<EncodedPhoto> {
  const { data, info } = await pixels
    .resize({ width: PHOTO_MAX_WIDTH, withoutEnlargement: true })
    .webp(PHOTO_WEBP)
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

/**
 * Whether a rendered image shows nothing: every channel almost one value (a white,
 * or any one-colour, page). A page of text or pictures varies far more than this.
 */
export async function isBlankImage(image: Uint8Array): Promise<boolean> {
  const { channels } = await sharp(image).stats();
  return channels.every((channel) => channel.stdev < 2);
}
