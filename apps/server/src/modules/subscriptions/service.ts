// Buying, changing and cancelling plans (spec 2 §4 "Plan change", "Proceeding",
// "Cancel auto-renewal"; issue 7 parts 3 and 4): what a reader holds and may read,
// here; the quote of a change (quotes.ts), Proceed To Pay (checkout.ts) and the
// cancelling of auto-renewal (cancellation.ts). The amount always comes from the
// server's plan; a paid subscription is made by PaymentCompletion alone.
import {
  SUBSCRIPTION_MESSAGES,
  addDays,
  calendarToday,
  type Brand,
  type CheckoutResponse,
  type Entitlement,
  type Quote,
  type SubscriptionState,
} from '@folio/core';
import { UnauthorizedError } from '../../errors.ts';
import type { Viewer } from '../auth/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { Cancellations } from './cancellation.ts';
import type { Catalogue } from './catalogue.ts';
import { Checkouts } from './checkout.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import { Quotes, type LiveSubscriptions } from './quotes.ts';
import {
  currentSubscription,
  entitlementOf,
  scheduledChange,
  toUserSubscription,
} from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';
import type { Terms } from './terms.ts';

export interface SubscriptionSettings {
  graceDays: number;
  timeZone: string;
  publicUrl: string;
}

export class SubscriptionService implements LiveSubscriptions {
  private readonly quotes: Quotes;
  private readonly checkouts: Checkouts;
  private readonly cancellations: Cancellations;

  constructor(
    private readonly repo: SubscriptionRepo,
    catalogue: Catalogue,
    provider: PaymentProvider,
    terms: Terms,
    completion: PaymentCompletion,
    private readonly settings: SubscriptionSettings,
    private readonly now: () => Date,
  ) {
    this.quotes = new Quotes(this, catalogue, provider, settings);
    this.checkouts = new Checkouts(repo, this, this.quotes, provider, settings, now);
    this.cancellations = new Cancellations(repo, terms, completion, this, now);
  }

  /** The publisher's calendar date: subscriptions start and end on calendar days. */
  today(): string {
    return calendarToday(this.now(), this.settings.timeZone);
  }

  /** The reader's active and scheduled subscriptions, those in their grace days included. */
  rows(userId: string, brand: Brand): Promise<SubscriptionRow[]> {
    return this.repo.liveSubscriptions(
      userId,
      brand.id,
      addDays(this.today(), -this.settings.graceDays),
    );
  }

  /** What the viewer may read: decided from the session's reader and the subscriptions table only. */
  async entitlement(userId: string | null, brand: Brand): Promise<Entitlement> {
    if (userId === null) return { kind: 'visitor' };
    return entitlementOf(await this.rows(userId, brand), this.today(), this.settings.graceDays);
  }

  async state(viewer: Viewer, brand: Brand): Promise<SubscriptionState> {
    const rows = await this.rows(viewer.reader.id, brand);
    const today = this.today();
    const { graceDays } = this.settings;
    const current = currentSubscription(rows, today, graceDays);
    const scheduled = scheduledChange(rows);
    const entitlement = entitlementOf(rows, today, graceDays);
    return {
      entitlement: entitlement.kind === 'subscriber' ? entitlement : { kind: 'free' as const },
      subscription: current ? toUserSubscription(current, rows, today, graceDays) : null,
      scheduled: scheduled
        ? {
            plan_name: scheduled.plan_title,
            start_date: scheduled.start_date,
            end_date: scheduled.end_date,
          }
        : null,
    };
  }

  /** What /review shows: the kind of change, the dates, the total and an upgrade's refund. */
  quote(viewer: Viewer, brand: Brand, planId: number): Promise<Quote> {
    return this.quotes.quote(viewer, brand, planId);
  }

  /**
   * Proceed To Pay (viewer, brand, plan id, idempotency key, billing contact): one
   * payment order per idempotency key, or a downgrade scheduled after the current plan.
   */
  checkout(...args: Parameters<Checkouts['checkout']>): Promise<CheckoutResponse> {
    return this.checkouts.checkout(...args);
  }

  /** Cancel auto-renewal: renewal stops, access runs to the end date (spec 2 §8). */
  cancel(
    ...args: Parameters<Cancellations['cancel']>
  ): Promise<{ status: 'OK'; end_date: string }> {
    return this.cancellations.cancel(...args);
  }

  requireSignedIn(viewer: Viewer | null): Viewer {
    if (!viewer) throw new UnauthorizedError(SUBSCRIPTION_MESSAGES.notLoggedInOrSubscriber);
    return viewer;
  }
}
