// What a reader keeps: preferences and last place per brand, marketing choices, and
// saved articles.
import type { Generated } from 'kysely';
import type { BoxColumns, IsoDate } from './columns.ts';

export interface UserPreferencesTable {
  user_id: string;
  brand: string;
  preferred_edition_number: number | null;
  welcome_popup_enabled: Generated<boolean>;
  updated_at: Generated<Date>;
  /** The reader's last place on this brand (migration 0011); all four set together or none. */
  position_date: IsoDate | null;
  position_edition_number: number | null;
  position_page: number | null;
  position_updated_at: Date | null;
}

export interface UserMarketingTable {
  user_id: string;
  receive_marketing: boolean;
  dh_top_news: boolean | null;
  newsletter_email: string | null;
  updated_at: Generated<Date>;
}

/** A reader's saved article, with its own copy of what its card shows (migration 0009). */
export interface SavedArticleTable extends BoxColumns {
  id: Generated<number>;
  user_id: string;
  brand: string;
  article_id: string;
  edition_number: number;
  edition_name: string;
  edition_date: IsoDate;
  /** The page's index in the edition (0 = front page). */
  page_no: number;
  html_file: string;
  title: string;
  description: string;
  page_width: number;
  page_height: number;
  saved_at: Generated<Date>;
}

/** One day's salt for the reader counts' hashes; deleted once its day is over (migration 0024). */
export interface ReaderDaySaltTable {
  day: IsoDate;
  /** 32 random bytes, hex. */
  salt: string;
}

/** 1 visitor, 2 signed in, 3 subscriber: the most a visitor was on that day. */
export type ReaderKind = 1 | 2 | 3;

/** A visitor of a brand on a day, as a salted hash only (migration 0024). */
export interface ReaderDayTable {
  brand: string;
  day: IsoDate;
  /** HMAC-SHA256 under the day's salt, hex. */
  visitor: string;
  kind: ReaderKind;
}

/** Beacons from one address (hashed like a visitor) on one day, for their limit (migration 0024). */
export interface ReaderVisitCountTable {
  day: IsoDate;
  source: string;
  visits: number;
}
