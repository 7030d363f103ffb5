// Entry point of a render worker process: takes page, page-count and demo-edition
// tasks, answers with their output.
import sharp from 'sharp';
import { countPages, readyPdfjs } from '../pdf/open-pdf.ts';
import { readErrorMessage } from '../pdf/read-error.ts';
import type { WorkerReply, WorkerRequest, WorkerResult, WorkerTask } from './page-job.ts';
import { processPage, processPageLater } from './process-page.ts';

// Parallelism comes from the worker processes; libvips threads on top would only
// oversubscribe the cores.
sharp.concurrency(1);

const send = process.send?.bind(process);
if (!send) throw new Error('render-worker must run as a forked child process');

function perform(task: WorkerTask): Promise<WorkerResult<WorkerTask>> {
  if (task.kind === 'page') return processPage(task.job);
  if (task.kind === 'count') return countPages(task.file);
  if (task.kind === 'later') return processPageLater(task.job);
  if (task.kind === 're-zone')
    return import('./re-zone.ts').then(({ reZonePage }) => reZonePage(task.job));
  if (task.kind === 'tiles')
    return import('../render/page-tiles.ts').then(({ renderPageTiles }) =>
      renderPageTiles(task.job),
    );
  // Loaded on first use: workers that only render never pay for pdfkit and its fonts.
  return import('../demo/generate-demo-edition.ts').then(({ generateDemoEdition }) =>
    generateDemoEdition(task.spec),
  );
}

process.on('message', ({ id, task }: WorkerRequest) => {
  perform(task).then(
    (output) => {
      const reply: WorkerReply = { id, ok: true, output };
      send(reply);
      // A demo edition's pages come back here to be rendered: pdfjs's first
      // document (about 0.8 s) is paid now, while the worker waits for them.
      if (task.kind === 'demo') void readyPdfjs();
    },
    (error: unknown) => {
      const reply: WorkerReply = { id, ok: false, message: readErrorMessage(error) };
      send(reply);
    },
  );
});

// The parent went away (it exited, or closed the pool): nothing more will come.
process.on('disconnect', () => process.exit(0));
