// Deep-zoom tiles for the server, made in a render worker so that pdfjs (and its
// process-wide JSON.stringify polyfill) never loads in the web server itself.
import type { PageTiles, TileJob } from '../render/page-tiles.ts';
import { tileRenderPool } from './render-pool.ts';

export function renderPageTilesInWorker(job: TileJob): Promise<PageTiles> {
  return tileRenderPool().run({ kind: 'tiles', job });
}
