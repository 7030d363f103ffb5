// Row types of every table, as Kysely sees them. Dates (`date` columns) travel as
// yyyy-MM-dd strings in both directions; see database.ts for the type parsers.
import type { ColumnType, Generated, Selectable } from 'kysely';

type IsoDate = ColumnType<string, string, string>;

export interface EditionGroupTable {
  id: Generated<number>;
  brand: string;
  parent_edition: string;
  sort: number;
}

export interface EditionTable {
  id: Generated<number>;
  brand: string;
  edition_number: number;
  edition_name: string;
  group_id: number;
  sort: number;
}

export interface IssueTable {
  id: Generated<number>;
  brand: string;
  edition_id: number;
  issue_date: IsoDate;
  /** Storage key prefix of every media file of this issue, ending in "/". */
  media_prefix: string;
  published_at: ColumnType<Date, Date | undefined, never>;
}

export interface PageTable {
  id: Generated<number>;
  issue_id: number;
  page_no: number;
  section: string;
  name: string;
  display_name: string;
  img_file: string;
  zoom_file: string;
  thumb_file: string;
  preview_file: string;
  pdf_file: string;
  width: number;
  height: number;
}

/** Boxes are stored in percent of the page, as the reader positions them. */
interface BoxColumns {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface ArticleTable extends BoxColumns {
  id: string;
  issue_id: number;
  page_id: number;
  title: string;
  body_text: string;
  html_file: string;
}

export interface AdTable extends BoxColumns {
  id: string;
  issue_id: number;
  page_id: number;
  img_file: string;
}

export interface HolidayTable {
  brand: string;
  holiday_date: IsoDate;
  message: string;
}

export type OtpPurpose = 'sign_in' | 'change_phone' | 'change_email';
export type OtpChannel = 'sms' | 'email';

export interface OtpChallengeTable {
  id: string;
  device_hash: string;
  code_hash: string;
  purpose: OtpPurpose;
  channel: OtpChannel;
  destination: string;
  user_id: string | null;
  failed_attempts: Generated<number>;
  sent_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OtpSendWindowTable {
  scope: 'destination' | 'ip' | 'account';
  key: string;
  window_started_at: Date;
  sends: number;
  /** Destination rows: when the last code went there (the 30 s gap). */
  last_sent_at: Date | null;
}

export interface UserPreferencesTable {
  user_id: string;
  brand: string;
  preferred_edition_number: number | null;
  welcome_popup_enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface UserMarketingTable {
  user_id: string;
  receive_marketing: boolean;
  dh_top_news: boolean | null;
  newsletter_email: string | null;
  updated_at: Generated<Date>;
}

export interface AppStateTable {
  key: string;
  value: string;
}

export interface Database {
  app_state: AppStateTable;
  otp_challenges: OtpChallengeTable;
  otp_send_windows: OtpSendWindowTable;
  user_preferences: UserPreferencesTable;
  user_marketing: UserMarketingTable;
  edition_groups: EditionGroupTable;
  editions: EditionTable;
  issues: IssueTable;
  pages: PageTable;
  articles: ArticleTable;
  ads: AdTable;
  holidays: HolidayTable;
}

export type EditionRow = Selectable<EditionTable>;
export type OtpChallengeRow = Selectable<OtpChallengeTable>;
