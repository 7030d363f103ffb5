import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuth, TEST_CODE } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteConfig, siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fetchAppConfig } from '../api/app-config.ts';
import { installTagManager, track } from './tracking.ts';

const GTM_ID = 'GTM-AB12CD3';
const tagManagerScripts = () =>
  [...document.querySelectorAll('script')].filter((script) =>
    script.src.startsWith('https://www.googletagmanager.com/'),
  );

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete window.dataLayer;
});

describe('track', () => {
  it('pushes the event and its parameters to the data layer, creating it if missing', () => {
    expect(window.dataLayer).toBeUndefined();
    track('select_plan', { plan_id: 7, currency: 'INR' });
    track('share');
    expect(window.dataLayer).toEqual([
      { event: 'select_plan', plan_id: 7, currency: 'INR' },
      { event: 'share' },
    ]);
  });

  it('adds to a data layer the page already has', () => {
    window.dataLayer = [{ event: 'earlier' }];
    track('purchase', { value: 199 });
    expect(window.dataLayer).toEqual([{ event: 'earlier' }, { event: 'purchase', value: 199 }]);
  });
});

describe('installTagManager', () => {
  it('loads nothing without a container id', () => {
    installTagManager(null);
    installTagManager('');
    expect(tagManagerScripts()).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it("loads GTM's script for the container exactly once", () => {
    installTagManager(GTM_ID);
    installTagManager(GTM_ID);
    const scripts = tagManagerScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`);
    expect(scripts[0]?.async).toBe(true);
    expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('is installed from the site config, only when the server names a container', async () => {
    installFakeServer({ '/api/config': () => siteConfig });
    await fetchAppConfig();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    installFakeServer({ '/api/config': () => ({ ...siteConfig, gtmId: GTM_ID }) });
    await fetchAppConfig();
    await fetchAppConfig();
    expect(tagManagerScripts()).toHaveLength(1);
  });
});

describe('tracked events', () => {
  it('tracks a login once a code is verified', async () => {
    const auth = fakeAuth();
    installFakeServer(siteRoutes(auth.routes));
    renderApp({
      pathname: '/auth/verify_otp',
      state: { verificationMethod: 'mobile', phoneNumber: '9876543210' },
    });
    await screen.findByText('Please check your phone for the OTP');
    const field = screen.getByRole('textbox', { name: 'One-time code' });
    fireEvent.paste(field, { clipboardData: { getData: () => TEST_CODE } });
    expect(window.dataLayer ?? []).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.dataLayer).toEqual([{ event: 'login', method: 'mobile' }]));
  });

  it("tracks the reader's change of edition", async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    renderApp('/');
    const select = await screen.findByRole('combobox', { name: 'Edition' });
    expect(window.dataLayer ?? []).toEqual([]);
    await user.selectOptions(select, '5');
    expect(window.dataLayer).toEqual([
      { event: 'change_edition', edition_number: 5, previous_edition_number: 2 },
    ]);
  });
});
