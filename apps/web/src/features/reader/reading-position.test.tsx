// A signed-in reader's place is kept on the account and resumed on another
// device the same day (issue 9); a visitor's place is never sent.
import { addDays, type ReadingPosition } from '@folio/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { fakeSubscriptions, subscriberState } from '../../test/fake-subscriptions.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import { POSITION_SAVE_DELAY_MS } from './lib/reader-constants.ts';
import { BACKGROUND_WRITE_RETRIES } from '../../shared/lib/cache-policy.ts';

const pageImage = (name: RegExp) => screen.findByRole('img', { name });

/** `failFirst`: the first saves get these statuses before the server takes one. */
function subscriberWith(readingPosition: ReadingPosition | null, failFirst: number[] = []) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone }, readingPosition });
  const subscriptions = fakeSubscriptions({
    signedIn: () => auth.account() !== null,
    state: subscriberState(),
  });
  const failures = [...failFirst];
  const save = auth.routes['/api/users/reading-position'];
  const server = installFakeServer(
    siteRoutes({
      ...auth.routes,
      ...subscriptions.routes,
      '/api/users/reading-position': (url, request) => {
        const status = failures.shift();
        if (status !== undefined) return reply(status, { status: 'ERROR', message: 'failed' });
        return save?.(url, request);
      },
    }),
  );
  return { auth, server };
}

/** Lets the save's delay pass and what it sends reach the fake server. */
async function afterSaveDelay(extra = 0) {
  await act(() => vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS + extra));
}

describe('reading position', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resumes a signed-in reader at today's saved edition and page at /", async () => {
    const { server } = subscriberWith({ date: TODAY, edition: 3, page: 2 });
    renderApp('/');
    expect(await pageImage(/Bengaluru Rural, .*: Sport/)).toBeTruthy();
    expect(server.calls('/api/users/reading-position')).toHaveLength(0);
  });

  it('starts a new day at the front page, whatever was read yesterday', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { auth } = subscriberWith({ date: addDays(TODAY, -1), edition: 3, page: 2 });
    renderApp('/');
    expect(await pageImage(/Bengaluru City, .*: Front Page/)).toBeTruthy();
    // Once the account's place is known, today's front page becomes the place.
    await afterSaveDelay();
    await waitFor(() =>
      expect(auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 0 }]),
    );
    expect(screen.getByRole('img', { name: /Bengaluru City, .*: Front Page/ })).toBeTruthy();
  });

  it('opens the place a link names, not the saved one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { auth } = subscriberWith({ date: TODAY, edition: 3, page: 2 });
    renderApp(`/?date=${TODAY}&edition=2&page=1`);
    expect(await pageImage(/Bengaluru City, .*: City/)).toBeTruthy();
    await afterSaveDelay();
    await waitFor(() =>
      expect(auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 1 }]),
    );
    expect(screen.getByRole('img', { name: /Bengaluru City, .*: City/ })).toBeTruthy();
  });

  it('sends one save for pages turned in quick succession, once the reader stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { auth } = subscriberWith({ date: TODAY, edition: 2, page: 0 });
    const { router } = renderApp(`/?date=${TODAY}&edition=2&page=0`);
    await pageImage(/Front Page/);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/City/);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/Sport/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=2`);
    await act(() => vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS - 100));
    expect(auth.positionsSaved()).toEqual([]);
    await afterSaveDelay();
    await waitFor(() =>
      expect(auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 2 }]),
    );
    // The account now holds this place: staying on it sends nothing more.
    await afterSaveDelay(POSITION_SAVE_DELAY_MS);
    expect(auth.positionsSaved()).toHaveLength(1);
  });

  it('keeps trying a save the server failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dropped = subscriberWith({ date: TODAY, edition: 3, page: 2 }, [503, 502, 500]);
    renderApp(`/?date=${TODAY}&edition=2&page=1`);
    await pageImage(/Bengaluru City, .*: City/);
    await afterSaveDelay();
    // Three failures, 1 s, 2 s and 4 s apart, then the fourth try is kept.
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    await waitFor(() =>
      expect(dropped.auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 1 }]),
    );
    expect(dropped.server.calls('/api/users/reading-position')).toHaveLength(
      BACKGROUND_WRITE_RETRIES + 1,
    );
  });

  it('does not repeat a save the server refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const refused = subscriberWith({ date: TODAY, edition: 3, page: 2 }, [400]);
    renderApp(`/?date=${TODAY}&edition=2&page=1`);
    await pageImage(/Bengaluru City, .*: City/);
    await afterSaveDelay();
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(refused.server.calls('/api/users/reading-position')).toHaveLength(1);
    expect(refused.auth.positionsSaved()).toEqual([]);
  });

  it("never sends a visitor's place", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = installFakeServer(siteRoutes());
    renderApp('/');
    await pageImage(/Front Page/);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/City/);
    await afterSaveDelay(POSITION_SAVE_DELAY_MS);
    await afterSaveDelay();
    expect(server.calls('/api/users/reading-position')).toHaveLength(0);
  });
});
