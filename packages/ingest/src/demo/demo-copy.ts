// The words a demo page is made of, one set per brand language.
import type { Random } from './seeded-random.ts';

export interface DemoCopy {
  masthead: string;
  /** The label every display ad carries; ingest finds ads by it. */
  adLabel: string;
  places: readonly string[];
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
}
