// Entry point of a render worker process: takes page jobs, answers with page output.
import sharp from 'sharp';
import { readErrorMessage } from '../pdf/open-pdf.ts';
import type { WorkerReply, WorkerRequest } from './page-job.ts';
import { processPage } from './process-page.ts';

// Parallelism comes from the worker processes; libvips threads on top would only
// oversubscribe the cores.
sharp.concurrency(1);

const send = process.send?.bind(process);
if (!send) throw new Error('render-worker must run as a forked child process');

process.on('message', ({ id, job }: WorkerRequest) => {
  processPage(job).then(
    (output) => {
      const reply: WorkerReply = { id, ok: true, output };
      send(reply);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id, ok: false, message: readErrorMessage(error) };
      send(reply);
    },
  );
});

// The parent went away (it exited, or closed the pool): nothing more will come.
process.on('disconnect', () => process.exit(0));
