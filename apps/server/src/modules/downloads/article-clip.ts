// The watermarked download of an article (spec 2 §6, §9; issue 8 part 5): the
// article's box cut from the page's zoom image with 10 px of the page around it,
// over a 50 px footer strip naming the paper, the publication date and the
// article's link, as a JPEG at quality 90. Drawn here with sharp, so the browser
// never holds more than the clip and the watermark cannot be left off.
import sharp from 'sharp';
import type { HotspotBox } from '@folio/core';

export const CLIP_PADDING_PX = 10;
export const FOOTER_HEIGHT_PX = 50;
export const WATERMARKED_JPEG_QUALITY = 90;

export interface Watermark {
  /** The paper's name, e.g. "Deccan Herald". */
  paper: string;
  /** The publication date as the reader sees it, dd/MM/yyyy. */
  date: string;
  /** The article's own address. */
  link: string;
}

/** The box in pixels of an image `width` x `height`, with the padding, inside the image. */
export function clipRect(box: HotspotBox, width: number, height: number) {
  const left = Math.max(0, Math.floor((box.left / 100) * width) - CLIP_PADDING_PX);
  const top = Math.max(0, Math.floor((box.top / 100) * height) - CLIP_PADDING_PX);
  const right = Math.min(
    width,
    Math.ceil(((box.left + box.width) / 100) * width) + CLIP_PADDING_PX,
  );
  const bottom = Math.min(
    height,
    Math.ceil(((box.top + box.height) / 100) * height) + CLIP_PADDING_PX,
  );
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The footer strip as SVG: the paper and the date on the left, the link under them. */
export function footerSvg(width: number, mark: Watermark): string {
  const size = 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${FOOTER_HEIGHT_PX}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect width="100%" height="2" fill="#0d2b4e"/>
  <text x="10" y="22" font-family="Noto Sans, sans-serif" font-size="${size}" font-weight="700" fill="#0d2b4e">${escapeXml(`${mark.paper} · ${mark.date}`)}</text>
  <text x="10" y="41" font-family="Noto Sans, sans-serif" font-size="12" fill="#5b616b">${escapeXml(mark.link)}</text>
</svg>`;
}

/** Just the footer, as the download draws it: for checking a download's footer. */
export function renderFooter(width: number, mark: Watermark): Promise<Buffer> {
  return sharp(Buffer.from(footerSvg(width, mark)))
    .png()
    .toBuffer();
}

/** The watermarked JPEG of `box` on the page image `page`. */
export async function watermarkedClip(
  page: Buffer,
  box: HotspotBox,
  mark: Watermark,
): Promise<Buffer> {
  const image = sharp(page, { limitInputPixels: 40_000_000 });
  const { width = 0, height = 0 } = await image.metadata();
  const rect = clipRect(box, width, height);
  const footer = await renderFooter(rect.width, mark);
  return sharp(await image.extract(rect).toBuffer())
    .extend({ bottom: FOOTER_HEIGHT_PX, background: '#ffffff' })
    .composite([{ input: footer, left: 0, top: rect.height }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: WATERMARKED_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
