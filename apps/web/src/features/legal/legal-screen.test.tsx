// /legal-and-privacy-policy (spec 2 §2 "Legal page"): two tabs picked by ?tab=,
// terms for anything else, and the query kept in step with the tab shown.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const shownDocument = () => screen.getByRole('tabpanel').querySelector('h2')?.textContent;
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('legal page', () => {
  it.each([
    ['/legal-and-privacy-policy', 'Terms & Conditions'],
    ['/legal-and-privacy-policy?tab=terms', 'Terms & Conditions'],
    ['/legal-and-privacy-policy?tab=privacy', 'Privacy Policy'],
    ['/legal-and-privacy-policy?tab=cookies', 'Terms & Conditions'],
    ['/legal-and-privacy-policy?tab=', 'Terms & Conditions'],
    ['/legal-and-privacy-policy?tab=PRIVACY', 'Terms & Conditions'],
  ])('opens %s on %s', async (path, title) => {
    installFakeServer(siteRoutes());
    const { router } = renderApp(path);
    await screen.findByRole('tablist', { name: 'Legal documents' });
    expect(selectedTab()).toBe(title);
    expect(shownDocument()).toBe(title);
    expect(screen.getByText('Last updated: December 26, 2024')).toBeTruthy();
    // A tab the page does not know is shown as terms, never an error or a redirect.
    expect(currentUrl(router)).toBe(path);
  });

  it('switches tabs and keeps the choice in the address', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/legal-and-privacy-policy');
    // Radix Tabs switch on mousedown (docs/decisions/0006).
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Privacy Policy' }));
    expect(shownDocument()).toBe('Privacy Policy');
    expect(currentUrl(router)).toBe('/legal-and-privacy-policy?tab=privacy');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Terms & Conditions' }));
    expect(shownDocument()).toBe('Terms & Conditions');
    expect(currentUrl(router)).toBe('/legal-and-privacy-policy?tab=terms');
  });

  it("states the spec's points: INR prices with taxes, auto-renewal, refunds, the brand's support", async () => {
    installFakeServer(siteRoutes());
    renderApp('/legal-and-privacy-policy?tab=terms');
    const terms = (await screen.findByRole('tabpanel')).textContent ?? '';
    expect(terms).toMatch(/Indian Rupees \(INR\) include all applicable taxes/);
    expect(terms).toMatch(/renew automatically/);
    expect(terms).toMatch(/refunded .* within 10-15 business days/);
    expect(terms).toContain('Deccan Herald');
    expect(terms).toContain('epaper-support@dh.example');
  });
});
