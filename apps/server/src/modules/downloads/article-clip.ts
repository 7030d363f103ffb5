// The watermarked download of an article (spec 2 §6, §9; issue 8 part 5): the
// article's box cut from the page's zoom image with 10 px of the page around it,
// over a 50 px footer strip naming the paper, the publication date and the
// article's link, as a JPEG at quality 90. Drawn here with sharp, so the browser
// never holds more than the clip and the watermark cannot be left off.
// The footer's lines always fit (issue 25 part 5): each is measured as librsvg
// draws it, and a clip narrower than its footer is widened with white on both
// sides, so the paper, the date and the link are never cut at the edge.
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

/** Where the footer's text starts, and the white kept after its longest line. */
export const FOOTER_MARGIN_PX = 10;
const FONT = 'Noto Sans, sans-serif';
const LINES = {
  title: { size: 15, weight: 700, y: 22, fill: '#0d2b4e' },
  link: { size: 12, weight: 400, y: 41, fill: '#5b616b' },
} as const;
type Line = keyof typeof LINES;

const lineText = (mark: Watermark): Record<Line, string> => ({
  title: `${mark.paper} · ${mark.date}`,
  link: mark.link,
});

const textElement = (line: Line, text: string, x: number, y: number) => {
  const { size, weight, fill } = LINES[line];
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`;
};

/** The footer strip as SVG: the paper and the date on the left, the link under them. */
export function footerSvg(width: number, mark: Watermark): string {
  const text = lineText(mark);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${FOOTER_HEIGHT_PX}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect width="100%" height="2" fill="#0d2b4e"/>
  ${textElement('title', text.title, FOOTER_MARGIN_PX, LINES.title.y)}
  ${textElement('link', text.link, FOOTER_MARGIN_PX, LINES.link.y)}
</svg>`;
}

/** Width in px of the ink of `text` as the footer draws it on `line`, from its start. */
async function inkWidth(line: Line, text: string): Promise<number> {
  const { size } = LINES[line];
  // Wider than any glyph run of this length can be, so nothing is cut while measuring.
  const canvas = Math.ceil(text.length * size * 1.5) + 2 * size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${size * 2}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  ${textElement(line, text, 0, Math.round(size * 1.4))}
</svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: '#ffffff', threshold: 10 })
    .toBuffer({ resolveWithObject: true });
  return Math.max(0, -(info.trimOffsetLeft ?? 0)) + info.width;
}

/** The narrowest image whose footer shows every line whole, with the margins. */
async function footerMinWidth(mark: Watermark): Promise<number> {
  const text = lineText(mark);
  const widths = await Promise.all([inkWidth('title', text.title), inkWidth('link', text.link)]);
  return 2 * FOOTER_MARGIN_PX + Math.max(...widths);
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
  const outWidth = Math.max(rect.width, await footerMinWidth(mark));
  const left = Math.floor((outWidth - rect.width) / 2);
  const footer = await renderFooter(outWidth, mark);
  return sharp(await image.extract(rect).toBuffer())
    .extend({
      bottom: FOOTER_HEIGHT_PX,
      left,
      right: outWidth - rect.width - left,
      background: '#ffffff',
    })
    .composite([{ input: footer, left: 0, top: rect.height }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: WATERMARKED_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
