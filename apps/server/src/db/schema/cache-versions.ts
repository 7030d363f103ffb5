// Versions of what servers keep in memory (migration 0025, db/cache-versions.ts).
import type { ColumnType } from 'kysely';

export interface CacheVersionTable {
  /** What changed, e.g. `editions:dh`, `plans:pv`, `brand-settings`. */
  topic: string;
  /** Raised by one on every committed change; bigint, read as a string by pg. */
  version: ColumnType<string | number, number, number>;
  changed_at: Date;
}
