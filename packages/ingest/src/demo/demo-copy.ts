// The words a demo page is made of, one set per brand language.
import type { Random } from './seeded-random.ts';

export interface DemoCopy {
  masthead: string;
  /** The label every display ad carries; ingest finds ads by it. */
  adLabel: string;
  places: readonly string[];
  /** Every proper name a headline can print (places, teams, people): none twice in one. */
  names: readonly string[];
  headline(random: Random): string;
  /** The front page's lead story, when it reads longer than the rest. */
  leadHeadline?(random: Random): string;
  sentence(random: Random): string;
  caption(random: Random): string;
  adLines(random: Random): readonly string[];
  /** The line under the masthead: date, edition and city. */
  dateline(date: string, edition: number, editionName: string): string;
  /** A section's name as printed in the page header. */
  section(name: string): string;
  /** The jump line ending the first part of an article that continues on `page`. */
  jumpTo(page: number): string;
  /** The line heading the rest of an article that began on `page`. */
  jumpFrom(page: number): string;
}

/** Two different items: a match, a route or a comparison never pairs a name with itself. */
export function pickTwo<T>(random: Random, items: readonly T[]): [T, T] {
  const first = random.pick(items);
  const second = random.pick(items.filter((item) => item !== first));
  return [first, second];
}
