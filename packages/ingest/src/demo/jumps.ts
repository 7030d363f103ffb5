// Which stories of a demo edition run on to a later page, as a daily's front-page lead
// does ("Continued on Page 7"), and which article module of each page carries what.
import type { DemoEditionSpec } from '../types.ts';
import type { ArticleJump } from './draw-page.ts';
import type { Module } from './page-plan.ts';
import { seededRandom } from './seeded-random.ts';

export interface Jump {
  from: number;
  to: number;
  /** Filled in when the first part is drawn; the continuation repeats it. */
  title?: string;
}

/**
 * The front-page lead always jumps when there is a later page; another front-page
 * story and an inside story sometimes do. Every jump lands on its own page.
 */
export function planJumps(spec: DemoEditionSpec): Jump[] {
  const random = seededRandom(`${spec.brand}|${spec.date}|${spec.editionNumber}|jumps`);
  const jumps: Jump[] = [];
  const targets = (from: number) =>
    Array.from({ length: spec.pageCount - from }, (_, i) => from + 1 + i).filter(
      (page) => !jumps.some((jump) => jump.to === page),
    );
  const add = (from: number) => {
    const free = targets(from);
    if (free.length > 0) jumps.push({ from, to: random.pick(free) });
  };
  add(1);
  if (random.chance(0.7)) add(1);
  if (spec.pageCount >= 4 && random.chance(0.6)) add(2);
  return jumps;
}

const area = (m: Module) => m.span * (m.bottom - m.top);

/**
 * Gives the page's continuations the largest article modules (they must hold a
 * repeated headline and a few sentences), then its jumping stories the next largest;
 * a front-page lead is always the first jumping story.
 */
export function assignJumps(
  modules: readonly Module[],
  jumps: readonly Jump[],
  pageNo: number,
): Map<Module, ArticleJump> {
  const assigned = new Map<Module, ArticleJump>();
  const free = modules
    .filter((m) => m.kind === 'article')
    .sort((a, b) => Number(b.lead) - Number(a.lead) || area(b) - area(a));
  const take = (preferLead: boolean) => {
    const index = preferLead ? 0 : free.findIndex((m) => !m.lead);
    return index < 0 ? undefined : free.splice(index, 1)[0];
  };
  for (const jump of jumps.filter((j) => j.to === pageNo && j.title)) {
    const module = take(false);
    if (module) assigned.set(module, { from: { page: jump.from, title: jump.title as string } });
  }
  for (const jump of jumps.filter((j) => j.from === pageNo)) {
    const module = take(true);
    if (module) assigned.set(module, { to: jump.to });
  }
  return assigned;
}
