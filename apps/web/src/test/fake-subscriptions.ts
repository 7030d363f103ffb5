// A stand-in for the subscription API (docs/decisions/0014) at the network edge:
// the plan catalogue, the reader's subscription state, quotes, checkout, cancel
// and the reader's invoices, answering in the server's shapes (written out, not built from our own
// types' helpers) so the screens run against realistic replies.
import type { ReaderInvoice } from '@folio/core';
import { reply, type FakeRequest, type Handler } from './fake-server.ts';

function plan(
  id: number,
  title: string,
  price_cents: number,
  price_currency: 'INR' | 'USD',
  duration: ['month' | 'year' | 'years', number],
  attributes: Record<string, string>,
  group: 'digital' | 'lite',
) {
  return {
    id,
    title,
    price_cents,
    price_currency,
    duration_unit: duration[0],
    duration_length: duration[1],
    recurring: true,
    assets: ['epaper'],
    subscription_group_id: group === 'digital' ? 2 : 1,
    custom_attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    group:
      group === 'digital'
        ? {
            id: 2,
            name: 'Digital Access',
            custom_attributes: [],
            metadata_fields: ['Popular', 'Best value'],
          }
        : { id: 1, name: "Today's Paper", custom_attributes: [], metadata_fields: [] },
  };
}

/** Visible plans in the server's order: by duration, then price. */
export const PLANS = [
  plan(
    1,
    'ePaper Lite',
    9900,
    'INR',
    ['month', 1],
    { Tagline: "Today's paper", Description: 'Every page|All editions', MRP_INR: '149' },
    'lite',
  ),
  plan(
    2,
    'Monthly',
    19900,
    'INR',
    ['month', 1],
    {
      Tagline: 'Start reading today',
      Description: 'Every edition|30 days of archives',
      MRP_INR: '249',
    },
    'digital',
  ),
  plan(
    11,
    'Monthly',
    199,
    'USD',
    ['month', 1],
    { Tagline: 'Read from abroad', Description: 'Every edition', MRP_USD: '2.99' },
    'digital',
  ),
  plan(
    3,
    'Yearly',
    199900,
    'INR',
    ['year', 1],
    {
      Tagline: 'Best value',
      Description: 'Every edition\nA year of archives\nDownload articles',
      MRP_INR: '2988',
    },
    'digital',
  ),
  plan(
    12,
    'Yearly',
    1999,
    'USD',
    ['year', 1],
    { Tagline: 'A year abroad', Description: 'Every edition' },
    'digital',
  ),
  plan(
    4,
    'Two Years',
    349900,
    'INR',
    ['years', 2],
    { Tagline: 'Two years', Description: 'Everything' },
    'digital',
  ),
];

export const SUBSCRIPTION_ID = 7;

export interface SubscriptionFields {
  planId: number;
  cancellable: boolean;
  next_payment_due_date: string | null;
  in_grace_period: boolean;
  start_date: string;
  end_date: string;
  /** Defaults to the end date's midnight UTC. */
  end_timestamp: number;
  expires_in_days: number;
  renew_by_payment: boolean;
}

/** A subscriber's state as GET /api/users/subscription answers it. */
export function subscriberState(
  fields: Partial<SubscriptionFields> = {},
  scheduled: { plan_name: string; start_date: string; end_date: string } | null = null,
) {
  const current = PLANS.find((p) => p.id === (fields.planId ?? 2)) ?? PLANS[1]!;
  const end = fields.end_date ?? '2026-12-21';
  return {
    entitlement: { kind: 'subscriber', archiveDays: 30, planName: current.title },
    subscription: {
      id: SUBSCRIPTION_ID,
      active: true,
      status: fields.in_grace_period ? 'grace' : 'active',
      subscription_plan_id: current.id,
      plan_name: current.title,
      plan_amount_cents: current.price_cents,
      plan_amount_currency: current.price_currency,
      start_date: fields.start_date ?? '2026-11-21',
      end_date: end,
      start_timestamp: Date.parse(`${fields.start_date ?? '2026-11-21'}T00:00:00Z`),
      end_timestamp: fields.end_timestamp ?? Date.parse(`${end}T00:00:00Z`),
      next_payment_due_date:
        fields.next_payment_due_date === undefined ? end : fields.next_payment_due_date,
      in_grace_period: fields.in_grace_period ?? false,
      cancellable: fields.cancellable ?? true,
      expires_in_days: fields.expires_in_days ?? 30,
      archival_access: 30,
      renew_by_payment: fields.renew_by_payment ?? false,
    },
    scheduled,
  };
}

