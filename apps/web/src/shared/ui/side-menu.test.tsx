// The side menu in the reader (spec 1 §2 "Side menu"): its entries for a visitor
// and for a signed-in reader, where each leads, the support block, and Escape.
// That focus goes back to the menu button is the browser's <dialog> behaviour,
// checked in Chromium (side-menu.browser.test.tsx) and in e2e/side-menu.spec.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  return within(await screen.findByRole('dialog', { name: 'Menu' }));
}

const entryNames = (menu: ReturnType<typeof within>) =>
  within(menu.getByRole('navigation', { name: 'Site' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(' (opens in a new tab)', '').trim());

describe('side menu', () => {
  it('offers a visitor every entry but My Profile, with the support block', async () => {
    installFakeServer(siteRoutes());
    renderApp('/');
    const menu = await openMenu();
    expect(entryNames(menu)).toEqual(['Home', 'Search', 'Saved Articles', 'FAQs', 'Get in touch']);
    // Today's front page of the reader's edition (spec 1 §2), never the bare / .
    expect(menu.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(
      `/?date=${TODAY}&edition=2&page=0`,
    );
    expect(menu.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    expect(menu.getByRole('link', { name: 'FAQs' }).getAttribute('href')).toBe('/faqs');
    const contact = menu.getByRole('link', { name: /Get in touch/ });
    expect(contact.getAttribute('href')).toBe('/contact');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(contact.getAttribute('rel')).toContain('noopener');

    const support = within(menu.getByRole('region', { name: 'Facing Issues?' }));
    const whatsapp = support.getByRole('link', { name: /\+91 80 4000 2000/ });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/918040002000');
    expect(
      support.getByRole('link', { name: /epaper-support@dh\.example/ }).getAttribute('href'),
    ).toBe('mailto:epaper-support@dh.example');
    expect(support.getByText('Working Hours Mon - Fri : 10:00 AM to 6:00 PM')).toBeTruthy();
  });

  it('adds My Profile for a signed-in reader, and Saved Articles leads to the saved list', async () => {
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    renderApp('/');
    // The header knows the reader is signed in once the profile icon shows.
    await screen.findByRole('link', { name: 'My Profile' });
    const menu = await openMenu();
    expect(entryNames(menu)).toEqual([
      'Home',
      'Search',
      'My Profile',
      'Saved Articles',
      'FAQs',
      'Get in touch',
    ]);
    expect(menu.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
    expect(menu.getByRole('link', { name: 'Saved Articles' }).getAttribute('href')).toBe(
      '/saved-articles',
    );
  });

  it("shows a visitor's Saved Articles the subscriber popup with a way to log in", async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    const menu = await openMenu();
    fireEvent.click(menu.getByRole('button', { name: 'Saved Articles' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(popup.getByRole('link', { name: 'View Subscription Plans' })).toBeTruthy();
    expect(popup.getByRole('link', { name: 'Log in here' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/');
    fireEvent.click(popup.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape, on its close button and when an entry is followed', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp(`/?date=${TODAY}&edition=3&page=1`);
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Escape on a modal <dialog> reaches the page as its cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click((await openMenu()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Home is today's front page of the reader's edition, wherever the reader was.
    fireEvent.click((await openMenu()).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=0`));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
