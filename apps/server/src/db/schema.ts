// Row types of every table, as Kysely sees them, by area in schema/ (content, auth,
// readers, subscriptions, payments, site). This file holds the Database every query
// is typed with, and names the row types the rest of the server imports.
import type {
  AdTable,
  ArticleTable,
  EditionGroupTable,
  EditionTable,
  HolidayTable,
  IssueTable,
  PageTable,
  SearchArticleTable,
  SearchWordTable,
} from './schema/content.ts';
import type { OtpChallengeTable, OtpSendWindowTable } from './schema/auth.ts';
import type { CacheVersionTable } from './schema/cache-versions.ts';
import type { InvoiceCounterTable, InvoiceTable } from './schema/invoices.ts';
import type {
  AuditLogTable,
  BrandSettingsTable,
  DropClaimTable,
  IncomingEditionTable,
  IncomingPageTable,
  SessionViewTable,
  StaffMemberTable,
  UserViewTable,
} from './schema/desk.ts';
import type {
  LedgerEntryTable,
  PaymentOrderTable,
  ProviderEventTable,
  SandboxChargeTable,
  SandboxMandateTable,
  SandboxOrderTable,
  SandboxRefundTable,
} from './schema/payments.ts';
import type {
  ReaderDaySaltTable,
  ReaderDayTable,
  ReaderVisitCountTable,
  SavedArticleTable,
  UserMarketingTable,
  UserPreferencesTable,
} from './schema/readers.ts';
import type {
  ContactMessageTable,
  ContactReplyTable,
  DiscountBannerTable,
  FaqTable,
  TestimonialTable,
} from './schema/site.ts';
import type {
  PlanChangeLogTable,
  SubscriptionGroupTable,
  SubscriptionLogTable,
  SubscriptionPlanTable,
  SubscriptionTable,
} from './schema/subscriptions.ts';

export type {
  AdTable,
  ArticleTable,
  EditionRow,
  PageTable,
  SearchArticleTable,
} from './schema/content.ts';
export type { OtpChallengeRow, OtpChannel, OtpPurpose, OtpSendWindowTable } from './schema/auth.ts';
export type {
  LedgerEntryTable,
  LedgerKind,
  LedgerState,
  PaymentOrderTable,
} from './schema/payments.ts';
export type { InvoiceSeller, InvoiceTable } from './schema/invoices.ts';
export type { ReaderKind, SavedArticleTable } from './schema/readers.ts';
export type { ContactMessageTable, ContactReplyTable, DiscountBannerTable } from './schema/site.ts';
export type { IncomingState } from './schema/desk.ts';
export type { PlanChangeLogTable, SubscriptionTable } from './schema/subscriptions.ts';

export interface AppStateTable {
  key: string;
  value: string;
}

export interface Database {
  staff_members: StaffMemberTable;
  audit_log: AuditLogTable;
  users: UserViewTable;
  incoming_pages: IncomingPageTable;
  incoming_editions: IncomingEditionTable;
  drop_claims: DropClaimTable;
  brand_settings: BrandSettingsTable;
  sessions: SessionViewTable;
  contact_messages: ContactMessageTable;
  contact_replies: ContactReplyTable;
  saved_articles: SavedArticleTable;
  reader_day_salts: ReaderDaySaltTable;
  reader_days: ReaderDayTable;
  reader_visit_counts: ReaderVisitCountTable;
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
  invoices: InvoiceTable;
  invoice_counters: InvoiceCounterTable;
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
  cache_versions: CacheVersionTable;
}
