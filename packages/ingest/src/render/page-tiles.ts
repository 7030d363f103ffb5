// The deep-zoom tiles of one page: the page rendered once at the tiled level's size
// and cut into squares. Run in a render worker, on the first request for one of the
// page's tiles (the server stores all of them at once).
import { createCanvas } from '@napi-rs/canvas';
import { deepZoomGrid, readingHeightOf, PAGE_IMAGE_WIDTHS } from '@folio/core';
import sharp from 'sharp';
import { openPdfData } from '../pdf/open-pdf.ts';
import { PdfReadError } from '../pdf/read-error.ts';

// Tiles are what a zooming reader downloads: effort 2 costs a little encode time
// over libwebp's fastest method (the page images' effort 0) and saves about a
// fifth of the bytes (the whole deep level of a demo page: 1,658 KB at effort 0).
const TILE_WEBP = { quality: 75, effort: 2 } as const;

export interface TileJob {
  pdf: Uint8Array;
  /** 1-based page within the PDF. */
  pageInFile: number;
}

export interface PageTiles {
  columns: number;
  rows: number;
  /** Row by row, left to right: tiles[row * columns + column]. */
  tiles: Uint8Array[];
}

export async function renderPageTiles(job: TileJob): Promise<PageTiles> {
  const doc = await openPdfData(job.pdf);
  try {
    if (job.pageInFile > doc.numPages)
      throw new PdfReadError(`the PDF has ${doc.numPages} page(s)`);
    const page = await doc.getPage(job.pageInFile);
    const unit = page.getViewport({ scale: 1 });
    const grid = deepZoomGrid(PAGE_IMAGE_WIDTHS.reading, readingHeightOf(unit.width, unit.height));
    const viewport = page.getViewport({ scale: grid.width / unit.width });
    const canvas = createCanvas(grid.width, grid.height);
    const context = canvas.getContext('2d', { alpha: false });
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, grid.width, grid.height);
    type RenderParams = Parameters<typeof page.render>[0];
    await page.render({
      canvas: canvas as unknown as RenderParams['canvas'],
      canvasContext: context as unknown as RenderParams['canvasContext'],
      viewport,
    }).promise;
    page.cleanup();
    // Copied out of Skia's surface: sharp reads it on its own threads (page-images.ts).
    const pixels = Buffer.from(canvas.data());
    const bitmap = sharp(pixels, {
      raw: { width: grid.width, height: grid.height, channels: 4 },
    }).removeAlpha();
    const rgb = await bitmap.raw().toBuffer();
    const tiles: Uint8Array[] = [];
    for (let row = 0; row < grid.rows; row += 1) {
      for (let column = 0; column < grid.columns; column += 1) {
        const left = column * grid.tile;
        const top = row * grid.tile;
        tiles.push(
          await sharp(rgb, { raw: { width: grid.width, height: grid.height, channels: 3 } })
            .extract({
              left,
              top,
              width: Math.min(grid.tile, grid.width - left),
              height: Math.min(grid.tile, grid.height - top),
            })
            .webp(TILE_WEBP)
            .toBuffer(),
        );
      }
    }
    return { columns: grid.columns, rows: grid.rows, tiles };
  } finally {
    await doc.destroy();
  }
}