type Subscriber = ReturnType<typeof subscriberState>;

/** Whatever the server answers; tests may pair any entitlement with any subscription. */
export interface FakeSubscriptionState {
  entitlement: { kind: string; archiveDays?: number; planName?: string };
  subscription: Subscriber['subscription'] | null;
  scheduled: Subscriber['scheduled'];
}

export const FREE_STATE: FakeSubscriptionState = {
  entitlement: { kind: 'free' },
  subscription: null,
  scheduled: null,
};

export interface FakeSubscriptionOptions {
  /** Whether a reader is signed in now (from fakeAuth); signed out answers 401. */
  signedIn: () => boolean;
  state?: FakeSubscriptionState;
  refundCents?: number;
  /** What the quote says a mandate still needs (the server's contact_needed); null by default. */
  contactNeeded?: 'email' | 'phone' | null;
  checkout?: Handler;
  cancel?: Handler;
  /** The reader's subscription state is answered only once this settles (a slow server). */
  answerWhen?: Promise<void>;
  /** The reader's invoices (GET /api/subscriptions/invoices); none by default. */
  invoices?: ReaderInvoice[];
}

const bodyOf = (request: FakeRequest) => (request.body ?? {}) as Record<string, unknown>;
const signedOut = () => reply(401, { status: 'ERROR', message: 'Please log in to continue.' });

export function fakeSubscriptions(options: FakeSubscriptionOptions) {
  let state: FakeSubscriptionState = options.state ?? FREE_STATE;
  let contactNeeded = options.contactNeeded ?? null;
  const checkouts: Record<string, unknown>[] = [];
  const checkout: Handler =
    options.checkout ??
    (() => ({
      kind: 'payment',
      orderId: 'order_1',
      checkout: { url: '/sandbox/checkout/order_1', method: 'GET', fields: { token: 'abc' } },
    }));
  const routes: Record<string, Handler> = {
    '/api/subscription-plans': () => PLANS,
    '/api/users/subscription': async () => {
      await options.answerWhen;
      return options.signedIn() ? state : signedOut();
    },
    '/api/subscriptions/invoices': () =>
      options.signedIn() ? { invoices: options.invoices ?? [] } : signedOut(),
    '/api/subscriptions/quote': (_url, request) => {
      if (!options.signedIn()) return signedOut();
      const chosen = PLANS.find((p) => p.id === Number(bodyOf(request).planId));
      if (!chosen) return reply(404, { status: 'ERROR', message: 'This plan does not exist.' });
      const current = state.subscription;
      const change = !current
        ? 'new'
        : current.renew_by_payment && chosen.id === current.subscription_plan_id
          ? 'renewal'
          : chosen.price_cents > current.plan_amount_cents
            ? 'upgrade'
            : 'downgrade';
      return {
        change,
        plan: chosen,
        start_date: change === 'downgrade' ? '2026-12-22' : '2026-11-21',
        end_date: change === 'downgrade' ? '2027-01-22' : '2026-12-21',
        total_cents: chosen.price_cents,
        currency: chosen.price_currency,
        refund_cents: change === 'upgrade' ? (options.refundCents ?? 0) : 0,
        contact_needed: contactNeeded,
        current: current
          ? {
              plan_name: current.plan_name,
              start_date: current.start_date,
              end_date: current.end_date,
            }
          : null,
      };
    },
    '/api/subscriptions/checkout': (url, request) => {
      checkouts.push(bodyOf(request));
      return checkout(url, request);
    },
    [`/api/subscriptions/${SUBSCRIPTION_ID}/cancel`]:
      options.cancel ??
      ((url) => {
        // As the server: the brand is named, or the request is refused.
        if (url.searchParams.get('publisher') !== 'DH')
          return reply(400, { status: 'ERROR', message: 'publisher is required' });
        if (state.subscription)
          state = {
            ...state,
            subscription: {
              ...state.subscription,
              cancellable: false,
              next_payment_due_date: null,
            },
          };
        return { status: 'OK', end_date: state.subscription?.end_date ?? '' };
      }),
  };
  return {
    routes,
    /** Every body POSTed to checkout, in order. */
    checkouts,
    /** What later quotes say a mandate needs, as when the account or the provider changed. */
    needContact: (kind: 'email' | 'phone' | null) => {
      contactNeeded = kind;
    },
  };
}
