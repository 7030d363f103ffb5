// Helpers the /review tests share: the plan the subscribe page stored, the fake
// server behind the page, and opening it.
import { screen } from '@testing-library/react';
import { fakeAuth, type FakeAccount } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  PLANS,
  fakeSubscriptions,
  type FakeSubscriptionOptions,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storeSelectedPlan } from '../../shared/lib/selected-plan.ts';

/** The choice the subscribe page stores for the plan with this id. */
export function storePlan(id: number) {
  storeSelectedPlan(PLANS.find((p) => p.id === id)!);
}

/** The fake server, with the subscription API's record of checkouts and its quote's contact. */
export function serve(
  account: FakeAccount | null,
  options: Omit<FakeSubscriptionOptions, 'signedIn'> = {},
) {
  const auth = fakeAuth(account ? { signedInAs: { ...account } } : {});
  const subscriptions = fakeSubscriptions({
    signedIn: () => auth.account() !== null,
    state: FREE_STATE,
    ...options,
  });
  const server = installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
  return { ...server, checkouts: subscriptions.checkouts, needContact: subscriptions.needContact };
}

export async function openReview() {
  const view = renderApp('/review');
  await screen.findByRole('heading', { level: 1 });
  return view;
}
