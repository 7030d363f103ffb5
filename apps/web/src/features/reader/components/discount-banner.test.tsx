import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fakeAuth, readerByPhone } from '../../../test/fake-auth.ts';
import { installFakeServer } from '../../../test/fake-server.ts';
import { FREE_STATE, subscriberState } from '../../../test/fake-subscriptions.ts';
import { DiscountBanner } from './discount-banner.tsx';

const NOW = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR_MS = 3_600_000;

function openWith(banner: object) {
  const server = installFakeServer({ '/api/discount-banner': () => banner });
  render(
    <AppProviders client={createQueryClient()}>
      <p>Reader</p>
      <DiscountBanner publisher="DH" />
    </AppProviders>,
  );
  return server;
}

const offer = (start: number, expiry: number) => ({
  is_active: true,
  start_date: at(start),
  expiry_date: at(expiry),
  banner_text: 'Save up to 40% on yearly plans',
  banner_subtext: 'The offer ends in',
});
const timer = () => screen.queryByRole('timer')?.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('discount banner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the offer and counts down to its expiry every second as hh:mm:ss', async () => {
    const server = openWith(offer(-HOUR_MS, 2 * HOUR_MS + 5_000));
    expect(await screen.findByText('Save up to 40% on yearly plans')).toBeTruthy();
    expect(screen.getByText('The offer ends in')).toBeTruthy();
    expect(timer()).toBe('02:00:05');
    await wait(1_000);
    expect(timer()).toBe('02:00:04');
    await wait(5_000);
    expect(timer()).toBe('01:59:59');
    expect(server.calls('/api/discount-banner')[0]?.searchParams.get('publisher')).toBe('DH');
  });

  it('counts hours up to 48, then days plus hh:mm:ss (never "719:43:08")', async () => {
    openWith(offer(-HOUR_MS, 30 * 24 * HOUR_MS - 16 * 60_000 - 52_000));
    await screen.findByRole('timer');
    expect(timer()).toBe('29 days 23:43:08');
    cleanup();
    openWith(offer(-HOUR_MS, 48 * HOUR_MS));
    await screen.findByRole('timer');
    expect(timer()).toBe('48:00:00');
    cleanup();
    openWith(offer(-HOUR_MS, 48 * HOUR_MS + 1_000));
    await screen.findByRole('timer');
    expect(timer()).toBe('2 days 00:00:01');
    await wait(1_000);
    expect(timer()).toBe('48:00:00');
  });

  it('is not shown to a reader who already pays', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
    const server = installFakeServer({
      ...auth.routes,
      '/api/users/subscription': () => subscriberState(),
      '/api/discount-banner': () => offer(-HOUR_MS, 2 * HOUR_MS),
    });
    render(
      <AppProviders client={createQueryClient()}>
        <DiscountBanner publisher="DH" />
      </AppProviders>,
    );
    await waitFor(() => expect(server.calls('/api/users/subscription')).toHaveLength(1));
    await wait(1_000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Save up to 40% on yearly plans')).toBeNull();
  });

  it('is shown to a signed-in reader without a plan', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
    installFakeServer({
      ...auth.routes,
      '/api/users/subscription': () => FREE_STATE,
      '/api/discount-banner': () => offer(-HOUR_MS, 2 * HOUR_MS),
    });
    render(
      <AppProviders client={createQueryClient()}>
        <DiscountBanner publisher="DH" />
      </AppProviders>,
    );
    expect(await screen.findByText('Save up to 40% on yearly plans')).toBeTruthy();
  });

  it('hides the moment the offer expires', async () => {
    openWith(offer(-HOUR_MS, 3_000));
    await screen.findByRole('timer');
    expect(timer()).toBe('00:00:03');
    await wait(2_000);
    expect(timer()).toBe('00:00:01');
    await wait(1_000);
    expect(screen.queryByText('Save up to 40% on yearly plans')).toBeNull();
    expect(timer()).toBeUndefined();
  });

  it('shows nothing before the offer starts, then appears at its start', async () => {
    openWith(offer(2_000, HOUR_MS));
    await wait(100);
    expect(screen.getByText('Reader')).toBeTruthy();
    expect(screen.queryByText('Save up to 40% on yearly plans')).toBeNull();
    await wait(2_000);
    expect(await screen.findByText('Save up to 40% on yearly plans')).toBeTruthy();
    expect(timer()).toBe('00:59:58');
  });

  it('shows nothing for an inactive banner', async () => {
    const server = openWith({
      is_active: false,
      start_date: null,
      expiry_date: null,
      banner_text: '',
      banner_subtext: '',
    });
    await wait(1_000);
    expect(server.calls('/api/discount-banner')).toHaveLength(1);
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(timer()).toBeUndefined();
  });

  it('shows nothing for a switched-off offer inside its window', async () => {
    openWith({ ...offer(-HOUR_MS, HOUR_MS), is_active: false });
    await wait(1_000);
    expect(screen.queryByText('Save up to 40% on yearly plans')).toBeNull();
  });
});
