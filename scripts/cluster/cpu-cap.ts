// A CPU quota per web server, so that one machine can stand in for several hosts.
// On real hosts each web server has cores of its own; on this machine every process
// shares the same two, so a second server can only take CPU from the first (and
// from nginx, PostgreSQL and the load generator). A quota held by the kernel
// (cgroups: `cpu.max` on v2, `cpu.cfs_quota_us` on v1) gives each server the same
// fixed share, as a small host would have, and leaves the rest to what the servers
// share. docs/decisions/0041-cluster.md, "Hosts on one machine".
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
const PERIOD_US = 100_000;

export interface CpuCap {
  /** Moves a process (all its threads; its later children follow) into the quota. */
  place(pid: number): void;
}

export interface CpuCaps {
  /** Which cgroup interface holds the quotas: "cgroup v2" or "cgroup v1". */
  readonly kind: string;
  make(name: string, cores: number): CpuCap;
  /** Removes every group it made (their processes must have exited). */
  removeAll(): void;
}

type Layout = { kind: 'cgroup v2'; base: string } | { kind: 'cgroup v1'; base: string };

function layout(): Layout | string {
  if (existsSync(path.join(ROOT, 'cgroup.controllers'))) {
    const controllers = readFileSync(path.join(ROOT, 'cgroup.controllers'), 'utf8');
    if (!controllers.split(/\s+/).includes('cpu'))
      return 'cgroup v2 is mounted without the cpu controller';
    return { kind: 'cgroup v2', base: ROOT };
  }
  const v1 = path.join(ROOT, 'cpu');
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) return { kind: 'cgroup v1', base: v1 };
  return `no cgroup cpu controller under ${ROOT}`;
}

/** The kernel's CPU quotas, or why they cannot be used here (not root, no cgroups). */
export function cpuCaps(tag: string): CpuCaps | { unavailable: string } {
  const found = layout();
  if (typeof found === 'string') return { unavailable: found };
  const made: string[] = [];
  const caps: CpuCaps = {
    kind: found.kind,
    make(name, cores) {
      if (!(cores > 0 && cores <= 64)) throw new RangeError(`a CPU quota of ${cores} cores`);
      const dir = path.join(found.base, `folio-${tag}-${name}`);
      mkdirSync(dir, { recursive: true });
      made.push(dir);
      const quota = String(Math.round(cores * PERIOD_US));
      if (found.kind === 'cgroup v2') {
        writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      } else {
        writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), quota);
      }
      return {
        place: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
      };
    },
    removeAll() {
      for (const dir of made.splice(0)) {
        try {
          rmdirSync(dir);
        } catch {
          // Still holds a process (it outlived its stop) or is gone already.
        }
      }
    },
  };
  // A first write shows whether this process may make groups at all (root, a
  // writable hierarchy): better refused now than after the cluster has started.
  try {
    caps.make('probe', 1);
    caps.removeAll();
  } catch (error) {
    caps.removeAll();
    return {
      unavailable: `${found.kind}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return caps;
}
