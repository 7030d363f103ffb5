// The demo generator typesets with pdfkit: seconds of CPU per edition. A server that
// seeds while it serves runs it in a render worker, so its event loop stays free.
import type { DemoEditionSpec, DemoEditionTruth } from '../types.ts';
import { defaultRenderPool } from '../worker/render-pool.ts';

export function generateDemoEditionInWorker(spec: DemoEditionSpec): Promise<DemoEditionTruth> {
  return defaultRenderPool().run({ kind: 'demo', spec });
}
