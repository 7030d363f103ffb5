import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCKED_POPUP_DELAY_MS, useLockedPopup } from './use-locked-popup.ts';

describe('useLockedPopup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 500 ms after arriving on a locked page, not before', () => {
    expect(LOCKED_POPUP_DELAY_MS).toBe(500);
    const { result } = renderHook(() => useLockedPopup('sign-in', '2026-11-25|2|1'));
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(result.current.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.open).toBe(true);
  });

  it('starts over on another page, and never opens on an open one', () => {
    const { result, rerender } = renderHook(
      ({ reason, key }: { reason: 'subscribe' | null; key: string }) => useLockedPopup(reason, key),
      { initialProps: { reason: 'subscribe' as 'subscribe' | null, key: 'a' } },
    );
    act(() => {
      vi.advanceTimersByTime(400);
    });
    rerender({ reason: 'subscribe', key: 'b' });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current.open).toBe(true);
    rerender({ reason: null, key: 'c' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.open).toBe(false);
  });

  it('opens at once when the lock is pressed, and closes', () => {
    const { result } = renderHook(() => useLockedPopup('upgrade', 'x'));
    act(() => result.current.show());
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });
});
