// What happy-dom can prove about the toaster: the queue before react-toastify has
// loaded, what a screen reader hears, one toast per notice and the close button.
// Placement, the 5000 ms timer and drag-to-dismiss need a real browser's layout,
// animations and pointer: toaster.browser.test.tsx.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Toaster = typeof import('./toaster.tsx');
let toaster: Toaster;

beforeEach(async () => {
  // A fresh toaster module per test: nothing loaded, no notice wanted yet.
  vi.resetModules();
  toaster = await import('./toaster.tsx');
});

const region = () => screen.getByRole('region', { name: 'Notifications' });
// The first notice fetches react-toastify; the first test to do so waits longest.
const shown = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });
const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');

describe('toasts', () => {
  it('wait in a queue until the toaster has loaded, then all show', async () => {
    const { container } = render(<toaster.AppToaster />);
    // No notice yet: nothing is drawn, even once the toaster's code is at hand.
    await act(() => import('./toaster-view.tsx'));
    expect(container.innerHTML).toBe('');
    act(() => {
      toaster.notify.success('Name updated successfully');
      toaster.notify.info('Please check your email for the OTP');
    });
    await shown('Name updated successfully');
    const toasts = within(region()).getAllByText(/Name updated|check your email/);
    expect(toasts.map((toast) => toast.textContent)).toEqual([
      'Information: Please check your email for the OTP',
      'Success: Name updated successfully',
    ]);
  });

  it('say what kind of notice they are', async () => {
    render(<toaster.AppToaster />);
    act(() => {
      toaster.notify.success('Saved');
      toaster.notify.error('Failed');
      toaster.notify.info('Note');
    });
    await shown('Saved');
    for (const [message, spoken, border] of [
      ['Saved', 'Success: ', 'border-emerald-600'],
      ['Failed', 'Error: ', 'border-red-600'],
      ['Note', 'Information: ', 'border-sky-600'],
    ] as const) {
      const prefix = within(toastOf(message) as HTMLElement).getByText(spoken.trim());
      expect(prefix.className).toBe('sr-only');
      expect(prefix.parentElement?.textContent).toBe(`${spoken}${message}`);
      expect(toastOf(message)?.classList).toContain(border);
    }
    // Spoken by the polite region alone: no toast is an alert of its own.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('show the same notice once', async () => {
    render(<toaster.AppToaster />);
    act(() => toaster.notify.error('Something went wrong while updating preferences'));
    await shown('Something went wrong while updating preferences');
    act(() => {
      toaster.notify.error('Something went wrong while updating preferences');
      toaster.notify.info('Something went wrong while updating preferences');
    });
    const toasts = region().querySelectorAll('.Toastify__toast');
    expect([...toasts].map((toast) => toast.textContent)).toEqual([
      'Information: Something went wrong while updating preferences',
      'Error: Something went wrong while updating preferences',
    ]);
  });

  it('close from their close button', async () => {
    render(<toaster.AppToaster />);
    act(() => toaster.notify.info('Please check your email for the OTP'));
    await shown('Please check your email for the OTP');
    const toast = toastOf('Please check your email for the OTP') as HTMLElement;
    expect(toast.dataset.in).toBe('true');
    fireEvent.click(within(toast).getByRole('button', { name: 'Close notification' }));
    expect(toast.dataset.in).toBe('false');
    // happy-dom plays no animation: end the exit slide as the browser would.
    fireEvent.animationEnd(toast);
    await waitFor(() =>
      expect(screen.queryByText('Please check your email for the OTP')).toBeNull(),
    );
  });
});
