// A pool of render workers, shared by every ingest in the process so a seed of many
// editions pays the workers' start-up (tsx, pdfjs, sharp) once. Idle workers are
// unref'd and never keep the process alive. A worker that times out or dies is
// killed and replaced on demand; its job fails, nobody else's does.
//
// Workers are child processes rather than worker_threads so that a native crash in
// the canvas or libvips (we hit one: a use-after-free, since fixed) or a hostile PDF
// kills only the child: the page fails with an IngestError and the server lives on.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { WorkerReply, WorkerResult, WorkerTask } from './page-job.ts';

/** Rendering and reading one page (or any other task) may take no longer than this. */
export const PAGE_TIMEOUT_MS = 60_000;
/**
 * Workers run at a lower CPU priority: on a small machine a seed or an ingest
 * otherwise takes every core, and the server's answers (and a reader's page load)
 * wait behind page rendering. With nothing else to run they go as fast as before.
 */
export const RENDER_NICENESS = 10;

interface Task {
  work: WorkerTask;
  timeoutMs: number;
  /** Work done after a page is live (its zoom image, AVIF preview): queued behind the rest. */
  background: boolean;
  resolve: (output: WorkerResult<WorkerTask>) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: ChildProcess;
  task?: Task;
  taskId?: number;
  timer?: NodeJS.Timeout;
}

// Workers run TypeScript like the rest of Folio, through tsx, which their entry
// registers once pdfjs is loaded (see render-worker-boot.mjs); 'advanced'
// serialization carries the images as bytes rather than JSON.
function spawn(niceness: number): ChildProcess {
  const worker = fork(fileURLToPath(new URL('./render-worker-boot.mjs', import.meta.url)), {
    // Not the parent's flags (its --import tsx would load pdfjs through tsx).
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (niceness !== 0) renice(worker, niceness);
  return worker;
}

function renice(worker: ChildProcess, niceness: number): void {
  if (worker.pid === undefined) return;
  try {
    os.setPriority(worker.pid, niceness);
  } catch {
    // Not permitted on this system: the worker keeps its priority.
  }
}

const setAlive = (worker: ChildProcess, alive: boolean) => {
  if (alive) {
    worker.ref();
    worker.channel?.ref();
  } else {
    worker.unref();
    worker.channel?.unref();
  }
};

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;

  constructor(
    private readonly size: number,
    /** Ingest runs below the server's priority; work a reader waits for does not. */
    private niceness = RENDER_NICENESS,
  ) {}

  /**
   * For work a person is waiting on (a first start's front page): starts a worker
   * now, so it loads while the caller does, and runs the pool's workers at the
   * server's own priority until the returned function is called, which lowers them
   * all to the pool's. Lowering needs no privilege; raising a worker again would.
   */
  hurry(): () => void {
    const niceness = this.niceness;
    this.niceness = 0;
    if (this.slots.length < this.size) this.add();
    this.updateAlive();
    let relaxed = false;
    return () => {
      if (relaxed) return;
      relaxed = true;
      this.niceness = niceness;
      for (const slot of this.slots) renice(slot.worker, niceness);
    };
  }

  /**
   * Runs one task; a task still running after `timeoutMs` fails and its worker is
   * killed. A 'background' task waits until no other task is queued.
   */
  run<T extends WorkerTask>(
    work: T,
    timeoutMs = PAGE_TIMEOUT_MS,
    priority: 'now' | 'background' = 'now',
  ): Promise<WorkerResult<T>> {
    return new Promise((resolve, reject) => {
      const background = priority === 'background';
      this.queue.push({ work, timeoutMs, background, resolve: resolve as Task['resolve'], reject });
      this.dispatch();
    });
  }

  /** Workers keep the process alive exactly while the pool has work queued or running. */
  private updateAlive(): void {
    const busy = this.queue.length > 0 || this.slots.some((s) => s.task);
    for (const slot of this.slots) setAlive(slot.worker, busy);
  }

  /** Drops queued jobs of a run that has failed; jobs already running finish on their own. */
  cancel(runId: string, reason: Error): void {
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      const task = this.queue[i] as Task;
      const { work } = task;
      if ((work.kind === 'page' || work.kind === 'later') && work.job.runId === runId) {
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
    this.pump();
    this.updateAlive();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot =
        this.slots.find((s) => !s.task) ?? (this.slots.length < this.size ? this.add() : undefined);
      if (!slot) return;
      const next = this.queue.findIndex((t) => !t.background);
      const task = this.queue.splice(Math.max(0, next), 1)[0] as Task;
      const id = this.nextId++;
      slot.task = task;
      slot.taskId = id;
      slot.timer = setTimeout(() => {
        void this.retire(slot, new Error(`rendering timed out after ${task.timeoutMs / 1000} s`));
      }, task.timeoutMs);
      slot.worker.send({ id, task: task.work });
    }
  }

  private add(): Slot {
    const slot: Slot = { worker: spawn(this.niceness) };
    const fail = (error: Error) => void this.retire(slot, error);
    slot.worker.on('error', (error) => fail(new Error(`render worker crashed: ${error.message}`)));
    slot.worker.on('exit', (code, signal) =>
      fail(new Error(`render worker exited (${signal ?? `code ${code}`})`)),
    );
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
    if (slot.worker.exitCode === null && slot.worker.signalCode === null) {
      const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
      // An idle worker is unref'd; waiting for its exit must still keep the process up.
      slot.worker.ref();
      slot.worker.kill('SIGKILL');
      await exited;
    }
    this.dispatch();
  }
}

const pools = new Map<number, RenderPool>();

/** `RenderPool.hurry` for the default pool: a first start's front page is typeset and rendered there. */
export function hurryRenderWorkers(): () => void {
  return defaultRenderPool().hurry();
}

/** A pool with one worker per core, the size ingest uses by default. */
export function defaultRenderPool(): RenderPool {
  return renderPool(os.availableParallelism());
}

export function renderPool(size: number): RenderPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = new RenderPool(size);
    pools.set(size, pool);
  }
  return pool;
}

let tilePool: RenderPool | undefined;

/**
 * The one worker that makes deep-zoom tiles for readers: of its own, so a reader's
 * first zoom waits behind at most one other page's tiles, never behind an edition
 * being ingested, and at the server's own priority, since a reader is waiting.
 */
export function tileRenderPool(): RenderPool {
  tilePool ??= new RenderPool(1, 0);
  return tilePool;
}

/** Stops every render worker (tests and one-shot tools call this before exiting). */
export async function closeRenderPools(): Promise<void> {
  const all = [...pools.values(), ...(tilePool ? [tilePool] : [])];
  pools.clear();
  tilePool = undefined;
  await Promise.all(all.map((pool) => pool.close()));
}
