// "Renew Now" for a plan nothing will charge by itself (a non-INR plan, one above
// the mandate cap, or one whose renewal was cancelled): the reader pays for the
// same plan's next term on /review, where the server quotes it as a renewal that
// starts when the current term ends. Any other plan renews on its mandate, or is
// chosen again on /subscribe.
import type { UserSubscription } from '@folio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { subscriptionPlansQueryOptions } from '../../../shared/api/subscription-plans.ts';
import { AUTH_PATHS } from '../../../shared/lib/auth-navigation.ts';
import { storeSelectedPlan } from '../../../shared/lib/selected-plan.ts';

/** Opens /review for the current plan's next term; undefined when it is not renewed by paying. */
export function useRenewNow(subscription: UserSubscription): (() => Promise<void>) | undefined {
  const { publisher } = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!subscription.renew_by_payment) return undefined;
  return async () => {
    const plans = await queryClient
      .fetchQuery(subscriptionPlansQueryOptions(publisher))
      .catch(() => []);
    const plan = plans.find((candidate) => candidate.id === subscription.subscription_plan_id);
    // A plan taken off sale cannot be bought again: the reader picks another.
    if (!plan) return void navigate(AUTH_PATHS.subscribe);
    storeSelectedPlan(plan);
    await navigate(AUTH_PATHS.review);
  };
}
