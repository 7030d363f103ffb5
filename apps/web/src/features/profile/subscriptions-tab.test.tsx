import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReaderInvoice } from '@folio/core';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  SUBSCRIPTION_ID,
  fakeSubscriptions,
  subscriberState,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

function serve(
  state: Parameters<typeof fakeSubscriptions>[0]['state'],
  cancel?: Handler,
  invoices?: ReaderInvoice[],
) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 2 });
  const subscriptions = fakeSubscriptions({ signedIn: () => true, state, cancel, invoices });
  const server = installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
  return { server, subscriptions };
}

async function openTab() {
  const view = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Information' });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Subscriptions' }));
  const panel = within(screen.getByRole('tabpanel'));
  await waitFor(() => expect(panel.queryByText('Loading...')).toBeNull());
  return { ...view, panel };
}

afterEach(() => {
  vi.useRealTimers();
});

const INVOICES: ReaderInvoice[] = [
  {
    number: 'DH/26-27/000042',
    issuedOn: '2026-11-21',
    plan: 'Monthly',
    periodStart: '2026-11-21',
    periodEnd: '2026-12-21',
    amountMinor: 19900,
    currency: 'INR',
    url: '/api/subscriptions/invoices/DH-26-27-000042.pdf',
  },
  {
    number: 'DH/26-27/000007',
    issuedOn: '2026-10-21',
    plan: 'Monthly',
    periodStart: '2026-10-21',
    periodEnd: '2026-11-21',
    amountMinor: 19900,
    currency: 'INR',
    url: '/api/subscriptions/invoices/DH-26-27-000007.pdf',
  },
];

