// A pool of render worker threads, shared by every ingest in the process so a seed of
// many editions pays the workers' start-up (tsx, pdfjs, sharp) once. Idle workers are
// unref'd and never keep the process alive. A worker that times out or dies is
// terminated and replaced on demand; its job fails, nobody else's does.
import { Worker } from 'node:worker_threads';
// sharp's and canvas's native libraries must be loaded by the main thread before any
// worker loads them, or glibc may unload them when a worker exits (sharp issue 2263).
import '@napi-rs/canvas';
import 'sharp';
import type { PageJob, PageOutput, WorkerReply } from './page-job.ts';

/** Rendering and reading one page may take no longer than this. */
export const PAGE_TIMEOUT_MS = 60_000;

interface Task {
  job: PageJob;
  resolve: (output: PageOutput) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
  taskId?: number;
  timer?: NodeJS.Timeout;
}

// Workers run TypeScript like the rest of Folio: the bootstrap registers tsx's loader
// in the new thread before importing the worker module.
function spawn(): Worker {
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true });
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  run(job: PageJob): Promise<PageOutput> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Drops queued jobs of a run that has failed; jobs already running finish on their own. */
  cancel(runId: string, reason: Error): void {
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      const task = this.queue[i] as Task;
      if (task.job.runId === runId) {
        this.queue.splice(i, 1);
        task.reject(reason);
      }
    }
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => this.retire(slot, new Error('render pool closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.task) ?? (this.slots.length < this.size ? this.add() : undefined);
      if (!slot) return;
      const task = this.queue.shift() as Task;
      const id = this.nextId++;
      slot.task = task;
      slot.taskId = id;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        void this.retire(slot, new Error(`rendering timed out after ${PAGE_TIMEOUT_MS / 1000} s`));
      }, PAGE_TIMEOUT_MS);
      slot.worker.postMessage({ id, job: task.job });
    }
  }

  private add(): Slot {
    const slot: Slot = { worker: spawn() };
    slot.worker.unref();
    const fail = (error: Error) => void this.retire(slot, error);
    slot.worker.on('error', (error) => fail(new Error(`render worker crashed: ${error.message}`)));
    slot.worker.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
    slot.worker.on('message', (reply: WorkerReply) => this.answer(slot, reply));
    this.slots.push(slot);
    return slot;
  }

  private answer(slot: Slot, reply: WorkerReply): void {
    const task = slot.task;
    if (!task || reply.id !== slot.taskId) return;
    this.settle(slot);
    if (reply.ok) task.resolve(reply.output);
    else task.reject(new Error(reply.message));
    this.dispatch();
  }

  private settle(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.taskId = undefined;
    slot.timer = undefined;
    slot.worker.unref();
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    const task = slot.task;
    this.settle(slot);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    task?.reject(error);
    slot.worker.removeAllListeners();
    // A dying worker may still report an error; an 'error' event without a listener would throw.
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate();
    this.dispatch();
  }
}

const pools = new Map<number, RenderPool>();

export function renderPool(size: number): RenderPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = new RenderPool(size);
    pools.set(size, pool);
  }
  return pool;
}

/** Stops every render worker (tests and one-shot tools call this before exiting). */
export async function closeRenderPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
