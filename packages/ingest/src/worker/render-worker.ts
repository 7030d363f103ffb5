// Entry point of a render worker thread: takes page jobs, answers with page output.
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { readErrorMessage } from '../pdf/open-pdf.ts';
import type { WorkerReply, WorkerRequest } from './page-job.ts';
import { processPage } from './process-page.ts';

// Parallelism comes from the worker threads; libvips threads on top would only
// oversubscribe the cores.
sharp.concurrency(1);

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

port.on('message', ({ id, job }: WorkerRequest) => {
  processPage(job).then(
    (output) => {
      const reply: WorkerReply = { id, ok: true, output };
      port.postMessage(reply);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id, ok: false, message: readErrorMessage(error) };
      port.postMessage(reply);
    },
  );
});
