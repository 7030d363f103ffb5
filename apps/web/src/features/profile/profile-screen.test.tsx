import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByGoogle, readerByPhone, type FakeAccount } from '../../test/fake-auth.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { FREE_STATE } from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

function serve(account: FakeAccount, overrides: Record<string, Handler> = {}) {
  const auth = fakeAuth({ signedInAs: { ...account }, preferredEditionId: 2 });
  const server = installFakeServer(siteRoutes({ ...auth.routes, ...overrides }));
  return { auth, server };
}

async function openProfile() {
  const view = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Information' });
  await screen.findByRole('button', { name: 'Edit Name' });
  return view;
}

/** The row of one field, found by its label. */
function field(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement as HTMLElement);
}

function edit(label: string, value: string) {
  fireEvent.click(screen.getByRole('button', { name: `Edit ${label}` }));
  const input = field(label).getByRole(label === 'Preferred Edition' ? 'combobox' : 'textbox');
  fireEvent.change(input, { target: { value } });
  fireEvent.click(field(label).getByRole('button', { name: 'Save' }));
}

describe('profile', () => {
  it('shows the reader, the two tabs and Logout', async () => {
    serve(readerByPhone);
    await openProfile();
    expect(
      screen.getByRole('tab', { name: 'Personal Information' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(field('Name').getByText('Asha Rao')).toBeTruthy();
    expect(field('Mobile Number').getByText('+91 9876543210')).toBeTruthy();
    expect(field('Email').getByText('Not Provided')).toBeTruthy();
    expect(field('Preferred Edition').getByText('Bengaluru City')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('edits in place: Escape or Cancel closes the field and focus returns to Edit', async () => {
    serve(readerByPhone);
    await openProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    const input = field('Name').getByRole('textbox');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Name' }));
    fireEvent.click(field('Name').getByRole('button', { name: 'Cancel' }));
    expect(field('Name').getByText('Asha Rao')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Name' }));
  });

  it('checks a new name and saves it', async () => {
    const { server, auth } = serve(readerByPhone);
    await openProfile();
    edit('Name', 'A');
    expect((await field('Name').findByRole('alert')).textContent).toBe(
      'Please enter at least 2 characters',
    );
    fireEvent.change(field('Name').getByRole('textbox'), { target: { value: '9 Lives' } });
    fireEvent.click(field('Name').getByRole('button', { name: 'Save' }));
    expect((await field('Name').findByRole('alert')).textContent).toBe('Please enter a valid name');
    fireEvent.change(field('Name').getByRole('textbox'), { target: { value: '  Asha K. Rao ' } });
    fireEvent.click(field('Name').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name updated successfully')).toBeTruthy();
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({
      first_name: 'Asha K. Rao',
    });
    expect(auth.account()?.first_name).toBe('Asha K. Rao');
    expect(await field('Name').findByText('Asha K. Rao')).toBeTruthy();
  });

  it("falls back to the spec's words when a name cannot be saved", async () => {
    serve(readerByPhone, {
      '/api/auth/me': (_url, request) =>
        request.method === 'PUT'
          ? reply(503, { status: 'ERROR', message: 'Unavailable' })
          : {
              userData: { emails: [], phoneNumbers: ['+919876543210'] },
              metadata: { first_name: 'Asha Rao' },
              loginMethod: 'regular',
              isNewUser: false,
            },
    });
    await openProfile();
    edit('Name', 'Asha Kumari');
    expect((await field('Name').findByRole('alert')).textContent).toBe(
      'Failed to update name. Please try again.',
    );
  });

  it('checks a new mobile number, refuses the same one and confirms a new one by code', async () => {
    const { server } = serve(readerByPhone);
    const { router } = await openProfile();
    edit('Mobile Number', '');
    expect((await field('Mobile Number').findByRole('alert')).textContent).toBe(
      'Please enter a valid phone number',
    );
    fireEvent.change(field('Mobile Number').getByRole('textbox'), { target: { value: '12345' } });
    fireEvent.click(field('Mobile Number').getByRole('button', { name: 'Save' }));
    expect((await field('Mobile Number').findByRole('alert')).textContent).toBe(
      'Enter valid 10-digit mobile number',
    );
    fireEvent.change(field('Mobile Number').getByRole('textbox'), {
      target: { value: '98765 43210' },
    });
    expect((field('Mobile Number').getByRole('textbox') as HTMLInputElement).value).toBe(
      '9876543210',
    );
    fireEvent.click(field('Mobile Number').getByRole('button', { name: 'Save' }));
    expect((await field('Mobile Number').findByRole('alert')).textContent).toBe(
      'User already exists with this mobile number',
    );
    fireEvent.change(field('Mobile Number').getByRole('textbox'), {
      target: { value: '9123456780' },
    });
    fireEvent.click(field('Mobile Number').getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Verification' });
    expect(router.state.location.state).toEqual({
      fromProfile: true,
      verificationMethod: 'mobile',
      phoneNumber: '9123456780',
    });
    expect(
      server.sent.find((r) => r.url.pathname === '/api/auth/change-phone-number')?.body,
    ).toEqual({
      phoneNumber: '+919123456780',
    });
    expect(JSON.parse(sessionStorage.getItem('UserPreAuthData') ?? '{}')).toMatchObject({
      preAuthSessionId: 'pre-auth-1',
    });
    expect(screen.getByText('Verification code sent to your phone')).toBeTruthy();
    expect(server.calls('/api/auth/code')).toHaveLength(0);
  });

  it("shows the server's reason when a phone change is refused", async () => {
    serve(readerByPhone, {
      '/api/auth/change-phone-number': () =>
        reply(400, { status: 'ERROR', message: 'User already exists with this mobile number' }),
    });
    await openProfile();
    edit('Mobile Number', '9123456780');
    expect((await field('Mobile Number').findByRole('alert')).textContent).toBe(
      'User already exists with this mobile number',
    );
  });

  it('checks a new e-mail with the profile rule', async () => {
    serve(readerByPhone, {
      '/api/auth/change-email': () => reply(502, { status: 'ERROR', message: 'Bad gateway' }),
    });
    await openProfile();
    edit('Email', 'asha..rao@example.in');
    expect((await field('Email').findByRole('alert')).textContent).toBe(
      'Please enter a valid email address',
    );
    fireEvent.change(field('Email').getByRole('textbox'), { target: { value: 'asha@example.in' } });
    fireEvent.click(field('Email').getByRole('button', { name: 'Save' }));
    expect((await field('Email').findByRole('alert')).textContent).toBe(
      'Failed to update email. Please try again.',
    );
  });

  it('locks the e-mail of a Google reader and says why', async () => {
    serve(readerByGoogle);
    await openProfile();
    expect(screen.queryByRole('button', { name: 'Edit Email' })).toBeNull();
    const lock = field('Email').getByRole('img', { name: 'Locked' });
    const tip = document.getElementById(lock.getAttribute('aria-describedby') ?? '');
    expect(tip?.textContent).toBe('This field cannot be edited for third-party login users');
    expect(tip?.getAttribute('role')).toBe('tooltip');
  });

  it('saves the preferred edition', async () => {
    const { server } = serve(readerByPhone);
    await openProfile();
    edit('Preferred Edition', '3');
    expect(await screen.findByText('Preferences updated successfully')).toBeTruthy();
    expect(server.sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      dh_preferred_edition_id: 3,
    });
    expect(await field('Preferred Edition').findByText('Bengaluru Rural')).toBeTruthy();
  });

  it('says "Something went wrong while updating preferences" when the edition is refused', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 2 });
    const preferences = auth.routes['/api/users/preferences']!;
    installFakeServer(
      siteRoutes({
        ...auth.routes,
        '/api/users/preferences': (url, request) =>
          request.method === 'PATCH'
            ? reply(400, { status: 'ERROR', message: 'Unknown edition' })
            : preferences(url, request),
      }),
    );
    await openProfile();
    edit('Preferred Edition', '5');
    expect(await screen.findByText('Something went wrong while updating preferences')).toBeTruthy();
    expect((await field('Preferred Edition').findByRole('alert')).textContent).toBe(
      'Failed to update preferences.',
    );
  });

  it('shows the free plan under Subscriptions', async () => {
    serve(readerByPhone, { '/api/users/subscription': () => FREE_STATE });
    await openProfile();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Subscriptions' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Freemium Plan')).toBeTruthy();
    expect(within(panel).getByText('₹0')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe(
      '/subscribe',
    );
  });

  it('logs out: signs out, forgets the account and returns to /', async () => {
    const { server } = serve(readerByPhone);
    localStorage.setItem('renewal_reminder_dismissed_until', '123');
    sessionStorage.setItem('user_login_method', 'regular');
    sessionStorage.setItem('epaper_scroll_position', '{"y":10}');
    const { router } = await openProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(server.calls('/api/auth/signout')).toHaveLength(1);
    expect(localStorage.getItem('renewal_reminder_dismissed_until')).toBeNull();
    expect(sessionStorage.getItem('user_login_method')).toBeNull();
    expect(sessionStorage.getItem('epaper_scroll_position')).toBe('{"y":10}');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