describe('subscriptions tab', () => {
  it('lists each payment with a link that downloads its invoice', async () => {
    serve(subscriberState({ planId: 2, next_payment_due_date: '2026-12-21' }), undefined, INVOICES);
    const { panel } = await openTab();
    const links = await panel.findAllByRole('link', { name: /^Download invoice/ });
    expect(links.map((a) => [a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
      ['/api/subscriptions/invoices/DH-26-27-000042.pdf', true],
      ['/api/subscriptions/invoices/DH-26-27-000007.pdf', true],
    ]);
    expect(panel.getByText(/Invoice DH\/26-27\/000042/).textContent).toContain('21/11/2026');
  });

  it('shows no payments section before the first payment', async () => {
    serve(FREE_STATE);
    const { panel } = await openTab();
    expect(panel.getByRole('heading', { name: 'Freemium Plan' })).toBeTruthy();
    expect(panel.queryByRole('heading', { name: 'Payments' })).toBeNull();
  });

  it('opens on the Subscriptions tab from a receipt’s link', async () => {
    serve(subscriberState({ planId: 2 }), undefined, INVOICES);
    renderApp('/profile?tab=subscriptions');
    expect(
      (await screen.findByRole('tab', { name: 'Subscriptions' })).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      await screen.findByRole('link', { name: 'Download invoice DH/26-27/000042' }),
    ).toBeTruthy();
  });

  it('shows a renewing plan with its next renewal and the way to cancel or upgrade', async () => {
    serve(subscriberState({ planId: 2, next_payment_due_date: '2026-12-21' }));
    const { panel, router } = await openTab();
    expect(panel.getByRole('heading', { name: 'Monthly' })).toBeTruthy();
    expect(panel.getByText('₹199')).toBeTruthy();
    expect(panel.getByText('Ongoing')).toBeTruthy();
    expect(panel.getByText('Next Renewal On :', { exact: false }).textContent).toBe(
      'Next Renewal On : 21/12/2026',
    );
    expect(panel.getByRole('button', { name: 'Cancel Renewal' })).toBeTruthy();
    const upgrade = await panel.findByRole('link', { name: 'Upgrade Plan' });
    fireEvent.click(upgrade);
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({ fromUpgrade: true });
  });

  it('says "Expired On :" in the grace period, with no way to cancel', async () => {
    serve(
      subscriberState({
        in_grace_period: true,
        end_date: '2026-11-20',
        next_payment_due_date: null,
      }),
    );
    const { panel } = await openTab();
    expect(panel.getByText('Expired On :', { exact: false }).textContent).toBe(
      'Expired On : 20/11/2026',
    );
    expect(panel.queryByRole('button', { name: 'Cancel Renewal' })).toBeNull();
  });

  it('says "Expires On" when renewal is off', async () => {
    serve(subscriberState({ cancellable: false, next_payment_due_date: null }));
    const { panel } = await openTab();
    expect(panel.getByText('Expires On', { exact: false }).textContent).toBe(
      'Expires On 21/12/2026',
    );
    expect(panel.queryByRole('button', { name: 'Cancel Renewal' })).toBeNull();
  });

  it('hides Cancel Renewal when the plan cannot be cancelled even with a next payment', async () => {
    serve(subscriberState({ cancellable: false, next_payment_due_date: '2026-12-21' }));
    const { panel } = await openTab();
    expect(panel.getByText('Expires On', { exact: false })).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Cancel Renewal' })).toBeNull();
  });

  it('offers all plans, not an upgrade, on the dearest plan, and shows USD with decimals', async () => {
    serve(subscriberState({ planId: 12 }));
    const { panel, router } = await openTab();
    expect(panel.getByText('$19.99')).toBeTruthy();
    const all = await panel.findByRole('link', { name: 'See All Plans' });
    fireEvent.click(all);
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({ fromUpgrade: false });
  });

  it('shows a scheduled change of plan', async () => {
    serve(
      subscriberState(
        { planId: 2 },
        { plan_name: 'ePaper Lite', start_date: '2026-12-22', end_date: '2027-01-22' },
      ),
    );
    const { panel } = await openTab();
    expect(panel.getByText('Scheduled Plan :', { exact: false }).textContent).toBe(
      'Scheduled Plan : ePaper Lite from 22/12/2026',
    );
  });

  it('shows the free plan to a reader without a subscription', async () => {
    serve(FREE_STATE);
    const { panel } = await openTab();
    expect(panel.getByText('Freemium Plan')).toBeTruthy();
    expect(panel.getByText('₹0')).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();
  });
});

describe('cancel auto-renewal', () => {
  it('asks for a reason, and for words with Others', async () => {
    const { server } = serve(subscriberState());
    const { panel } = await openTab();
    fireEvent.click(panel.getByRole('button', { name: 'Cancel Renewal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Auto-Renewal' }));
    expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a reason',
      "It's a bit too expensive for me",
      "I'm not finding the news I want",
      'I get my news from another source',
      'The website is hard to use',
      'Others',
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Stop Renewal' }));
    expect(dialog.getByRole('alert').textContent).toBe('Select a reason to continue');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason for cancelling' }), {
      target: { value: 'Others' },
    });
    expect(dialog.queryByRole('alert')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Stop Renewal' }));
    expect(dialog.getByRole('alert').textContent).toBe('Enter the reason to continue');
    fireEvent.change(dialog.getByRole('textbox', { name: 'Tell us more' }), {
      target: { value: '   ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Stop Renewal' }));
    expect(dialog.getByRole('alert').textContent).toBe('Enter the reason to continue');
    expect(server.calls(`/api/subscriptions/${SUBSCRIPTION_ID}/cancel`)).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'No, Keep Active' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stops renewal, waits 5 seconds, reads the subscription again and confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = serve(subscriberState({ end_date: '2026-12-21' }));
    const { panel } = await openTab();
    fireEvent.click(panel.getByRole('button', { name: 'Cancel Renewal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Auto-Renewal' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason for cancelling' }), {
      target: { value: 'Others' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Tell us more' }), {
      target: { value: ' Moving abroad ' },
    });
    const readsBefore = server.calls('/api/users/subscription').length;
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Stop Renewal' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const cancel = server.sent.find((r) => r.method === 'PUT');
    expect(cancel?.url.pathname).toBe(`/api/subscriptions/${SUBSCRIPTION_ID}/cancel`);
    expect(cancel?.body).toEqual({ reason: 'Others', message: 'Moving abroad' });

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.queryByRole('dialog', { name: 'Auto-Renewal Canceled' })).toBeNull();
    expect(server.calls('/api/users/subscription')).toHaveLength(readsBefore);

    await act(() => vi.advanceTimersByTimeAsync(100));
    const done = await screen.findByRole('dialog', { name: 'Auto-Renewal Canceled' });
    expect(server.calls('/api/users/subscription').length).toBeGreaterThan(readsBefore);
    expect(done.textContent).toContain('21/12/2026');
    expect(panel.getByText('Expires On', { exact: false })).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Cancel Renewal' })).toBeNull();
    fireEvent.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Subscription cancelled successfully')).toBeTruthy();
  });

  it('says so when renewal was already cancelled', async () => {
    const message =
      'Subscription is already cancelled, you still have access to the app till 21/12/2026';
    serve(subscriberState(), () => reply(409, { status: 'ERROR', message }));
    const { panel } = await openTab();
    fireEvent.click(panel.getByRole('button', { name: 'Cancel Renewal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Auto-Renewal' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Reason for cancelling' }), {
      target: { value: 'The website is hard to use' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Yes, Stop Renewal' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
