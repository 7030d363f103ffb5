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

/**
 * One row per published article for search (migration 0010, decision 0021): a copy
 * of what a hit shows, with the page's place, and the search keys. Written in the
 * publish transaction; removed with its article.
 */
export interface SearchArticleTable extends BoxColumns {
  article_id: string;
  issue_id: number;
  brand: string;
  /** 'en' (english text search) or 'kn' (Kannada keys, simple text search). */
  lang: string;
  issue_date: IsoDate;
  edition_id: number;
  edition_number: number;
  page_no: number;
  /** 0-based place of the page in its issue, as the access policy counts pages. */
  page_index: number;
  page_name: string;
  title: string;
  body_text: string;
  /** Media URL of the issue's folder, ending in "/". */
  media_base: string;
  html_file: string;
  img_file: string;
  /** Lower-cased text (English) or Kannada search keys, for ranking and trigrams. */
  title_key: string;
  body_key: string;
  /** Generated from the keys; never written. */
  tsv: ColumnType<string, never, never>;
}

/** Every distinct lexeme of a brand's search index, for misspelt words (migration 0012). */
export interface SearchWordTable {
  brand: string;
  word: string;
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

export interface AppStateTable {
  key: string;
  value: string;
}

type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface SubscriptionGroupTable {
  id: Generated<number>;
  brand: string;
  /** Stable name in catalogue.json, so seeding twice changes nothing. */
  catalogue_key: string;
  name: string;
  custom_attributes: Json<{ name: string; value: string }[]>;
  metadata_fields: Json<string[]>;
  sort: number;
}

export interface SubscriptionPlanTable {
  id: Generated<number>;
  group_id: number;
  brand: string;
  catalogue_key: string;
  title: string;
  price_cents: number;
  price_currency: string;
  duration_unit: string;
  duration_length: number;
  recurring: boolean;
  assets: Json<string[]>;
  custom_attributes: Json<{ name: string; value: string }[]>;
  sort: number;
}

export type OrderStatus = 'created' | 'paid' | 'failed' | 'superseded';

export interface PaymentOrderTable {
  id: string;
  user_id: string;
  brand: string;
  plan_id: number;
  idempotency_key: string;
  change: 'new' | 'upgrade' | 'downgrade' | 'renewal';
  replaces_subscription_id: number | null;
  amount_minor: number;
  currency: string;
  refund_minor: Generated<number>;
  provider: string;
  provider_order_id: string | null;
  checkout: Json<unknown> | null;
  status: OrderStatus;
  payment_id: string | null;
  mandate_id: string | null;
  failure: string | null;
  renewal_of_subscription_id: number | null;
  /** The scheduled downgrade this mandate debit starts once captured (migration 0013). */
  starts_subscription_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: Date;
}

/**
 * active: paid; it opens the paper from start_date to end_date (both included), and
 * for the grace days after end_date while it renews automatically;
 * scheduled: a downgrade waiting for the current plan to end;
 * replaced: ended early by an upgrade; expired: ended.
 */
/** `withdrawn`: a scheduled change that never started (cancelled, or its debit never went through). */
export type SubscriptionStatus = 'active' | 'scheduled' | 'replaced' | 'expired' | 'withdrawn';

export interface SubscriptionTable {
  id: Generated<number>;
  user_id: string;
  brand: string;
  plan_id: number;
  order_id: string | null;
  /** What was bought, kept as bought: a later catalogue edit does not change a running plan. */
  plan_title: string;
  archive_days: number;
  duration_unit: string;
  duration_length: number;
  status: SubscriptionStatus;
  start_date: IsoDate;
  end_date: IsoDate;
  next_payment_due_date: IsoDate | null;
  auto_renew: boolean;
  price_minor: number;
  currency: string;
  provider: string;
  payment_id: string | null;
  mandate_id: string | null;
  replaces_subscription_id: number | null;
  cancel_reason: string | null;
  cancel_message: string | null;
  cancelled_at: Date | null;
  /** The renewal date whose pre-debit notice was sent (RBI: at least 24 h before the charge). */
  renewal_notice_for: IsoDate | null;
  renewal_notice_at: Date | null;
  /** The last day a renewal charge was tried (at most one try a day, through the grace days). */
  renewal_attempted_on: IsoDate | null;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface ProviderEventTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: Date;
}

export type LedgerKind = 'charge' | 'refund' | 'mandate_cancel';
/** created -> sent -> settled | failed, or unknown until the provider has been asked. */
export type LedgerState = 'created' | 'sent' | 'settled' | 'failed' | 'unknown';

/** One money movement at the provider, written before the call (migration 0013). */
export interface LedgerEntryTable {
  id: string;
  kind: LedgerKind;
  idempotency_key: string;
  state: LedgerState;
  user_id: string;
  brand: string;
  provider: string;
  subscription_id: number | null;
  order_id: string | null;
  amount_minor: number | null;
  currency: string | null;
  mandate_id: string | null;
  payment_id: string | null;
  provider_order_id: string | null;
  provider_refund_id: string | null;
  reason: ColumnType<string, string | undefined, string>;
  failure: string | null;
  created_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  updated_at: Date;
}

export interface PlanChangeLogTable {
  id: Generated<number>;
  user_id: string;
  email: string | null;
  current_plan_name: string;
  current_plan_start_date: IsoDate;
  current_plan_end_date: IsoDate;
  current_plan_price: string;
  new_plan_name: string;
  new_plan_start_date: IsoDate;
  new_plan_end_date: IsoDate;
  new_plan_price: string;
  created_at: CreatedAt;
}

export interface SubscriptionLogTable {
  id: Generated<number>;
  subscription_id: number | null;
  order_id: string | null;
  event: string;
  detail: Generated<string>;
  created_at: CreatedAt;
}

export interface FaqTable {
  id: Generated<number>;
  brand: string;
  question: string;
  /** HTML as the editors wrote it; sanitised on the way out (marketing/answer-html.ts). */
  answer: string;
}

export interface TestimonialTable {
  id: Generated<number>;
  brand: string;
  name: string;
  message: string;
  role: string;
  /** Site path of the reader's photo; null shows the default avatar. */
  photo: string | null;
}

export interface DiscountBannerTable {
  id: Generated<number>;
  brand: string;
  /** An editor's off switch for an offer whose window has not ended. */
  is_active: Generated<boolean>;
  banner_text: string;
  banner_subtext: string;
  start_at: Date;
  expiry_at: Date;
}

export interface SandboxOrderTable {
  id: string;
  receipt: string;
  amount_minor: number;
  currency: string;
  description: string;
  return_url: string;
  mandate: boolean;
  status: 'created' | 'paid' | 'failed';
  payment_id: string | null;
  mandate_id: string | null;
  refunded_minor: Generated<number>;
  created_at: CreatedAt;
}

export interface SandboxMandateTable {
  id: string;
  currency: string;
  /** Set by a tester to make renewals on this mandate fail. */
  charges_fail: Generated<boolean>;
  charges: Generated<number>;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** A sandbox refund, found again by its receipt (migration 0013). */
export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount_minor: number;
  receipt: string;
  created_at: Date;
}

/** A sandbox mandate debit: pending until `settles_at`, as a card's is (migration 0013). */
export interface SandboxChargeTable {
  id: string;
  order_id: string;
  mandate_id: string;
  status: 'pending' | 'captured' | 'failed';
  settles_at: Date;
  created_at: Date;
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

export type ContactMailStatus = 'pending' | 'sent' | 'failed';

export interface ContactMessageTable {
  id: Generated<number>;
  brand: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  client_ip: string;
  created_at: Date;
  mail_status: ColumnType<ContactMailStatus, ContactMailStatus | undefined, ContactMailStatus>;
  mail_attempts: Generated<number>;
  /** When the e-mail may be tried (again); while one server sends, its claim holds this ahead. */
  next_attempt_at: Date;
  mailed_at: Date | null;
  last_error: string | null;
}

export interface Database {
  contact_messages: ContactMessageTable;
  saved_articles: SavedArticleTable;
  sandbox_orders: SandboxOrderTable;
  sandbox_mandates: SandboxMandateTable;
  sandbox_charges: SandboxChargeTable;
  sandbox_refunds: SandboxRefundTable;
  faqs: FaqTable;
  testimonials: TestimonialTable;
  discount_banners: DiscountBannerTable;
  subscription_groups: SubscriptionGroupTable;
  subscription_plans: SubscriptionPlanTable;
  payment_orders: PaymentOrderTable;
  subscriptions: SubscriptionTable;
  provider_events: ProviderEventTable;
  ledger_entries: LedgerEntryTable;
  plan_change_log: PlanChangeLogTable;
  subscription_log: SubscriptionLogTable;
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
  search_articles: SearchArticleTable;
  search_words: SearchWordTable;
  ads: AdTable;
  holidays: HolidayTable;
}

export type EditionRow = Selectable<EditionTable>;
export type OtpChallengeRow = Selectable<OtpChallengeTable>;
