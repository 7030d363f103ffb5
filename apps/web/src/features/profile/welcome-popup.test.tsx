import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../shared/api/auth-session.ts';
import { fakeAuth, readerByPhone, TEST_CODE, type FakeAuth } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { FREE_STATE, subscriberState } from '../../test/fake-subscriptions.ts';
import { editionGroups, siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import { WelcomePopup } from './components/welcome-popup.tsx';

const confetti = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('canvas-confetti', () => ({ default: confetti }));

const phoneReader: UserData = {
  name: '',
  email: '',
  phone: '9876543210',
  loginMethod: 'regular',
  isNewUser: false,
};

function renderPopup(user: UserData, onSubmit = vi.fn(async () => null)) {
  render(
    <WelcomePopup
      user={user}
      editionGroups={editionGroups}
      initialEdition={2}
      onClose={vi.fn()}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

/** The site for a signed-in reader whom the server counts as a subscriber. */
const subscriberSite = (auth: FakeAuth) =>
  siteRoutes({ ...auth.routes, '/api/users/subscription': () => subscriberState() });

const getStarted = () => screen.getByRole('button', { name: 'Get Started' }) as HTMLButtonElement;

describe('welcome popup', () => {
  it('asks a code reader for the missing e-mail and waits for every field', () => {
    renderPopup(phoneReader);
    expect(screen.getByRole('dialog', { name: 'Please verify your information' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Mobile Number' })).toBeNull();
    expect(getStarted().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha' } });
    expect(getStarted().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'asha@example.in' },
    });
    expect(getStarted().disabled).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '  ' } });
    expect(getStarted().disabled).toBe(true);
  });

  it('asks an e-mail reader for the missing mobile number', () => {
    renderPopup({ ...phoneReader, phone: '', email: 'asha@example.in', name: 'Asha' });
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toBeTruthy();
    expect(getStarted().disabled).toBe(true);
  });

  it('asks a Google reader only for the name and the edition', async () => {
    const onSubmit = renderPopup({
      ...phoneReader,
      phone: '',
      email: 'a@b.in',
      loginMethod: 'third_party',
    });
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mobile Number' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Preferred Edition' }), {
      target: { value: '5' },
    });
    expect(getStarted().disabled).toBe(false);
    fireEvent.click(getStarted());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Asha', editionNumber: 5 }));
  });

  it('checks the answers with the spec rules before saving', async () => {
    const onSubmit = renderPopup(phoneReader);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'A' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'a@b.in' },
    });
    fireEvent.click(getStarted());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter at least 2 characters',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('appears once per session to a subscriber who has not turned it off, and closing turns it off', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    const server = installFakeServer(subscriberSite(auth));
    renderApp('/profile');
    await screen.findByRole('dialog', { name: 'Please verify your information' });
    expect(sessionStorage.getItem('welcome_popup_shown')).toBe('true');
    // Escape on a modal <dialog> reaches the page as its cancel event (the key itself is
    // the browser's; e2e/auth.spec.ts presses it in Chromium).
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(server.calls('/api/users/disable-welcome-popup')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(auth.preferences().welcome_popup_enabled).toBe(false);
  });

  it('confirms a missing e-mail by code and returns to where the reader was', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    const server = installFakeServer(subscriberSite(auth));
    const { router } = renderApp('/profile');
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'asha@example.in' },
    });
    fireEvent.click(getStarted());
    await screen.findByRole('heading', { name: 'Verification' });
    expect(router.state.location.state).toEqual({
      fromPopup: true,
      verificationMethod: 'email',
      email: 'asha@example.in',
      redirectAfterOTP: '/profile',
    });
    expect(sessionStorage.getItem('fromPopupOTP')).toBe('true');
    expect(server.calls('/api/auth/code')).toHaveLength(0);
    fireEvent.paste(screen.getByRole('textbox', { name: 'One-time code' }), {
      clipboardData: { getData: () => TEST_CODE },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email updated successfully')).toBeTruthy();
    expect(await screen.findByText('asha@example.in', { selector: 'dd span' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(sessionStorage.getItem('fromPopupOTP')).toBeNull();
  });

  it('stays away on a second visit in the same session', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    const server = installFakeServer(subscriberSite(auth));
    const first = renderApp('/profile');
    await screen.findByRole('dialog', { name: 'Please verify your information' });
    first.unmount();
    const preferenceCalls = server.calls('/api/users/preferences').length;

    // The reader comes back (a reload: a new app, the same tab session) without
    // having closed it; it is still turned on at the server.
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Edit Name' });
    // The profile reads the same preferences, which still say "show it".
    await waitFor(() =>
      expect(server.calls('/api/users/preferences').length).toBeGreaterThan(preferenceCalls),
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(auth.preferences().welcome_popup_enabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away in a later session once the reader has closed it', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    const server = installFakeServer(subscriberSite(auth));
    const first = renderApp('/profile');
    await screen.findByRole('dialog', { name: 'Please verify your information' });
    // Escape on a native <dialog> arrives as its cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(server.calls('/api/users/disable-welcome-popup')).toHaveLength(1));
    first.unmount();

    // A new session: nothing remembered in the tab, so the server's preference decides.
    sessionStorage.clear();
    const preferenceCalls = server.calls('/api/users/preferences').length;
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Edit Name' });
    await waitFor(() =>
      expect(server.calls('/api/users/preferences').length).toBeGreaterThan(preferenceCalls),
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for the server rather than trust a subscription remembered in the tab', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    const server = installFakeServer(
      siteRoutes({ ...auth.routes, '/api/users/subscription': () => new Promise(() => undefined) }),
    );
    sessionStorage.setItem('isSubscribed', 'true');
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Edit Name' });
    await waitFor(() => expect(server.calls('/api/users/subscription')).toHaveLength(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not appear to readers without a subscription', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
    installFakeServer(siteRoutes({ ...auth.routes, '/api/users/subscription': () => FREE_STATE }));
    // A stale "subscribed" left in the tab is not the server's word.
    sessionStorage.setItem('isSubscribed', 'true');
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Edit Name' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('after paying', () => {
    afterEach(() => vi.useRealTimers());

    it('waits out the 5 seconds of "Payment Successful!", then opens on the paper', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
      const server = installFakeServer(subscriberSite(auth));
      const { router } = renderApp('/payment-success?order=order_1');
      await screen.findByRole('heading', { name: 'Payment Successful!' });
      // The subscriber's state is known and the popup is still wanted at the server...
      await waitFor(() =>
        expect(server.calls('/api/users/subscription').length).toBeGreaterThan(0),
      );
      for (const second of [1, 2, 3, 4]) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
        // ...yet nothing covers the success screen while it counts down.
        expect(screen.getByRole('timer').textContent, `after ${second} s`).toMatch(/Redirecting/);
        expect(screen.queryByRole('dialog')).toBeNull();
      }
      expect(sessionStorage.getItem('welcome_popup_shown')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(currentUrl(router)).toBe('/'));
      // On the paper: the page is there behind the popup, not a blank screen.
      await screen.findByRole('dialog', { name: 'Please verify your information' });
      expect(screen.getByRole('img', { name: /Front Page/ })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
    });

    it.each(['/review', '/payment-failure?reason=failed', '/subscribe'])(
      'never opens over %s',
      async (path) => {
        const auth = fakeAuth({ signedInAs: { ...readerByPhone }, welcomePopupEnabled: true });
        const server = installFakeServer(subscriberSite(auth));
        renderApp(path);
        await waitFor(() =>
          expect(server.calls('/api/users/subscription').length).toBeGreaterThan(0),
        );
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        expect(screen.queryByRole('dialog', { name: 'Please verify your information' })).toBeNull();
        expect(sessionStorage.getItem('welcome_popup_shown')).toBeNull();
      },
    );
  });
});
