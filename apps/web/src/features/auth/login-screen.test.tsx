import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteConfig, siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

async function openLogin(search = '', state?: unknown) {
  const view = renderApp({ pathname: '/auth', search, state });
  await screen.findByRole('heading', { name: 'Log in or Create Your Account' });
  return view;
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const mobileInput = () => screen.getByPlaceholderText('Enter phone number') as HTMLInputElement;
const emailInput = () => screen.getByPlaceholderText('Enter email id') as HTMLInputElement;

describe('login screen', () => {
  it('starts on the mobile tab with a focused +91 phone field of ten digits', async () => {
    installFakeServer(siteRoutes());
    await openLogin();
    expect(screen.getByRole('tab', { name: 'Mobile' }).getAttribute('aria-selected')).toBe('true');
    const input = mobileInput();
    expect(input.type).toBe('tel');
    expect(input.maxLength).toBe(10);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByTestId('mobile-prefix').textContent).toContain('+91');
    expect(screen.getByText('Your Login, Simplified')).toBeTruthy();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Deccan Herald',
      'Deccan Herald e-paper',
      'Prajavani',
      'Prajavani e-paper',
    ]);
  });

  it('strips everything but digits as the number is typed or pasted', async () => {
    installFakeServer(siteRoutes());
    await openLogin();
    fireEvent.change(mobileInput(), { target: { value: '98a7-6 5' } });
    expect(mobileInput().value).toBe('98765');
    fireEvent.paste(mobileInput(), { clipboardData: { getData: () => '+91 98765 43210' } });
    expect(mobileInput().value).toBe('9876543210');
  });

  it('says what is wrong with the mobile number above the field', async () => {
    installFakeServer(siteRoutes());
    await openLogin();
    fireEvent.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your mobile number');
    expect(mobileInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(mobileInput(), { target: { value: '5876543210' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Invalid mobile number');
  });

  it('says what is wrong with the e-mail, with the browser tooltip when it is empty', async () => {
    installFakeServer(siteRoutes());
    await openLogin('', { activeTab: 'email' });
    fireEvent.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    expect(emailInput().validationMessage).toBe('Please fill out this field');
    fireEvent.change(emailInput(), { target: { value: 'reader@paper' } });
    expect(emailInput().validationMessage).toBe('');
    fireEvent.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Invalid email');
  });

  it('clears the error when the tab changes', async () => {
    installFakeServer(siteRoutes());
    await openLogin();
    fireEvent.click(continueButton());
    expect(screen.queryByRole('alert')).not.toBeNull();
    // Radix tabs switch on the press (mousedown), as a real click starts.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Email' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(emailInput()).toBeTruthy();
  });

  it('goes on to the code screen with the number and the redirect target', async () => {
    installFakeServer(siteRoutes());
    const { router } = await openLogin('?redirectUrl=%2Fprofile');
    fireEvent.change(mobileInput(), { target: { value: '9876543210' } });
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'Verification' });
    expect(router.state.location.pathname).toBe('/auth/verify_otp');
    expect(router.state.location.state).toEqual({
      verificationMethod: 'mobile',
      phoneNumber: '9876543210',
      redirectAfterOTP: '/profile',
    });
  });

  it('accepts redirect_url too, but never a target on another site', async () => {
    installFakeServer(siteRoutes());
    const { router } = await openLogin('?redirect_url=%2F%2Fevil.example');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Email' }));
    fireEvent.change(emailInput(), { target: { value: 'asha@example.in' } });
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'Verification' });
    expect(router.state.location.state).toMatchObject({
      email: 'asha@example.in',
      redirectAfterOTP: '/',
    });
  });

  it('offers Google only when the site has a Google client id', async () => {
    installFakeServer(siteRoutes());
    await openLogin();
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
    const terms = screen.getByRole('link', { name: 'Terms & Conditions' });
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('shows the Google button when configured, starting at the server with the target', async () => {
    installFakeServer(
      siteRoutes({
        '/api/config': () => ({
          ...siteConfig,
          googleClientId: 'client.apps.googleusercontent.com',
        }),
      }),
    );
    await openLogin('?redirectUrl=%2Fprofile');
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/google/start?redirectUrl=%2Fprofile');
  });

  it('sends a signed-in visitor to /', async () => {
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    const { router } = renderApp('/auth');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });
});
