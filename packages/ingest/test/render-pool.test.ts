// Render workers yield the CPU to the process that serves readers.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDER_NICENESS, RenderPool } from '../src/worker/render-pool.ts';

/** Niceness of this process's children, by command line. */
function childNiceness(): Array<{ nice: number; command: string }> {
  const out = execFileSync('ps', ['-o', 'ni=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [nice = '', ...command] = line.trim().split(/\s+/);
      return { nice: Number(nice), command: command.join(' ') };
    });
}

describe('render pool', () => {
  const pool = new RenderPool(1);
  afterAll(() => pool.close());

  it('runs its workers at a lower CPU priority than the server', async () => {
    // Any task starts a worker; this one fails at once (no such file).
    await expect(pool.run({ kind: 'count', file: '/nonexistent/folio.pdf' })).rejects.toThrow();
    const workers = childNiceness().filter((child) => child.command.includes('render-worker'));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.nice).toBe(RENDER_NICENESS);
    expect(RENDER_NICENESS).toBeGreaterThan(0);
  });
});
