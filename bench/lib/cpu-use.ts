// Where a load's CPU went, from Linux's /proc: each named process group's user and
// system time, PostgreSQL's processes (started by the system, not by the bench), and
// the machine's busy time; what is left is the load generator and everything else.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every Linux build). */
const TICKS = 100;

interface ProcessTimes {
  pgrp: number;
  comm: string;
  seconds: number;
}

function processTimes(): ProcessTimes[] {
  const out: ProcessTimes[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // After "pid (comm) ": state ppid pgrp ...; utime and stime are fields 14 and 15.
    const fields = stat.slice(close + 2).split(' ');
    out.push({
      pgrp: Number(fields[2]),
      comm,
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
    });
  }
  return out;
}

/** The machine's busy and total CPU seconds since boot, all cores together. */
function machineTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy =
    (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return { busy: busy / TICKS, total: (busy + (idle ?? 0) + (iowait ?? 0)) / TICKS };
}

export interface CpuSnapshot {
  at: number;
  groups: Map<string, number>;
  postgres: number;
  machine: { busy: number; total: number };
}

/** CPU used so far by each named process group (by its leader's pid). */
export function cpuSnapshot(groups: Record<string, number>): CpuSnapshot {
  const times = processTimes();
  const byGroup = new Map<string, number>();
  for (const [name, pgid] of Object.entries(groups))
    byGroup.set(
      `${name}#${pgid}`,
      times.filter((t) => t.pgrp === pgid).reduce((sum, t) => sum + t.seconds, 0),
    );
  return {
    at: performance.now(),
    groups: byGroup,
    postgres: times.filter((t) => t.comm === 'postgres').reduce((sum, t) => sum + t.seconds, 0),
    machine: machineTimes(),
  };
}

/** CPU seconds a named group had used at a snapshot (the sum over its leaders). */
export function groupSeconds(snapshot: CpuSnapshot, name: string): number {
  let sum = 0;
  for (const [key, used] of snapshot.groups) if (key.split('#')[0] === name) sum += used;
  return sum;
}

/**
 * Cores each part used on average between two snapshots, e.g.
 * "web-1 0.40, nginx 0.12, postgres 0.20, the rest (load generator, kernel) 0.70,
 * idle 0.10". A group started again between them (a new leader) counts from its
 * start; what its old leader used after `before` is in "the rest".
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): string {
  const seconds = (after.at - before.at) / 1000;
  const cores = (used: number) => (used / seconds).toFixed(2);
  const parts: string[] = [];
  let named = 0;
  for (const [key, used] of after.groups) {
    const delta = Math.max(0, used - (before.groups.get(key) ?? 0));
    named += delta;
    const name = key.split('#')[0] ?? key;
    parts.push(`${name}${before.groups.has(key) ? '' : ' (since its restart)'} ${cores(delta)}`);
  }
  const postgres = Math.max(0, after.postgres - before.postgres);
  const busy = after.machine.busy - before.machine.busy;
  const total = after.machine.total - before.machine.total;
  parts.push(
    `postgres ${cores(postgres)}`,
    `the rest (load generator, kernel) ${cores(Math.max(0, busy - named - postgres))}`,
    `idle ${cores(Math.max(0, total - busy))}`,
  );
  return parts.join(', ');
}
