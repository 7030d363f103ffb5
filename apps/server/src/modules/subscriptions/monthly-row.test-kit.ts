// The subscription row the billing rules' unit tests start from: a ₹199 monthly INR
// plan, 1 November to 1 December 2026, its mandate renewing it; each test changes
// only what it is about.
import type { SubscriptionRow } from './subscription-repo.ts';

export const TERM_START = '2026-11-01';
export const TERM_END = '2026-12-01';

export function monthlyRow(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 1,
    user_id: 'reader-1',
    brand: 'folio',
    plan_id: 10,
    order_id: 'order-1',
    plan_title: 'Monthly',
    archive_days: 30,
    duration_unit: 'month',
    duration_length: 1,
    status: 'active',
    start_date: TERM_START,
    end_date: TERM_END,
    next_payment_due_date: TERM_END,
    auto_renew: true,
    price_minor: 199_00,
    currency: 'INR',
    provider: 'razorpay',
    payment_id: 'pay_1',
    mandate_id: 'token_1',
    replaces_subscription_id: null,
    cancel_reason: null,
    cancel_message: null,
    cancelled_at: null,
    renewal_notice_for: null,
    renewal_notice_at: null,
    renewal_attempted_on: null,
    created_at: new Date('2026-11-01T04:00:00Z'),
    updated_at: new Date('2026-11-01T04:00:00Z'),
    ...overrides,
  };
}
