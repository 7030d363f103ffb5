import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  fakeSubscriptions,
  subscriberState,
  type SubscriptionFields,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const ENDING: Partial<SubscriptionFields> = {
  next_payment_due_date: null,
  cancellable: false,
  end_date: '2026-11-24',
  expires_in_days: 3,
};

function serve(state: Parameters<typeof fakeSubscriptions>[0]['state']) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 2 });
  const subscriptions = fakeSubscriptions({ signedIn: () => auth.account() !== null, state });
  return installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
}

async function settle(path = '/profile') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const reminder = () => screen.findByRole('dialog', { name: 'Your subscription is ending soon' });

async function expectNoReminder(server: ReturnType<typeof serve>) {
  await waitFor(() => expect(server.calls('/api/users/subscription').length).toBeGreaterThan(0));
  await screen.findByRole('tab', { name: 'Subscriptions' });
  expect(screen.queryByRole('dialog')).toBeNull();
}

beforeEach(() => localStorage.clear());

describe('renewal reminder', () => {
  it('tells a subscriber whose plan ends within a week how many days remain', async () => {
    serve(subscriberState(ENDING));
    const { router } = await settle();
    const dialog = within(await reminder());
    expect(dialog.getByText('3 days remaining')).toBeTruthy();
    expect(dialog.getByText('Monthly')).toBeTruthy();
    fireEvent.click(dialog.getByRole('link', { name: 'Renew Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(screen.queryByRole('dialog', { name: 'Your subscription is ending soon' })).toBeNull();
  });

  it('takes a plan no mandate renews straight to /review for its next term', async () => {
    serve(subscriberState({ ...ENDING, renew_by_payment: true }));
    const { router } = await settle();
    fireEvent.click(within(await reminder()).getByRole('button', { name: 'Renew Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect(JSON.parse(sessionStorage.getItem('selectedPlan') ?? '{}')).toMatchObject({ id: 2 });
    expect(await screen.findByRole('heading', { name: 'Review & Pay' })).toBeTruthy();
    expect(screen.getAllByText('Monthly').length).toBeGreaterThan(0);
  });

  it('counts the last day and a week exactly', async () => {
    serve(subscriberState({ ...ENDING, expires_in_days: 7 }));
    const first = await settle();
    expect(within(await reminder()).getByText('7 days remaining')).toBeTruthy();
    first.unmount();
    serve(subscriberState({ ...ENDING, expires_in_days: 0 }));
    await settle();
    expect(within(await reminder()).getByText('Last day today')).toBeTruthy();
  });

  it('snoozes until the next local midnight with Remind Me Later', async () => {
    const server = serve(subscriberState(ENDING));
    const first = await settle();
    fireEvent.click(within(await reminder()).getByRole('button', { name: 'Remind Me Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const midnight = new Date();
    midnight.setHours(24, 0, 0, 0);
    expect(localStorage.getItem('renewal_reminder_dismissed_until')).toBe(
      String(midnight.getTime()),
    );
    first.unmount();
    await settle();
    await expectNoReminder(server);
  });

  it('comes back once a snooze has run out', async () => {
    serve(subscriberState(ENDING));
    localStorage.setItem('renewal_reminder_dismissed_until', String(Date.now() - 1000));
    await settle();
    expect(await reminder()).toBeTruthy();
  });

  it.each([
    ['a plan that renews', subscriberState({ ...ENDING, next_payment_due_date: '2026-11-24' })],
    ['more than a week left', subscriberState({ ...ENDING, expires_in_days: 8 })],
    ['no end', subscriberState({ ...ENDING, end_timestamp: 0 })],
    ['a free reader', FREE_STATE],
    [
      'a lapsed plan the server no longer counts',
      { ...subscriberState(ENDING), entitlement: { kind: 'free' } },
    ],
  ])('stays away for %s', async (_case, state) => {
    const server = serve(state);
    await settle();
    await expectNoReminder(server);
  });

  it('stays away from the subscribe page', async () => {
    const server = serve(subscriberState(ENDING));
    renderApp('/subscribe');
    await screen.findByRole('group', { name: 'Subscription plans' });
    await waitFor(() => expect(server.calls('/api/users/subscription').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
