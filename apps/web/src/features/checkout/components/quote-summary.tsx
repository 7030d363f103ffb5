// The body of /review (spec 2 §2 "Review page"): the current plan when there is
// one, the chosen plan with its dates, any refund, and the total, all from the
// server's quote. Dates are dd/MM/yyyy.
import { formatDisplayDate, formatMoney, type Quote } from '@folio/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTH_PATHS } from '../../../shared/lib/auth-navigation.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-ink-soft">{term}</dt>
      <dd className="text-right text-sm font-semibold text-ink">{children}</dd>
    </div>
  );
}

export function QuoteSummary({ quote }: { quote: Quote }) {
  return (
    <div className="space-y-5">
      {quote.current && (
        <section aria-label="Current plan" className="rounded-xl bg-paper/60 p-4">
          <dl>
            <Row term="Current Plan">{quote.current.plan_name}</Row>
            <Row term="Validity">
              {formatDisplayDate(quote.current.start_date)} -{' '}
              {formatDisplayDate(quote.current.end_date)}
            </Row>
          </dl>
        </section>
      )}
      <section aria-label="Selected plan">
        <div className="flex items-baseline justify-between gap-4">
          <h2 className="font-serif text-xl font-bold text-brand">{quote.plan.title}</h2>
          <Link
            to={AUTH_PATHS.subscribe}
            aria-label={`Edit ${quote.plan.title}`}
            className="text-sm font-semibold text-brand underline"
          >
            Edit
          </Link>
        </div>
        <dl className="mt-2 divide-y divide-ink/10">
          <Row term="Start Date">{formatDisplayDate(quote.start_date)}</Row>
          <Row term="End Date">{formatDisplayDate(quote.end_date)}</Row>
          {quote.change === 'upgrade' && quote.refund_cents > 0 && (
            <Row term="Refund For Unused Portion Of Current Plan">
              {formatMoney(quote.refund_cents, quote.currency)}
            </Row>
          )}
        </dl>
      </section>
      <div className="flex items-baseline justify-between gap-4 border-t border-ink/15 pt-4">
        <p>
          <span className="text-base font-bold text-ink">Total</span>{' '}
          <span className="text-xs text-ink-soft">(Inclusive of all taxes)</span>
        </p>
        <p className="text-2xl font-bold text-brand">
          {formatMoney(quote.total_cents, quote.currency)}
        </p>
      </div>
    </div>
  );
}

/** The note under the button (spec 2 §2): what happens next for this kind of change. */
export function changeNote(quote: Quote): string {
  if (quote.change === 'downgrade')
    return 'Change Of Plan Will Start Only After The Completion Of Your Current Plan';
  if (quote.change === 'upgrade') {
    const refund =
      quote.refund_cents > 0
        ? `A refund of ${formatMoney(quote.refund_cents, quote.currency)}`
        : 'Any refund';
    return `${refund} for the unused portion of your current plan will be made within 10-15 business days.`;
  }
  return 'Your Subscription Renews Automatically, Cancel Anytime.';
}
