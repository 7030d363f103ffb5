import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultPageName, pageCode } from '../edition/page-names.ts';
import type { Rect } from '../pdf/page-content.ts';
import type { DemoEditionSpec, DemoEditionTruth } from '../types.ts';
import { englishCopy } from './copy-en.ts';
import { kannadaCopy } from './copy-kn.ts';
import {
  drawAd,
  drawArticle,
  drawHeader,
  drawMasthead,
  drawRules,
  type PageContext,
} from './draw-page.ts';
import { assignJumps, planJumps, type Jump } from './jumps.ts';
import { gridFor, PAGE_HEIGHT, PAGE_WIDTH, planPage } from './page-plan.ts';
import { seededRandom } from './seeded-random.ts';
import { Typesetter, type FontSet } from './typesetter.ts';

const NOTO = '/usr/share/fonts/truetype/noto';

// Both brands embed their fonts, as real newspaper PDFs do. (The PDF standard fonts
// would need no embedding but cost pdfjs a Type1-to-OpenType conversion per page.)
const ENGLISH_FONTS: FontSet = {
  masthead: `${NOTO}/NotoSerif-Bold.ttf`,
  headline: `${NOTO}/NotoSerif-Bold.ttf`,
  body: `${NOTO}/NotoSerif-Regular.ttf`,
  caption: `${NOTO}/NotoSans-Italic.ttf`,
  label: `${NOTO}/NotoSans-Regular.ttf`,
  bodySize: 8.5,
  leading: 10.6,
};

const KANNADA_FONTS: FontSet = {
  masthead: `${NOTO}/NotoSerifKannada-Bold.ttf`,
  headline: `${NOTO}/NotoSerifKannada-Bold.ttf`,
  body: `${NOTO}/NotoSansKannada-Regular.ttf`,
  caption: `${NOTO}/NotoSansKannada-Regular.ttf`,
  label: `${NOTO}/NotoSansKannada-Bold.ttf`,
  bodySize: 8.5,
  leading: 11.5,
};

const toPercent = (r: Rect) => ({
  top: (r.y0 / PAGE_HEIGHT) * 100,
  left: (r.x0 / PAGE_WIDTH) * 100,
  width: ((r.x1 - r.x0) / PAGE_WIDTH) * 100,
  height: ((r.y1 - r.y0) / PAGE_HEIGHT) * 100,
});

type TruthPage = DemoEditionTruth['pages'][number];

function drawPage(
  doc: PDFKit.PDFDocument,
  spec: DemoEditionSpec,
  pageNo: number,
  jumps: Jump[],
): TruthPage {
  const kannada = spec.brand === 'pv';
  const fonts = kannada ? KANNADA_FONTS : ENGLISH_FONTS;
  const copy = kannada ? kannadaCopy : englishCopy;
  const random = seededRandom(`${spec.brand}|${spec.date}|${spec.editionNumber}|${pageNo}`);
  const name = defaultPageName(pageNo);
  doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
  const grid = gridFor(pageNo % 2 === 0 ? 5 : 6);
  const ctx: PageContext = {
    doc,
    type: new Typesetter(doc),
    fonts,
    copy,
    random,
    grid,
    titles: new Set(),
  };
  const top =
    pageNo === 1
      ? drawMasthead(ctx, copy.dateline(spec.date, spec.editionNumber, spec.editionName))
      : drawHeader(
          ctx,
          copy.section(name.slice(3)),
          kannada ? `ಪುಟ ${pageNo}` : `Page ${pageNo} · ${spec.date}`,
        );
  const rows = planPage(random, grid, top, pageNo === 1);
  const page: TruthPage = { pageNo, name, articles: [], ads: [] };
  const assigned = assignJumps(rows.flat(), jumps, pageNo);
  for (const { from } of assigned.values()) if (from) ctx.titles.add(from.title);
  for (const module of rows.flat()) {
    if (module.kind === 'ad') {
      page.ads.push({ box: toPercent(drawAd(ctx, module)) });
    } else {
      const jump = assigned.get(module) ?? {};
      const article = drawArticle(ctx, module, jump);
      const onward = jumps.find((j) => j.from === pageNo && j.to === jump.to);
      if (onward) onward.title = article.title;
      page.articles.push({
        title: article.title,
        box: toPercent(article.box),
        ...(jump.to === undefined ? {} : { continuedOn: jump.to }),
        ...(jump.from ? { continuedFrom: jump.from.page } : {}),
        ...(article.caption === undefined ? {} : { caption: article.caption }),
      });
    }
  }
  drawRules(ctx, rows);
  return page;
}

/**
 * Writes a realistic demo edition (one PDF per page, 11 x 17 in) for a brand and date,
 * deterministic from (brand, date, edition, page), and returns what it placed where.
 * The fonts come from the Debian package fonts-noto-core.
 */
/** The demo fonts come from Debian's fonts-noto-core; say so plainly when they are missing. */
function assertFontsInstalled(fonts: FontSet): void {
  const files = [fonts.masthead, fonts.headline, fonts.body, fonts.caption, fonts.label];
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Demo editions need the Noto fonts of Debian's fonts-noto-core package (missing ${missing[0]}); ` +
        'install it with: apt-get install fonts-noto-core',
    );
  }
}

export async function generateDemoEdition(spec: DemoEditionSpec): Promise<DemoEditionTruth> {
  // Loaded when a demo edition is drawn, not when a server starts: pdfkit and pdf-lib
  // are some 300 modules, most of a restarted web server's start at the morning peak.
  const [{ default: PDFDocument }, { PDFDocument: PdfLibDocument }] = await Promise.all([
    import('pdfkit'),
    import('pdf-lib'),
  ]);
  assertFontsInstalled(spec.brand === 'pv' ? KANNADA_FONTS : ENGLISH_FONTS);
  // One pdfkit document for the whole edition, split into page files afterwards: pdfkit
  // parses and shapes fonts per document, and that cost dominated Kannada pages.
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: {
      Title: `${spec.brand} ${spec.date} ${spec.editionName}`,
      Producer: 'Folio demo',
      CreationDate: new Date(`${spec.date}T06:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const jumps = planJumps(spec);
  const drawn = Math.min(spec.pageCount, spec.firstPages ?? spec.pageCount);
  const pages = Array.from({ length: drawn }, (_, i) => drawPage(doc, spec, i + 1, jumps));
  doc.end();
  await ended;
  const edition = await PdfLibDocument.load(Buffer.concat(chunks), { updateMetadata: false });
  await mkdir(spec.outDir, { recursive: true });
  const files: string[] = [];
  for (let index = 0; index < drawn; index += 1) {
    const single = await PdfLibDocument.create({ updateMetadata: false });
    const [page] = await single.copyPages(edition, [index]);
    if (page) single.addPage(page);
    const file = path.join(spec.outDir, `p${pageCode(index + 1)}.pdf`);
    await writeFile(file, await single.save());
    files.push(file);
  }
  return { files, pages };
}
