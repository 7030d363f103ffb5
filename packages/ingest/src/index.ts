export { finishPages, ingestEdition, ingestPage, writeArticles } from './edition/ingest-edition.ts';
export { blankPagePdf } from './demo/blank-page.ts';
export { generateDemoEdition } from './demo/generate-demo-edition.ts';
export { generateDemoEditionInWorker } from './demo/generate-in-worker.ts';
export { folderSink } from './edition/folder-sink.ts';
export { articleHtml } from './edition/article-html.ts';
export { DEFAULT_SECTION, defaultDisplayName, defaultPageName } from './edition/page-names.ts';
export { closeRenderPools } from './worker/render-pool.ts';
export { renderPageTilesInWorker } from './worker/tiles-in-worker.ts';
export { reZonePageInWorker } from './worker/re-zone-in-worker.ts';
export type { ReZoneJob, ReZoneOutput } from './worker/re-zone.ts';
export type { PageTiles, TileJob } from './render/page-tiles.ts';
export { KANNADA_REPHA_MARK, repairKannada } from './text/repair-kannada.ts';
export { PREVIEW_WIDTH, READING_WIDTH, THUMB_WIDTH, ZOOM_WIDTH } from './render/widths.ts';
export {
  IngestError,
  type DemoEditionSpec,
  type DemoEditionTruth,
  type IngestManifest,
  type IngestOptions,
  type IngestProgress,
  type IngestedAd,
  type IngestedArticle,
  type IngestedEdition,
  type IngestedPage,
  type FinishedPage,
  type LaterPage,
  type MediaSink,
  type PageIngestOptions,
  type ReadPage,
} from './types.ts';
