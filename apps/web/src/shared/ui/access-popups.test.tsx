import { fireEvent, render, screen, within } from '@testing-library/react';
import { BRANDS, type Brand, type LockReason } from '@folio/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LockedPopup, SignInPopup } from './access-popups.tsx';

function open(
  reason: LockReason,
  planName?: string,
  brand: Pick<Brand, 'releaseTime'> = BRANDS.dh,
) {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <LockedPopup brand={brand} reason={reason} planName={planName} onClose={onClose} />
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/?date=2026-11-20&edition=3'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onClose, dialog: within(screen.getByRole('dialog')) };
}

describe('access popups', () => {
  it('offers a visitor the plans, later, or logging in and coming back', () => {
    const { dialog, onClose, router } = open('sign-in');
    expect(screen.getByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeTruthy();
    expect(dialog.getByText('Early Access')).toBeTruthy();
    expect(dialog.getByText('ePaper daily from 6:30 AM')).toBeTruthy();
    expect(dialog.getByText('All Editions')).toBeTruthy();
    expect(dialog.getByText('Archives')).toBeTruthy();
    expect(dialog.getByText(/from 2020/)).toBeTruthy();
    expect(dialog.getByText(/Already a subscriber\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('link', { name: 'Log in here' }));
    expect(onClose).toHaveBeenCalled();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/auth?redirectUrl=${encodeURIComponent('/?date=2026-11-20&edition=3')}`,
    );
  });

  it.each(['subscribe', 'freemium'] as const)(
    'offers a signed-in reader (%s) the plans without a log-in link',
    (reason) => {
      const { dialog, router } = open(reason);
      expect(screen.getByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeTruthy();
      expect(dialog.queryByRole('link', { name: 'Log in here' })).toBeNull();
      fireEvent.click(dialog.getByRole('link', { name: 'View Subscription Plans' }));
      expect(router.state.location.pathname).toBe('/subscribe');
    },
  );

  it('closes on Maybe Later and on Escape', () => {
    const { dialog, onClose } = open('subscribe');
    fireEvent.click(dialog.getByRole('button', { name: 'Maybe Later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Escape on a modal <dialog> reaches the page as its cancel event.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers a subscriber an upgrade, naming the current plan', () => {
    const { dialog, onClose, router } = open('upgrade', 'Monthly');
    expect(screen.getByRole('dialog', { name: 'Premium Feature Access' })).toBeTruthy();
    expect(dialog.getByText('Monthly')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Continue With Current Plan' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('link', { name: 'View Upgrade Options' }));
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(router.state.location.state).toEqual({ fromUpgrade: true });
  });

  it("names the brand's release time as the early access", () => {
    const { dialog } = open('subscribe', undefined, { releaseTime: { hour: 7, minute: 15 } });
    expect(dialog.getByText('ePaper daily from 7:15 AM')).toBeTruthy();
  });

  it('asks only for a sign-in where an account is enough, and comes back after it', () => {
    const onClose = vi.fn();
    const router = createMemoryRouter(
      [
        {
          path: '/article/:id',
          element: (
            <SignInPopup title="Log In To Bookmark Articles" onClose={onClose}>
              Bookmarks are free with an account.
            </SignInPopup>
          ),
        },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/article/a1?date=2026-11-20'] },
    );
    render(<RouterProvider router={router} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Log In To Bookmark Articles' }));
    expect(dialog.queryByText(/Subscriber-Only|Subscription Plans/)).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Maybe Later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('link', { name: 'Log In or Sign Up' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/auth?redirectUrl=${encodeURIComponent('/article/a1?date=2026-11-20')}`,
    );
  });

  it('opens as a modal <dialog>, which locks the page behind and keeps focus inside', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    open('subscribe');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('dialog') as HTMLDialogElement).open).toBe(true);
  });
});
