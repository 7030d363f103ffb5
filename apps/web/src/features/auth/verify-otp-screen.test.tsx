import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone, TEST_CODE, type FakeAuthOptions } from '../../test/fake-auth.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const byPhone = { verificationMethod: 'mobile', phoneNumber: '9876543210' };

function serve(options: FakeAuthOptions = {}, overrides: Record<string, Handler> = {}) {
  const auth = fakeAuth(options);
  const server = installFakeServer(siteRoutes({ ...auth.routes, ...overrides }));
  return { auth, server };
}

async function openVerify(state: unknown) {
  const view = renderApp({ pathname: '/auth/verify_otp', state });
  await screen.findByRole('heading', { name: 'Verification' });
  return view;
}

const codeField = () => screen.getByRole('textbox', { name: 'One-time code' }) as HTMLInputElement;

function typeCode(code: string) {
  fireEvent.paste(codeField(), { clipboardData: { getData: () => code } });
}

describe('code screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a code on opening, says where it went and keeps the pending attempt', async () => {
    const { server } = serve();
    await openVerify(byPhone);
    expect(await screen.findByText('Please check your phone for the OTP')).toBeTruthy();
    const send = server.sent.find((request) => request.url.pathname === '/api/auth/code');
    expect(send?.body).toEqual({ phoneNumber: '+919876543210' });
    expect(screen.getByText('+91 9876543210')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('UserPreAuthData') ?? '{}')).toEqual({
      preAuthSessionId: 'pre-auth-1',
      deviceId: 'device-1',
    });
    const change = screen.getByRole('link', { name: 'Change' });
    expect(change.getAttribute('href')).toBe('/auth');
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('tells e-mail readers to check their e-mail', async () => {
    serve();
    await openVerify({ verificationMethod: 'email', email: 'asha@example.in' });
    expect(await screen.findByText('Please check your email for the OTP')).toBeTruthy();
    expect(screen.getByText('asha@example.in')).toBeTruthy();
  });

  it('offers "Resend OTP" after a 30-second countdown, and a resend clears the boxes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = serve();
    await openVerify(byPhone);
    await screen.findByText('Resend OTP in 00:30');
    typeCode('12');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Resend OTP in 00:01')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(codeField().value).toBe('');
    expect(document.activeElement).toBe(codeField());
    expect(await screen.findByText('Verification code sent to your phone')).toBeTruthy();
    expect(server.sent.at(-1)?.body).toEqual({
      preAuthSessionId: 'pre-auth-1',
      deviceId: 'device-1',
    });
    expect(screen.getByText('Resend OTP in 00:30')).toBeTruthy();
  });

  it('lets a refused resend be tried again at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({}, { '/api/auth/code/resend': () => reply(400, { status: 'ERROR', message: 'Bad' }) });
    await openVerify(byPhone);
    await screen.findByText('Resend OTP in 00:30');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
  });

  it('starts a new attempt on the next resend when the server has forgotten the old one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = serve(
      {},
      {
        '/api/auth/code/resend': () =>
          reply(400, {
            status: 'ERROR',
            message: 'Login attempt information not found',
            reason: 'RESTART_FLOW',
          }),
      },
    );
    await openVerify(byPhone);
    await screen.findByText('Resend OTP in 00:30');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number');
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Verification code sent to your phone')).toBeTruthy();
    expect(server.calls('/api/auth/code')).toHaveLength(2);
  });

  it("shows the server's words when sending is limited, and the spec's when sending fails", async () => {
    serve(
      {},
      {
        '/api/auth/code': () =>
          reply(429, {
            status: 'ERROR',
            message: 'Please wait 30 seconds before requesting a new OTP.',
          }),
      },
    );
    const first = await openVerify(byPhone);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 30 seconds before requesting a new OTP.',
    );
    first.unmount();
    serve(
      {},
      { '/api/auth/code': () => reply(400, { status: 'ERROR', message: 'Invalid mobile number' }) },
    );
    await openVerify(byPhone);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to start verification. Please try again.',
    );
  });

  it('sends the code by itself after the sixth digit typed, once, and keeps the Verify button', async () => {
    const user = userEvent.setup();
    const { server } = serve();
    const { router } = await openVerify({ ...byPhone, redirectAfterOTP: '/profile' });
    await screen.findByText('Please check your phone for the OTP');
    await user.type(codeField(), TEST_CODE.slice(0, 5));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(server.calls('/api/auth/verify-code')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    await user.type(codeField(), TEST_CODE.slice(5));
    await waitFor(() => expect(server.calls('/api/auth/verify-code')).toHaveLength(1));
    // Verify pressed as well, as a reader might: still one attempt.
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Profile Information' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(server.calls('/api/auth/verify-code')).toHaveLength(1);
  });

  it('lets a wrong code sent by itself be corrected and sent again', async () => {
    const { server } = serve();
    await openVerify(byPhone);
    await screen.findByText('Please check your phone for the OTP');
    typeCode('111111');
    await waitFor(() => expect(server.calls('/api/auth/verify-code')).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP.');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(server.calls('/api/auth/verify-code')).toHaveLength(2));
  });

  it('needs all six digits before asking the server', async () => {
    const { server } = serve();
    await openVerify(byPhone);
    typeCode('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP.');
    expect(server.calls('/api/auth/verify-code')).toHaveLength(0);
  });

  it("shows the server's answer to a wrong code", async () => {
    serve();
    await openVerify(byPhone);
    await screen.findByText('Please check your phone for the OTP');
    typeCode('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP.');
  });

  it('welcomes a brand-new reader on /auth/authenticate', async () => {
    serve({ newUser: true });
    const { router } = await openVerify({ ...byPhone, redirectAfterOTP: '/profile' });
    await screen.findByText('Please check your phone for the OTP');
    typeCode(TEST_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Successfully Verified' });
    expect(router.state.location.state).toEqual({
      isNewUser: true,
      verificationMethod: 'mobile',
      phoneNumber: '9876543210',
      redirectAfterOTP: '/profile',
    });
    expect(sessionStorage.getItem('user_login_method')).toBe('regular');
    expect(sessionStorage.getItem('UserPreAuthData')).toBeNull();
  });

  it('sends a returning reader to the redirect target, signed in', async () => {
    serve();
    sessionStorage.setItem('isSubscriptionFlow', 'true');
    const { router } = await openVerify({ ...byPhone, redirectAfterOTP: '/profile' });
    await screen.findByText('Please check your phone for the OTP');
    typeCode(TEST_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Profile Information' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(sessionStorage.getItem('isSubscriptionFlow')).toBeNull();
  });

  it('confirms a profile change without sending another code', async () => {
    const { server, auth } = serve({ signedInAs: { ...readerByPhone } });
    sessionStorage.setItem(
      'UserPreAuthData',
      JSON.stringify({ preAuthSessionId: 'pre-auth-1', deviceId: 'device-1' }),
    );
    await fetch('/api/auth/change-phone-number', {
      method: 'POST',
      body: JSON.stringify({ phoneNumber: '+919123456780' }),
    });
    const { router } = await openVerify({
      fromProfile: true,
      verificationMethod: 'mobile',
      phoneNumber: '9123456780',
    });
    expect(screen.getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('/profile');
    typeCode(TEST_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Mobile number updated successfully')).toBeTruthy();
    // The profile refetches the account (fromOTP) and shows the confirmed number.
    expect(await screen.findByText('+91 9123456780')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.state).toEqual({ fromOTP: true });
    expect(server.calls('/api/auth/code')).toHaveLength(0);
    expect(auth.account()?.phoneNumbers).toEqual(['+919123456780']);
  });

  it('refuses a profile change when the pending attempt is gone', async () => {
    serve({ signedInAs: { ...readerByPhone } });
    await openVerify({ fromProfile: true, verificationMethod: 'email', email: 'new@example.in' });
    typeCode(TEST_CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Login attempt information not found');
  });

  it('returns to /auth when opened without a number or address', async () => {
    serve();
    const { router } = renderApp('/auth/verify_otp');
    await screen.findByRole('heading', { name: 'Log in or Create Your Account' });
    expect(router.state.location.pathname).toBe('/auth');
  });
});
