// The watermark always fits: clips of narrow and wide articles are read back, and in
// each line of the footer the ink reaches exactly as far as the same line drawn on a
// footer far wider than it (so no glyph is cut), and ends inside the image with white
// after it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FOOTER_HEIGHT_PX,
  FOOTER_MARGIN_PX,
  clipRect,
  renderFooter,
  watermarkedClip,
  type Watermark,
} from './article-clip.ts';

const PAGE = { width: 1200, height: 1900 };
// Rows of the footer that hold each line's ink (the bold title, then the link).
const BANDS = { title: [8, 27], link: [29, 46] } as const;

const page = () =>
  sharp({ create: { ...PAGE, channels: 3, background: '#d8d2c4' } })
    .png()
    .toBuffer();

/** Right-most column, from 0, with ink (darker than the footer's white) in each band. */
async function inkEnds(footer: Buffer): Promise<Record<keyof typeof BANDS, number>> {
  const { data, info } = await sharp(footer)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const end = ([top, bottom]: readonly [number, number]) => {
    let last = -1;
    for (let y = top; y <= bottom; y += 1)
      for (let x = 0; x < info.width; x += 1)
        if ((data[y * info.width + x] ?? 255) < 160 && x > last) last = x;
    return last;
  };
  return { title: end(BANDS.title), link: end(BANDS.link) };
}

const marks = {
  short: {
    paper: 'Deccan Herald',
    date: '27/11/2026',
    link: 'https://folio.example/v/7K3M9Q2XH4T8',
  },
  long: {
    paper: 'Deccan Herald',
    date: '27/11/2026',
    link: 'https://epaper.folio.example/article/dh-20261127-2-03-05?date=2026-11-27&edition_No=2&pageNumber=2&source=epaper',
  },
  kannada: { paper: 'ಪ್ರಜಾವಾಣಿ', date: '27/11/2026', link: 'https://folio.example/v/0000000000ZZ' },
} satisfies Record<string, Watermark>;

const boxes = {
  narrow: { top: 10, left: 40, width: 2, height: 20 },
  column: { top: 10, left: 5, width: 18, height: 40 },
  wide: { top: 5, left: 2, width: 96, height: 30 },
};

describe('the watermark of a downloaded clip', () => {
  for (const [boxName, box] of Object.entries(boxes))
    for (const [markName, mark] of Object.entries(marks))
      it(`shows every line whole on a ${boxName} article with a ${markName} link`, async () => {
        const jpeg = await watermarkedClip(await page(), box, mark);
        const { width = 0, height = 0 } = await sharp(jpeg).metadata();
        const rect = clipRect(box, PAGE.width, PAGE.height);
        expect(height).toBe(rect.height + FOOTER_HEIGHT_PX);
        expect(width).toBeGreaterThanOrEqual(rect.width);

        const footer = await sharp(jpeg)
          .extract({ left: 0, top: rect.height, width, height: FOOTER_HEIGHT_PX })
          .png()
          .toBuffer();
        const drawn = await inkEnds(footer);
        const whole = await inkEnds(await renderFooter(4000, mark));
        for (const line of ['title', 'link'] as const) {
          expect(drawn[line], `${line} ink ends where the whole line does`).toBeGreaterThanOrEqual(
            whole[line] - 1,
          );
          expect(drawn[line], `${line} ends inside the image`).toBeLessThan(
            width - FOOTER_MARGIN_PX / 2,
          );
        }
      });

  it('keeps a wide clip its own width and a narrow one centred on a white margin', async () => {
    const wide = await watermarkedClip(await page(), boxes.wide, marks.long);
    expect((await sharp(wide).metadata()).width).toBe(
      clipRect(boxes.wide, PAGE.width, PAGE.height).width,
    );
    const narrow = await watermarkedClip(await page(), boxes.narrow, marks.short);
    const { data, info } = await sharp(narrow)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const row = Array.from({ length: info.width }, (_, x) => data[10 * info.width + x] ?? 0);
    const paper = row.map((v) => v < 235);
    const first = paper.indexOf(true);
    const last = paper.lastIndexOf(true);
    const clipWidth = clipRect(boxes.narrow, PAGE.width, PAGE.height).width;
    expect(last - first + 1).toBeGreaterThanOrEqual(clipWidth - 2);
    expect(last - first + 1).toBeLessThanOrEqual(clipWidth + 2);
    expect(Math.abs(first - (info.width - 1 - last))).toBeLessThanOrEqual(2);
  });
});
