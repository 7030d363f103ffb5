// Render workers yield the CPU to the process that serves readers.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDER_NICENESS, RenderPool } from '../src/worker/render-pool.ts';

/** Niceness of this process's render workers. */
function workerNiceness(): Array<{ pid: number; nice: number }> {
  const out = execFileSync('ps', ['-o', 'pid=,ni=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.includes('render-worker'))
    .map((line) => {
      const [pid = '', nice = ''] = line.trim().split(/\s+/);
      return { pid: Number(pid), nice: Number(nice) };
    });
}

describe('render pool', () => {
  const pool = new RenderPool(1);
  afterAll(() => pool.close());

  it('runs its workers at a lower CPU priority than the server', async () => {
    // Any task starts a worker; this one fails at once (no such file).
    await expect(pool.run({ kind: 'count', file: '/nonexistent/folio.pdf' })).rejects.toThrow();
    const workers = workerNiceness();
    expect(workers).toHaveLength(1);
    expect(workers[0]?.nice).toBe(RENDER_NICENESS);
    expect(RENDER_NICENESS).toBeGreaterThan(0);
  });

  it('hurried, starts a worker at once at the server priority, and lowers them all when relaxed', async () => {
    const before = new Set(workerNiceness().map((worker) => worker.pid));
    const hurried = new RenderPool(2);
    const mine = () =>
      workerNiceness()
        .filter((worker) => !before.has(worker.pid))
        .map((worker) => worker.nice);
    try {
      const relax = hurried.hurry();
      expect(mine()).toEqual([0]);
      // A second worker, needed while hurried, starts at the server's priority too.
      await Promise.all([
        expect(hurried.run({ kind: 'count', file: '/nonexistent/a.pdf' })).rejects.toThrow(),
        expect(hurried.run({ kind: 'count', file: '/nonexistent/b.pdf' })).rejects.toThrow(),
      ]);
      expect(mine()).toEqual([0, 0]);
      relax();
      expect(mine()).toEqual([RENDER_NICENESS, RENDER_NICENESS]);
      // Once relaxed, relaxing again changes nothing.
      relax();
      expect(mine()).toEqual([RENDER_NICENESS, RENDER_NICENESS]);
    } finally {
      await hurried.close();
    }
  });
});
