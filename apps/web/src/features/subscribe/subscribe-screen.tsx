// /subscribe (spec 2 §2 "Subscribe page", §4 "Plan selection", "Preselection",
// "Proceeding"): the plans on sale as cards, the reader's choice in a footer bar,
// and the way on to /review, or to sign-in first for a visitor. The marketing
// sections (and the #faqs anchor) follow the plans.
import {
  MESSAGES,
  SUBSCRIBE_PAGE_TEXT,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionPlan,
} from '@folio/core';
import { useDeferredValue, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useAuth } from '../../shared/api/auth-session.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { useFirstFrameHandoff } from '../../shared/hooks/use-first-frame-handoff.ts';
import { useSubscriptionPlans } from '../../shared/api/subscription-plans.ts';
import { AUTH_PATHS, loginHref, readState } from '../../shared/lib/auth-navigation.ts';
import { storeSelectedPlan, subscribeStateSchema } from '../../shared/lib/selected-plan.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import { track } from '../../shared/lib/tracking.ts';
import { AccountLink } from '../../shared/ui/account-link.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { CurrencySwitch } from './components/currency-switch.tsx';
import { SubscribeMarketing } from './components/marketing/subscribe-marketing.tsx';
import { PlanCard } from './components/plan-card.tsx';
import { PlanDetailsSheet } from './components/plan-details-sheet.tsx';
import { SelectionBar } from './components/selection-bar.tsx';
import { useMarketingReady } from './hooks/use-marketing-ready.ts';
import { usePlanSelection } from './hooks/use-plan-selection.ts';
import { cardLabel, proceedLabel, type Buyer } from './lib/plan-actions.ts';
import { planView } from './lib/plan-view.ts';

/** What the plan events carry (spec 2 §4 "Proceeding"). */
const planParams = (plan: SubscriptionPlan) => ({
  plan_id: plan.id,
  plan_name: plan.title,
  value: plan.price_cents / 100,
  currency: plan.price_currency,
});

function useBuyer(publisher: string) {
  const auth = useAuth();
  const { entitlement, state, pending } = useEntitlement(publisher);
  const buyer: Buyer = {
    known: auth.status !== 'checking' && !pending,
    signedIn: auth.status === 'signed-in',
    subscribed: entitlement.kind === 'subscriber',
    currentPlanId: state?.subscription?.subscription_plan_id,
  };
  return { buyer, subscription: state?.subscription };
}

export function SubscribeScreen() {
  const { brand, publisher } = useAppConfig();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const plans = useSubscriptionPlans(publisher);
  const { buyer, subscription } = useBuyer(publisher);
  const fromUpgrade = readState(subscribeStateSchema, location.state)?.fromUpgrade === true;
  const { selected, selectedId, currency, currencies, toggle, switchCurrency } = usePlanSelection({
    plans: plans.data,
    buyer,
    subscription,
    fromUpgrade,
    onSelect: (plan) => track('select_plan', planParams(plan)),
  });
  const [details, setDetails] = useState<SubscriptionPlan>();
  const busy = navigation.state !== 'idle';
  // The document drew this heading (server: first-frames.ts), which the screen
  // draws in the same place at once.
  useFirstFrameHandoff(true);
  // The plans, then the sections below them, are each drawn in a deferred render,
  // which React splits into short tasks that give way to the reader's taps: drawn
  // at once as the plans arrive, they were one long task on a slow phone.
  const shownPlans = useDeferredValue(plans.data);
  const marketingShown = useMarketingReady(publisher, shownPlans !== undefined);

  const showDetails = (plan: SubscriptionPlan) => {
    track('view_plan_details', planParams(plan));
    setDetails(plan);
  };

  const proceed = (plan: SubscriptionPlan) => {
    track('begin_checkout', planParams(plan));
    storeSelectedPlan(plan);
    if (!buyer.signedIn) {
      sessionValue.set(SESSION_KEYS.isSubscriptionFlow, 'true');
      void navigate(loginHref(AUTH_PATHS.subscribe));
      return;
    }
    void navigate(AUTH_PATHS.review);
  };

  return (
    <>
      <SiteHeader brand={brand}>
        <AccountLink />
      </SiteHeader>
      <main id="main" className={`px-4 pt-20 sm:px-6 ${selected ? 'pb-28' : 'pb-12'}`}>
        <div className="mx-auto max-w-6xl">
          <header className="text-center">
            <h1 className="font-serif text-3xl font-bold text-brand sm:text-4xl">
              {SUBSCRIBE_PAGE_TEXT.title(brand.name)}
            </h1>
            <p className="mt-2 text-base text-ink-soft">{SUBSCRIBE_PAGE_TEXT.subtitle}</p>
          </header>
          {plans.isError ? (
            <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>
          ) : !shownPlans ? (
            <ScreenStatus>{SUBSCRIPTION_MESSAGES.loadingPlans}</ScreenStatus>
          ) : (
            <>
              {currencies.length > 1 && (
                <div className="mt-6 flex justify-center">
                  <CurrencySwitch
                    currencies={currencies}
                    value={currency}
                    onChange={switchCurrency}
                  />
                </div>
              )}
              <div
                role="group"
                aria-label="Subscription plans"
                className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
              >
                {shownPlans
                  .filter((plan) => plan.price_currency === currency)
                  .map((plan) => (
                    <PlanCard
                      key={plan.id}
                      view={planView(plan)}
                      label={cardLabel(plan.id, selectedId, buyer)}
                      onChoose={() => toggle(plan)}
                      onDetails={() => showDetails(plan)}
                    />
                  ))}
              </div>
            </>
          )}
        </div>
        {/* Below the plans once they are in: drawn before, it would be pushed down
            (layout shift), and its requests would share the line with the plans'. */}
        {marketingShown && shownPlans && <SubscribeMarketing brand={brand} />}
      </main>
      {selected && (
        <SelectionBar
          view={planView(selected)}
          label={proceedLabel(selected.id, buyer, busy)}
          onProceed={() => proceed(selected)}
        />
      )}
      {details && (
        <PlanDetailsSheet
          view={planView(details)}
          label={proceedLabel(details.id, buyer, busy)}
          onProceed={() => proceed(details)}
          onClose={() => setDetails(undefined)}
        />
      )}
    </>
  );
}
