// The drop folder (issue 26 part 5): page files put in DROP_DIR (by the press's
// output system, or by hand) are taken once they stop growing, claimed in the
// database (so of several servers watching one shared folder only one takes a
// file), read by the same intake as uploads, then moved aside: to processed/ when
// taken, to rejected/ with a .reason.txt beside it when refused.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingRepo } from './incoming-repo.ts';
import type { Intake, IntakeAnswer } from './intake.ts';

export const PROCESSED = 'processed';
export const REJECTED = 'rejected';
/** How long a file must keep its size before it is taken (ms). */
const STABLE_FOR_MS = 1000;

export class DropFolder {
  private watcher: FSWatcher | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly folder: string,
    private readonly intake: Intake,
    private readonly incoming: IncomingRepo,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** Told of each file taken or refused (the audit log). */
    private readonly recorded: (fileName: string, answer: IntakeAnswer) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    await mkdir(path.join(this.folder, PROCESSED), { recursive: true });
    await mkdir(path.join(this.folder, REJECTED), { recursive: true });
    const watcher = watch(this.folder, {
      depth: 0,
      ignoreInitial: false,
      awaitWriteFinish: { stabilityThreshold: STABLE_FOR_MS, pollInterval: 100 },
      ignored: (file, stats) =>
        (stats?.isDirectory() === true && file !== this.folder) ||
        path.basename(file).startsWith('.') ||
        /\.(part|tmp|reason\.txt)$/i.test(file),
    });
    this.watcher = watcher;
    watcher.on('add', (file) => {
      const job = this.take(file).catch((error: unknown) => {
        this.log.error({ err: error, file }, 'drop folder: could not take a file');
      });
      this.pending.add(job);
      void job.finally(() => this.pending.delete(job));
    });
    watcher.on('error', (error) => this.log.error({ err: error }, 'drop folder: watch failed'));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  }

  /** Files being taken right now (tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  async stop(): Promise<void> {
    await this.watcher?.close();
    await this.settled();
  }

  private async take(file: string): Promise<void> {
    const name = path.basename(file);
    const facts = await stat(file).catch(() => undefined);
    if (!facts?.isFile()) return;
    if (!(await this.incoming.claimDrop(name, facts.size, facts.mtimeMs, this.now()))) return;
    const bytes = await readFile(file);
    const answer = await this.intake.receive({
      fileName: name,
      bytes,
      source: 'drop',
      sender: 'drop folder',
    });
    await this.recorded(name, answer);
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    if (answer.ok) {
      await rename(file, path.join(this.folder, PROCESSED, `${stamp}-${name}`));
      return;
    }
    const rejected = path.join(this.folder, REJECTED, name);
    await rename(file, rejected);
    await writeFile(`${rejected}.reason.txt`, `${answer.reason}\n`);
    this.log.warn({ file: name, reason: answer.reason }, 'drop folder: file refused');
  }
}
