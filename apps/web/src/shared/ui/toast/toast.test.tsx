import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_CLOSE_MS, useToast } from './toast-context.ts';
import { ToastProvider } from './toast-provider.tsx';

function Raise({ kind, message }: { kind: 'success' | 'error' | 'info'; message: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast[kind](message)}>
      raise
    </button>
  );
}

function renderWith(kind: 'success' | 'error' | 'info', message: string) {
  render(
    <ToastProvider>
      <Raise kind={kind} message={message} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'raise' }));
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('close by themselves after 5000 ms', () => {
    renderWith('success', 'Name updated successfully');
    expect(screen.getByRole('status').textContent).toContain('Name updated successfully');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Name updated successfully')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Name updated successfully')).toBeNull();
  });

  it('announce errors as alerts and show the same notice once', () => {
    renderWith('error', 'Something went wrong while updating preferences');
    fireEvent.click(screen.getByRole('button', { name: 'raise' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('wait while the pointer rests on them', () => {
    renderWith('info', 'Please check your phone for the OTP');
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerLeave(toast);
    // Hovered at once, so the whole time is still left.
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('close from their close button', () => {
    renderWith('info', 'Please check your email for the OTP');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dismiss when dragged 80 percent of their width, and spring back when dragged less', () => {
    renderWith('success', 'Email updated successfully');
    const toast = screen.getByRole('status');
    vi.spyOn(toast, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 300, 60));
    const drag = (to: number) => {
      fireEvent.pointerDown(toast, { pointerId: 1, button: 0, clientX: 10 });
      fireEvent.pointerMove(toast, { pointerId: 1, clientX: 10 + to });
      fireEvent.pointerUp(toast, { pointerId: 1, clientX: 10 + to });
    };
    drag(200);
    expect(screen.queryByRole('status')).not.toBeNull();
    expect(toast.style.transform).toBe('');
    drag(240);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
