// Column types the tables share. Dates (`date` columns) travel as yyyy-MM-dd strings
// in both directions; see database.ts for the type parsers.
import type { ColumnType } from 'kysely';

export type IsoDate = ColumnType<string, string, string>;

export type CreatedAt = ColumnType<Date, Date, never>;

export type Json<T> = ColumnType<T, string, string>;

/** Boxes are stored in percent of the page, as the reader positions them. */
export interface BoxColumns {
  top: number;
  left: number;
  width: number;
  height: number;
}
