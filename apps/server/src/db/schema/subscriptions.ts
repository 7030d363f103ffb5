// The catalogue of plans, the subscriptions readers hold, and their logs.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, IsoDate, Json } from './columns.ts';

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
  /** Off sale for good (migration 0022); subscriptions bought on it run on. */
  retired: ColumnType<boolean, boolean | undefined, boolean>;
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
