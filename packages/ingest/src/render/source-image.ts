// A picture's own pixels, as pdfjs decoded them while rendering the page, as a sharp
// pipeline. A photo cut from these keeps the resolution it was printed at, whatever
// size the page was rendered at (the first images render at reading size only).
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp, { type Sharp } from 'sharp';
import type { ImageSource, Rect } from '../pdf/page-content.ts';
import { encodePhoto, type EncodedPhoto, type RenderedPage } from './page-images.ts';

/** pdfjs's ImageKind: how a decoded image's bytes are laid out. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

const isDecoded = (value: unknown): value is DecodedImage =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as DecodedImage).width) &&
  Number.isInteger((value as DecodedImage).height) &&
  // JPEG decodes to a Uint8ClampedArray, which is no Uint8Array.
  ((value as DecodedImage).data instanceof Uint8Array ||
    (value as DecodedImage).data instanceof Uint8ClampedArray);

/** One bit a pixel, rows padded to whole bytes, 1 white: to one byte a pixel. */
export function expandOneBit(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Buffer {
  const out = Buffer.alloc(width * height);
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const byte = data[y * rowBytes + (x >> 3)] ?? 0;
      out[y * width + x] = byte & (0x80 >> (x & 7)) ? 255 : 0;
    }
  }
  return out;
}

/**
 * The decoded image behind `source`, upright, as a sharp pipeline; undefined when
 * pdfjs holds no pixels for it in a form read here. pdfjs decodes a page's images
 * while building its operator list: call after that and before page.cleanup().
 */
export function sourceImage(page: PDFPageProxy, source: ImageSource): Sharp | undefined {
  const objects = source.objId.startsWith('g_') ? page.commonObjs : page.objs;
  if (!objects.has(source.objId)) return undefined;
  const image: unknown = objects.get(source.objId);
  if (!isDecoded(image) || image.width < 1 || image.height < 1) return undefined;
  const { width, height, kind } = image;
  const bytes = image.data as Uint8Array | Uint8ClampedArray;
  const pixels = width * height;
  let raw: { data: Uint8Array | Uint8ClampedArray; channels: 1 | 3 | 4 };
  if (kind === RGBA_32BPP && bytes.length >= pixels * 4) raw = { data: bytes, channels: 4 };
  else if (kind === RGB_24BPP && bytes.length >= pixels * 3) raw = { data: bytes, channels: 3 };
  else if (kind === GRAYSCALE_1BPP && bytes.length >= Math.ceil(width / 8) * height)
    raw = { data: expandOneBit(bytes, width, height), channels: 1 };
  else return undefined;
  const view = Buffer.from(raw.data.buffer, raw.data.byteOffset, pixels * raw.channels);
  let pipeline = sharp(view, { raw: { width, height, channels: raw.channels } });
  // A photo is shown on a white page: a transparent part is white, as printed.
  if (raw.channels === 4) pipeline = pipeline.flatten({ background: '#ffffff' });
  if (source.flipY) pipeline = pipeline.flip();
  if (source.flipX) pipeline = pipeline.flop();
  return pipeline;
}

/**
 * A found photo's image: from its own pixels when pdfjs has them, else cut from the
 * page's render, which `render` makes (once) only when it is needed.
 */
export async function photoImage(
  page: PDFPageProxy,
  photo: { box: Rect; source?: ImageSource },
  render: () => Promise<RenderedPage>,
): Promise<EncodedPhoto> {
  const own = photo.source && sourceImage(page, photo.source);
  if (own) return encodePhoto(own);
  return (await render()).photo(photo.box);
}
