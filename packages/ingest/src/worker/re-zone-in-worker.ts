// The zoning editor's re-read of a page, in the ingest's render workers: pdfjs
// never loads in the web server itself.
import { defaultRenderPool } from './render-pool.ts';
import type { ReZoneJob, ReZoneOutput } from './re-zone.ts';

export function reZonePageInWorker(job: ReZoneJob): Promise<ReZoneOutput> {
  return defaultRenderPool().run({ kind: 're-zone', job });
}
