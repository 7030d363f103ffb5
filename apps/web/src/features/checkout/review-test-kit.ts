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

export function storePlan(id: number) {
  const plan = PLANS.find((p) => p.id === id)!;
  sessionStorage.setItem(
    'selectedPlan',
    JSON.stringify({
      id: plan.id,
      title: plan.title,
      price_cents: plan.price_cents,
      price_currency: plan.price_currency,
      duration_unit: plan.duration_unit,
      duration_length: plan.duration_length,
      recurring: plan.recurring,
      assets: plan.assets,
      tagline: 'A tagline',
    }),
  );
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
