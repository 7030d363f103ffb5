import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SUBSCRIPTION_MESSAGES } from '@folio/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  fakeSubscriptions,
  subscriberState,
  type FakeSubscriptionOptions,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const confetti = vi.hoisted(() => vi.fn(async () => undefined));
// The confetti is fired through an instance of its own (confetti.create).
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

function serve(options: Omit<FakeSubscriptionOptions, 'signedIn'> = {}) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
  const subscriptions = fakeSubscriptions({
    signedIn: () => auth.account() !== null,
    state: FREE_STATE,
    ...options,
  });
  return installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
}

const STORED_PLAN = {
  id: 2,
  title: 'Monthly',
  price_cents: 19900,
  price_currency: 'INR',
  duration_unit: 'month',
  duration_length: 1,
  recurring: true,
  assets: ['epaper'],
  tagline: 'Start reading today',
};

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce, media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.useRealTimers();
  confetti.mockClear();
});

describe('payment success', () => {
  it('celebrates, refreshes the account, forgets the choice and goes home after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    reducedMotion(false);
    window.dataLayer = [];
    const server = serve({ state: subscriberState() });
    sessionStorage.setItem('selectedPlan', JSON.stringify(STORED_PLAN));
    sessionStorage.setItem('isSubscriptionFlow', 'true');
    // Arriving from a screen that already knows the account, so a refresh shows as a second ask.
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile Information' });
    const accountReads = server.calls('/api/auth/me').length;
    await act(() => router.navigate('/payment-success?order=order_1'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Welcome! Your subscription is now active.')).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('selectedPlan')).toBeNull());
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'purchase', order_id: 'order_1' }]);
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(server.calls('/api/auth/me').length).toBeGreaterThan(accountReads));
    expect(screen.getByRole('timer').textContent).toBe('Redirecting in 5 seconds...');

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('timer').textContent).toBe('Redirecting in 1 second...');
    expect(router.state.location.pathname).toBe('/payment-success');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('skips the confetti for readers who ask for less motion', async () => {
    reducedMotion(true);
    serve({ state: subscriberState() });
    renderApp('/payment-success?order=order_1');
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(confetti).not.toHaveBeenCalled();
  });
});

describe('payment failure', () => {
  it('says why the payment failed and goes back to /review', async () => {
    serve();
    window.dataLayer = [];
    const { router } = renderApp('/payment-failure?reason=closed');
    expect(await screen.findByRole('heading', { name: 'Payment Failed!' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your payment was unsuccessful. Please try again or use a different mode of payment.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Payment cancelled by user.')).toBeTruthy();
    expect(window.dataLayer).toEqual([{ event: 'payment_failure', reason: 'closed' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
  });

  it.each([
    ['failed', 'Payment failed. Please try again.'],
    ['cancelled', 'Payment cancelled. Please try again.'],
    ['nonsense', 'Something went wrong, please try again.'],
  ])('toasts the reason %s', async (reason, message) => {
    serve();
    renderApp(`/payment-failure?reason=${reason}`);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('retries the stored plan with a new checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = serve();
    sessionStorage.setItem('selectedPlan', JSON.stringify(STORED_PLAN));
    renderApp('/payment-failure?reason=failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Payment' }));
    expect(await screen.findByText('Retrying your payment...')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const sent = server.sent.find((r) => r.url.pathname === '/api/subscriptions/checkout');
    expect(sent?.body).toMatchObject({ planId: 2, termsAccepted: true, publisher: 'DH' });
  });

  it('sends a retry refused for want of a mandate contact back to /review to type it', async () => {
    const server = serve({
      checkout: () =>
        reply(409, { status: 'ERROR', message: SUBSCRIPTION_MESSAGES.mandateContact }),
    });
    sessionStorage.setItem('selectedPlan', JSON.stringify(STORED_PLAN));
    const { router } = renderApp('/payment-failure?reason=failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(1);
  });

  it('sends a retry without a stored plan to /subscribe', async () => {
    const server = serve();
    const { router } = renderApp('/payment-failure?reason=failed');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Payment' }));
    expect(
      await screen.findByText('No plan selected. Redirecting to subscription page.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(0);
  });
});

describe('downgrade popup', () => {
  it('reads a scheduled change from the subscription after a reload', async () => {
    serve({
      state: subscriberState(
        { planId: 2, end_date: '2026-12-21' },
        { plan_name: 'ePaper Lite', start_date: '2026-12-22', end_date: '2027-01-22' },
      ),
    });
    const { router } = renderApp('/downgrade-popup');
    const popup = await screen.findByRole('dialog', { name: 'Change Plan Scheduled' });
    expect(popup.textContent).toContain('21/12/2026');
    expect(popup.textContent).toContain('22/12/2026');
    fireEvent(popup, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('goes home when nothing is scheduled', async () => {
    serve({ state: subscriberState() });
    const { router } = renderApp('/downgrade-popup');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });
});
