import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, notify, TOAST_AUTO_CLOSE_MS } from './toaster.tsx';

async function raise(kind: keyof typeof notify, message: string) {
  render(<AppToaster />);
  act(() => notify[kind](message));
  // The first notice fetches sonner; the fake clock moves 5 ms per look until it shows.
  await vi.waitFor(() => expect(screen.queryByText(message)).not.toBeNull(), {
    timeout: 15_000,
    interval: 5,
  });
}

const region = () => screen.getByRole('region', { name: /Notifications/ });

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it('show in the top-right corner and close by themselves after 5000 ms', async () => {
    await raise('success', 'Name updated successfully');
    const shown = screen.getByText('Name updated successfully');
    expect(shown.closest('[data-sonner-toast]')?.getAttribute('data-x-position')).toBe('right');
    expect(shown.closest('[data-sonner-toast]')?.getAttribute('data-y-position')).toBe('top');
    // Up to one 5 ms look may have passed since the toast appeared.
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 10));
    expect(
      screen.getByText('Name updated successfully').closest('[data-removed="true"]'),
    ).toBeNull();
    act(() => vi.advanceTimersByTime(10));
    expect(
      screen.getByText('Name updated successfully').closest('[data-removed="true"]'),
    ).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Name updated successfully')).toBeNull();
  });

  it('say what kind of notice they are and show the same notice once', async () => {
    await raise('error', 'Something went wrong while updating preferences');
    act(() => notify.error('Something went wrong while updating preferences'));
    act(() => vi.advanceTimersByTime(0));
    const toasts = region().querySelectorAll('[data-sonner-toast]');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain(
      'Error: Something went wrong while updating preferences',
    );
  });

  it('close from their close button', async () => {
    await raise('info', 'Please check your email for the OTP');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Please check your email for the OTP')).toBeNull();
  });
});
