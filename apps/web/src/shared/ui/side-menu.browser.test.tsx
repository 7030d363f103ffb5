// What only a real browser's modal <dialog> does for the side menu (Debian's
// Chromium, vitest.browser.config.ts): focus kept inside while it is open, the
// page behind locked from scrolling, and focus handed back to the menu button when
// it or the popup it opens closes, with real keys.
import '../../styles.css';
import { BRANDS } from '@folio/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import type { AppConfig } from '../api/app-config.ts';
import { SideMenuButton } from './side-menu-button.tsx';

afterEach(() => cleanup());

const CONFIG: AppConfig = {
  brand: BRANDS.dh,
  publisher: 'DH',
  timeZone: 'Asia/Kolkata',
  today: '2026-11-21',
  googleClientId: null,
};

function renderHeader() {
  const client = createQueryClient();
  client.setQueryData(['config'], CONFIG);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <Suspense>
          <header>
            <a href="#before">Before the menu</a>
            <SideMenuButton brand={BRANDS.dh} />
          </header>
          <main className="h-[300vh]">The page</main>
        </Suspense>
      ),
    },
  ]);
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return screen.getByRole('button', { name: 'Menu' });
}

const openMenu = async (button: HTMLElement) => {
  await userEvent.click(button);
  return waitFor(() => screen.getByRole('dialog', { name: 'Menu' }), { timeout: 5_000 });
};

describe('side menu in Chromium', () => {
  it('keeps focus inside and the page still while open; Escape hands focus back to the button', async () => {
    const button = renderHeader();
    const menu = await openMenu(button);
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(getComputedStyle(document.documentElement).overflow).toBe('hidden');

    // Tab runs through the menu's controls and never reaches the page behind it.
    const reached = new Set<string>();
    for (let i = 0; i < 14; i += 1) {
      await userEvent.keyboard('{Tab}');
      const focused = document.activeElement;
      expect(focused === document.body || menu.contains(focused)).toBe(true);
      if (focused && focused !== document.body) reached.add(focused.textContent?.trim() ?? '');
    }
    expect(reached).toEqual(
      new Set([
        '',
        'Home',
        'Search',
        'Saved Articles',
        'FAQs',
        'Get in touch (opens in a new tab)',
        'WhatsApp +91 80 4000 2000',
        'E-mail epaper-support@dh.example',
      ]),
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(getComputedStyle(document.documentElement).overflow).not.toBe('hidden');
  });

  it("hands focus back to the button after a visitor's Saved Articles popup closes", async () => {
    const button = renderHeader();
    const menu = await openMenu(button);
    const saved = [...menu.querySelectorAll('button')].find(
      (control) => control.textContent === 'Saved Articles',
    );
    if (!saved) throw new Error('Saved Articles is not a button for a visitor');
    await userEvent.click(saved);
    const popup = await waitFor(
      () => screen.getByRole('dialog', { name: 'Subscriber-Only Feature' }),
      { timeout: 5_000 },
    );
    expect(popup.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});
