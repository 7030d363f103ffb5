import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByGoogle, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { FREE_STATE, fakeSubscriptions, subscriberState } from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import { openReview, serve, storePlan } from './review-test-kit.ts';

/** The value beside a term in the review's lists. */
const row = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('review page', () => {
  it('shows a new purchase with its dates, total and renewal note', async () => {
    serve(readerByPhone);
    storePlan(2);
    await openReview();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review & Pay');
    expect(screen.queryByText('Current Plan')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Monthly' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Monthly' }).getAttribute('href')).toBe(
      '/subscribe',
    );
    expect(row('Start Date')).toBe('21/11/2026');
    expect(row('End Date')).toBe('21/12/2026');
    expect(screen.getByText('₹199')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(
      screen.getByText('Your Subscription Renews Automatically, Cancel Anytime.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed To Pay' })).toBeTruthy();
    expect(screen.getByText('+91 9876543210')).toBeTruthy();
    const terms = screen.getByRole('checkbox', {
      name: 'I agree to the Terms & Conditions and Privacy Policy',
    }) as HTMLInputElement;
    expect(terms.checked).toBe(true);
    const termsLink = screen.getByRole('link', { name: 'Terms & Conditions' });
    expect(termsLink.getAttribute('href')).toBe('/legal-and-privacy-policy?tab=terms');
    expect(termsLink.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/legal-and-privacy-policy?tab=privacy',
    );
  });

  it('shows a USD total with two decimals and the e-mail it is bought with', async () => {
    serve(readerByGoogle);
    storePlan(11);
    await openReview();
    expect(screen.getByText('$1.99')).toBeTruthy();
    expect(screen.getByText('asha@example.in')).toBeTruthy();
  });

  it('shows an upgrade as a change with the current plan and the refund', async () => {
    serve(readerByPhone, { state: subscriberState({ planId: 2 }), refundCents: 15000 });
    storePlan(3);
    await openReview();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Change Plan');
    expect(row('Current Plan')).toBe('Monthly');
    expect(row('Validity')).toBe('21/11/2026 - 21/12/2026');
    expect(row('Refund For Unused Portion Of Current Plan')).toBe('₹150');
    expect(
      screen.getByText(
        'A refund of ₹150 for the unused portion of your current plan will be made within 10-15 business days.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('₹1999')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed To Change Plan' })).toBeTruthy();
  });

  it('schedules a downgrade and confirms it', async () => {
    const server = serve(readerByPhone, {
      state: subscriberState({ planId: 2 }),
      checkout: () => ({
        kind: 'scheduled',
        current_end_date: '2026-12-21',
        start_date: '2026-12-22',
        end_date: '2027-01-22',
      }),
    });
    storePlan(1);
    const { router } = await openReview();
    expect(
      screen.getByText('Change Of Plan Will Start Only After The Completion Of Your Current Plan'),
    ).toBeTruthy();
    expect(row('Start Date')).toBe('22/12/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Change Plan' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Change Plan Scheduled' }));
    expect(await screen.findByText('Subscription Plan Changed Successfully')).toBeTruthy();
    expect(popup.getByText('21/12/2026')).toBeTruthy();
    expect(popup.getByText('22/12/2026')).toBeTruthy();
    expect(
      popup.getByText(
        'Our customer support team will contact you at the end of your current plan.',
      ),
    ).toBeTruthy();
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(1);
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
    fireEvent.click(popup.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('asks for the terms before proceeding', async () => {
    const server = serve(readerByPhone);
    storePlan(2);
    await openReview();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Pay' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please agree to the Terms & Conditions and Privacy Policy to Proceed.',
    );
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends one checkout for a double click and hands the page to the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let answer: (value: unknown) => void = () => undefined;
    const checkout: Handler = () => new Promise((resolve) => (answer = resolve));
    const server = serve(readerByPhone, { checkout });
    storePlan(2);
    await openReview();
    const proceed = screen.getByRole('button', { name: 'Proceed To Pay' });
    fireEvent.click(proceed);
    fireEvent.click(proceed);
    expect(await screen.findByText('Processing your payment...')).toBeTruthy();
    await waitFor(() => expect(server.calls('/api/subscriptions/checkout')).toHaveLength(1));
    const sent = server.sent.find((r) => r.url.pathname === '/api/subscriptions/checkout');
    expect(sent?.body).toEqual({
      publisher: 'DH',
      planId: 2,
      termsAccepted: true,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    answer({
      kind: 'payment',
      orderId: 'order_1',
      checkout: { url: '/sandbox/checkout/order_1', method: 'GET', fields: { token: 'a b' } },
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost:3000/sandbox/checkout/order_1?token=a+b',
      ),
    );
    expect(screen.getByText('Processing your payment...')).toBeTruthy();
    expect(server.calls('/api/subscriptions/checkout')).toHaveLength(1);
  });

  it('posts a form to a provider that takes one', async () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    serve(readerByPhone, {
      checkout: () => ({
        kind: 'payment',
        orderId: 'order_2',
        checkout: {
          url: 'https://pay.example/checkout',
          method: 'POST',
          fields: { order_id: 'order_2', key: 'k' },
        },
      }),
    });
    storePlan(2);
    await openReview();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Pay' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toBe('https://pay.example/checkout');
    expect(Object.fromEntries(new FormData(form))).toEqual({ order_id: 'order_2', key: 'k' });
  });

  it('says why the server refused and goes home when the reader already subscribes', async () => {
    serve(readerByPhone, {
      checkout: () =>
        reply(409, {
          status: 'ERROR',
          message: 'User is not logged in or is already a subscriber.',
        }),
    });
    storePlan(2);
    const { router } = await openReview();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed To Pay' }));
    expect(
      await screen.findByText('User is not logged in or is already a subscriber.'),
    ).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('shows why the server will not quote the plan, with the way back to the plans', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
    const subscriptions = fakeSubscriptions({ signedIn: () => true, state: FREE_STATE });
    installFakeServer(
      siteRoutes({
        ...auth.routes,
        ...subscriptions.routes,
        '/api/subscriptions/quote': () =>
          reply(409, { status: 'ERROR', message: 'This is your current plan.' }),
      }),
    );
    storePlan(2);
    renderApp('/review');
    expect((await screen.findByRole('alert')).textContent).toContain('This is your current plan.');
    expect(screen.getByRole('link', { name: 'View Subscription Plans' }).getAttribute('href')).toBe(
      '/subscribe',
    );
  });

  it('sends a visitor to log in and back to /review', async () => {
    serve(null);
    storePlan(2);
    const { router } = renderApp('/review');
    await waitFor(() => expect(currentUrl(router)).toBe('/auth?redirectUrl=%2Freview'));
  });

  it('sends a reader without a stored plan to /subscribe', async () => {
    serve(readerByPhone);
    sessionStorage.setItem('selectedPlan', 'not json');
    const { router } = renderApp('/review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('logs out, keeping the plan of a reader without a subscription', async () => {
    const server = serve(readerByPhone);
    storePlan(2);
    const { router } = await openReview();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(server.calls('/api/auth/signout')).toHaveLength(1);
    await waitFor(() =>
      expect(
        (JSON.parse(sessionStorage.getItem('selectedPlan') ?? '{}') as { id?: number }).id,
      ).toBe(2),
    );
  });

  it('logs a subscriber out without keeping the plan', async () => {
    serve(readerByPhone, { state: subscriberState({ planId: 2 }) });
    storePlan(3);
    const { router } = await openReview();
    await screen.findByText('Validity');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });
});
