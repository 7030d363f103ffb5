import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const newByEmail = {
  isNewUser: true,
  verificationMethod: 'email',
  email: 'asha@example.in',
  redirectAfterOTP: '/profile',
};

describe('post-verification screen', () => {
  it('asks a new e-mail reader for both consents, neither ticked (docs/decisions/0024)', async () => {
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    renderApp({ pathname: '/auth/authenticate', state: newByEmail });
    await screen.findByRole('heading', { name: 'Successfully Verified' });
    expect(screen.getByText('Your email asha@example.in has been verified.')).toBeTruthy();
    const marketing = screen.getByRole('checkbox', {
      name: 'I agree to receive marketing and promotional communications.',
    }) as HTMLInputElement;
    const newsletter = screen.getByRole('checkbox', {
      name: "Sign me up for 'Top News of the Day' Newsletter",
    }) as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    expect(newsletter.checked).toBe(false);
  });

  it('offers no newsletter to a reader who signed up by phone', async () => {
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    renderApp({
      pathname: '/auth/authenticate',
      state: { isNewUser: true, verificationMethod: 'mobile', phoneNumber: '9876543210' },
    });
    await screen.findByText('Your phone number +91 9876543210 has been verified.');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  it('saves the choices on Finish and goes on to the redirect target', async () => {
    const server = installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    const { router } = renderApp({ pathname: '/auth/authenticate', state: newByEmail });
    fireEvent.click(
      await screen.findByRole('checkbox', {
        name: 'I agree to receive marketing and promotional communications.',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('heading', { name: 'Profile Information' });
    expect(router.state.location.pathname).toBe('/profile');
    const saved = server.sent.find((request) => request.url.pathname === '/api/auth/me/metadata');
    expect(saved).toMatchObject({
      method: 'PUT',
      body: {
        receiveMarketingAndPromitionalEmail: true,
        dh: { dhNewsLetterTopNewsOfTheDay: false, newsLetter: { email: null } },
      },
    });
  });

  it('sends no consent the reader did not give', async () => {
    const server = installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    renderApp({ pathname: '/auth/authenticate', state: newByEmail });
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByRole('heading', { name: 'Profile Information' });
    const saved = server.sent.find((request) => request.url.pathname === '/api/auth/me/metadata');
    expect(saved?.body).toEqual({
      receiveMarketingAndPromitionalEmail: false,
      dh: { dhNewsLetterTopNewsOfTheDay: false, newsLetter: { email: null } },
    });
  });

  it('still goes on when the choices cannot be saved, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer(
      siteRoutes({
        ...fakeAuth({ signedInAs: readerByPhone }).routes,
        '/api/auth/me/metadata': () => reply(500, { status: 'ERROR', message: 'Down' }),
      }),
    );
    const { router } = renderApp({
      pathname: '/auth/authenticate',
      state: { ...newByEmail, redirectAfterOTP: '/' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(log).toHaveBeenCalledWith('Saving sign-up preferences failed', expect.anything());
  });

  it('sends anyone but a new reader to / and forgets a chosen plan', async () => {
    installFakeServer(siteRoutes());
    sessionStorage.setItem('selectedPlan', '{"id":1}');
    const { router } = renderApp('/auth/authenticate');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });
});
