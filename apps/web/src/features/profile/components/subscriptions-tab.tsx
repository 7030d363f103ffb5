// The "Subscriptions" tab (spec 2 §2 "Profile subscriptions tab"): the reader's
// plan as the server holds it, its renewal or expiry date, a scheduled change of
// plan, and the ways to cancel renewal or look at other plans. A reader without a
// paid plan sees the free plan at ₹0. Below, each payment's invoice, downloaded as
// a PDF by a plain link (issue 27 part 6).
import {
  formatDisplayDate,
  formatMoney,
  type ReaderInvoice,
  type SubscriptionState,
  type UserSubscription,
} from '@folio/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { useEntitlement } from '../../../shared/api/subscription.ts';
import { cheapestPlanAbove, useSubscriptionPlans } from '../../../shared/api/subscription-plans.ts';
import { AUTH_PATHS } from '../../../shared/lib/auth-navigation.ts';
import { Button, buttonClasses } from '../../../shared/ui/button.tsx';
import { useReaderInvoices } from '../api.ts';
import { useRenewNow } from '../lib/renew-now.ts';
import { CancelDialog } from './cancel-dialog.tsx';

const CARD =
  'flex flex-col gap-4 rounded-xl border border-ink/10 p-5 sm:flex-row sm:items-center sm:justify-between';

export function SubscriptionsTab() {
  const { publisher } = useAppConfig();
  const { entitlement, state, pending } = useEntitlement(publisher);
  if (pending) {
    return (
      <p role="status" className="py-6 text-center text-ink-soft">
        Loading...
      </p>
    );
  }
  const subscription = state?.subscription;
  return (
    <div className="flex flex-col gap-6">
      {entitlement.kind !== 'subscriber' || !subscription ? (
        <FreemiumPlan />
      ) : (
        <PaidPlan subscription={subscription} scheduled={state?.scheduled ?? null} />
      )}
      <Invoices />
    </div>
  );
}

/** The reader's invoices; nothing at all until there is one. */
function Invoices() {
  const { publisher } = useAppConfig();
  const invoices = useReaderInvoices(publisher).data?.invoices ?? [];
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="font-serif text-lg font-bold text-ink">
        Payments
      </h2>
      <ul className="mt-2 divide-y divide-ink/10">
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.number} invoice={invoice} />
        ))}
      </ul>
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: ReaderInvoice }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
      <span>
        <span className="font-semibold text-ink">{invoice.plan}</span> ·{' '}
        {formatMoney(invoice.amountMinor, invoice.currency)} · {formatDisplayDate(invoice.issuedOn)}{' '}
        · Invoice {invoice.number}
      </span>
      {/* A plain link: the browser downloads the PDF with the reader's own session. */}
      <a
        href={invoice.url}
        download
        className="font-semibold text-brand underline underline-offset-2"
        aria-label={`Download invoice ${invoice.number}`}
      >
        Download invoice
      </a>
    </li>
  );
}

function FreemiumPlan() {
  return (
    <div className={CARD}>
      <div>
        <h2 className="font-serif text-lg font-bold text-ink">Freemium Plan</h2>
        <p className="mt-1 text-2xl font-bold text-brand">₹0</p>
      </div>
      <Link
        to={AUTH_PATHS.subscribe}
        state={{ fromUpgrade: true }}
        className={buttonClasses('primary')}
      >
        Upgrade Plan
      </Link>
    </div>
  );
}

/** Which date the plan shows, and under which words (spec 2 §2). */
function dateLine(subscription: UserSubscription): { label: string; date: string } {
  if (subscription.cancellable && subscription.next_payment_due_date)
    return { label: 'Next Renewal On :', date: subscription.next_payment_due_date };
  if (subscription.in_grace_period) return { label: 'Expired On :', date: subscription.end_date };
  return { label: 'Expires On', date: subscription.end_date };
}

interface PaidPlanProps {
  subscription: UserSubscription;
  scheduled: SubscriptionState['scheduled'];
}

function PaidPlan({ subscription, scheduled }: PaidPlanProps) {
  const { publisher } = useAppConfig();
  const plans = useSubscriptionPlans(publisher);
  const [cancelling, setCancelling] = useState(false);
  const higherExists =
    cheapestPlanAbove(plans.data ?? [], {
      priceMinor: subscription.plan_amount_cents,
      currency: subscription.plan_amount_currency,
    }) !== undefined;
  const line = dateLine(subscription);
  const canCancel = subscription.cancellable && subscription.next_payment_due_date !== null;
  const renewNow = useRenewNow(subscription);

  return (
    <div className={CARD}>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-serif text-lg font-bold text-ink">{subscription.plan_name}</h2>
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            Ongoing
          </span>
        </div>
        <p className="mt-1 text-2xl font-bold text-brand">
          {formatMoney(subscription.plan_amount_cents, subscription.plan_amount_currency)}
        </p>
        <p className="mt-2 text-sm text-ink-soft">
          {line.label}{' '}
          <span className="font-semibold text-ink">{formatDisplayDate(line.date)}</span>
        </p>
        {scheduled && (
          <p className="mt-1 text-sm text-ink-soft">
            Scheduled Plan : <span className="font-semibold text-ink">{scheduled.plan_name}</span>{' '}
            from{' '}
            <span className="font-semibold text-ink">
              {formatDisplayDate(scheduled.start_date)}
            </span>
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        {renewNow && <Button onClick={() => void renewNow()}>Renew Now</Button>}
        {/* Its wording depends on the plans on sale; it waits for them rather than change under the reader's finger. */}
        {!plans.isPending && (
          <Link
            to={AUTH_PATHS.subscribe}
            state={{ fromUpgrade: higherExists }}
            className={buttonClasses('primary')}
          >
            {higherExists ? 'Upgrade Plan' : 'See All Plans'}
          </Link>
        )}
        {canCancel && (
          <Button variant="secondary" onClick={() => setCancelling(true)}>
            Cancel Renewal
          </Button>
        )}
      </div>
      {cancelling && (
        <CancelDialog subscription={subscription} onClose={() => setCancelling(false)} />
      )}
    </div>
  );
}
