// A photo is cut from the picture's own pixels, at the resolution it was placed at,
// shown the way it is painted on the page (mirrored when the page mirrors it); a
// picture painted turned (or otherwise without its own pixels) is cut from the render.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectArticles } from '../src/layout/detect-articles.ts';
import { openPdf } from '../src/pdf/open-pdf.ts';
import { readPageContent } from '../src/pdf/read-page-content.ts';
import { expandOneBit, sourceImage } from '../src/render/source-image.ts';
import { processPage } from '../src/worker/process-page.ts';
import { tempDir } from './helpers.ts';

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** 60 x 30 pixels: the top-left quarter red, the rest blue; with alpha when asked. */
async function marked(format: 'jpeg' | 'png-alpha'): Promise<Buffer> {
  const corner = await sharp({
    create: { width: 30, height: 15, channels: 3, background: RED },
  })
    .png()
    .toBuffer();
  const base = sharp({
    create: {
      width: 60,
      height: 30,
      channels: format === 'png-alpha' ? 4 : 3,
      background: format === 'png-alpha' ? { ...BLUE, alpha: 0.5 } : BLUE,
    },
  }).composite([{ input: corner, left: 0, top: 0 }]);
  return format === 'jpeg' ? base.jpeg({ quality: 95 }).toBuffer() : base.png().toBuffer();
}

type Placement = 'upright' | 'upside-down' | 'mirrored' | 'turned' | 'alpha';

/** A headline, a picture placed as asked under it, and a line of body text. */
async function pageWith(file: string, placement: Placement): Promise<void> {
  const image = await marked(placement === 'alpha' ? 'png-alpha' : 'jpeg');
  const doc = new PDFDocument({ size: [600, 800], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.font('Helvetica-Bold').fontSize(24).text('Market plan approved today', 100, 150, {
    lineBreak: false,
  });
  // 200 x 100 pt at (100, 200), top-left origin, each way of painting it.
  doc.save();
  if (placement === 'upside-down') doc.transform(1, 0, 0, -1, 0, 500);
  if (placement === 'mirrored') doc.transform(-1, 0, 0, 1, 400, 0);
  if (placement === 'turned') doc.rotate(90, { origin: [200, 250] }).translate(50, -50);
  doc.image(image, 100, 200, { width: 200, height: 100 });
  doc.restore();
  doc.font('Helvetica').fontSize(9);
  const body = [
    'The city council met on Tuesday to approve',
    'the new plan for the old market, which has',
    'waited ten years for repairs. Work starts',
    'next month and ends before the rains come.',
  ];
  body.forEach((line, i) => doc.text(line, 100, 308 + i * 11, { lineBreak: false }));
  doc.end();
  await ended;
  await writeFile(file, Buffer.concat(chunks));
}

/** The colour at a point given in fractions of the image's width and height. */
async function colourAt(image: Uint8Array | Sharp, fx: number, fy: number) {
  const { data, info } = await (image instanceof Uint8Array ? sharp(image) : image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width * fx);
  const y = Math.floor(info.height * fy);
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

const isRed = (c: { r: number; b: number }) => c.r > 150 && c.b < 100;
const isBlue = (c: { r: number; b: number }) => c.b > 150 && c.r < 100;

describe('a photo from its own pixels', async () => {
  const temp = await tempDir('source-image');
  afterAll(() => temp.remove());
  const files = Object.fromEntries(
    await Promise.all(
      (['upright', 'upside-down', 'mirrored', 'turned', 'alpha'] as const).map(async (p) => {
        const file = path.join(temp.dir, `${p}.pdf`);
        await pageWith(file, p);
        return [p, file] as const;
      }),
    ),
  ) as Record<Placement, string>;

  /** The page's one picture as read from its operator list, and its own pixels. */
  const picture = async (placement: Placement) => {
    const doc = await openPdf(files[placement]);
    const page = await doc.getPage(1);
    const content = await readPageContent(page, page.getViewport({ scale: 1 }));
    const shape = content.shapes.find((s) => s.kind === 'image');
    const own = shape?.source && sourceImage(page, shape.source);
    const pixels = own && (await own.raw().toBuffer({ resolveWithObject: true }));
    const corner = own ? await colourAt(sourceImage(page, shape.source!)!, 0.1, 0.1) : undefined;
    const articles = detectArticles(content, []);

    await doc.destroy();
    return { shape, info: pixels?.info, corner, articles };
  };

  it('is the picture as placed: its own size, upright, and kept on the article', async () => {
    const { shape, info, corner, articles } = await picture('upright');
    expect(shape?.source).toEqual({ objId: expect.any(String), flipX: false, flipY: false });
    expect(info).toMatchObject({ width: 60, height: 30, channels: 3 });
    expect(isRed(corner!)).toBe(true);
    expect(articles[0]?.photos[0]?.source).toEqual(shape?.source);
  });

  it('is turned over like the page when painted upside down, and mirrored when mirrored', async () => {
    const down = await picture('upside-down');
    expect(down.shape?.source).toMatchObject({ flipX: false, flipY: true });
    expect(isBlue(down.corner!)).toBe(true);
    const mirrored = await picture('mirrored');
    expect(mirrored.shape?.source).toMatchObject({ flipX: true, flipY: false });
    expect(isBlue(mirrored.corner!)).toBe(true);
  });

  it('shows a see-through picture on white, as printed', async () => {
    const { info, corner } = await picture('alpha');
    expect(info).toMatchObject({ width: 60, height: 30, channels: 3 });
    expect(isRed(corner!)).toBe(true);
  });

  it('is not taken for a picture painted turned', async () => {
    const { shape } = await picture('turned');
    expect(shape).toBeDefined();
    expect(shape?.source).toBeUndefined();
  });

  it("makes the article's photo at its own size; a turned one is cut from the page", async () => {
    const photoOf = async (placement: Placement) => {
      const output = await processPage({
        runId: `source-image-${placement}`,
        file: files[placement],
        pageInFile: 1,
        images: 'first',
      });
      const photo = output.articles[0]?.photos[0];
      if (!photo) throw new Error(`no photo on the ${placement} page`);
      return { ...photo, corner: await colourAt(photo.image, 0.1, 0.1) };
    };
    const upright = await photoOf('upright');
    expect({ width: upright.width, height: upright.height }).toEqual({ width: 60, height: 30 });
    expect(isRed(upright.corner)).toBe(true);
    const down = await photoOf('upside-down');
    expect(isBlue(down.corner)).toBe(true);
    // Cut from the reading render (1200 px across 600 pt): its box, 100 x 200 pt turned.
    const turned = await photoOf('turned');
    expect(turned.width).toBeGreaterThan(150);
    expect(turned.width).toBeLessThanOrEqual(200);
  });
});

describe('expandOneBit', () => {
  it('reads one bit a pixel, the high bit first and rows padded to whole bytes', () => {
    // 10 pixels a row: two bytes, the last 6 bits of the second unused.
    const rows = Uint8Array.from([0b1010_0000, 0b0100_0000, 0b0000_0001, 0b1111_1111]);
    const out = expandOneBit(rows, 10, 2);
    expect([...out.subarray(0, 10)]).toEqual([255, 0, 255, 0, 0, 0, 0, 0, 0, 255]);
    expect([...out.subarray(10, 20)]).toEqual([0, 0, 0, 0, 0, 0, 0, 255, 255, 255]);
  });
});
