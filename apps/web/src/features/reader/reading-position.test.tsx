// A signed-in reader's place is kept on the account and offered on another device
// the same day (issue 9), never forced: arriving at the reader (an address, the
// logo, a link) shows the place arrived at, with "Continue where you left off"
// (spec 1 §2: the logo returns to today's front page). A visitor's place is never sent.
import { addDays, type ReadingPosition } from '@folio/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  fakeSubscriptions,
  subscriberState,
  type FakeSubscriptionState,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import { POSITION_SAVE_DELAY_MS } from './lib/reader-constants.ts';
import { BACKGROUND_WRITE_RETRIES } from '../../shared/lib/cache-policy.ts';

const pageImage = (name: RegExp) => screen.findByRole('img', { name });
const CONTINUE = /^Continue where you left off/;
const offer = () => screen.queryByRole('link', { name: CONTINUE });

/** `failFirst`: the first saves get these statuses before the server takes one. */
function subscriberWith(
  readingPosition: ReadingPosition | null,
  failFirst: number[] = [],
  state: FakeSubscriptionState = subscriberState(),
) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone }, readingPosition });
  const subscriptions = fakeSubscriptions({
    signedIn: () => auth.account() !== null,
    state,
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

  it("opens today's front page at /, and offers today's saved edition and page without forcing it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { auth } = subscriberWith({ date: TODAY, edition: 3, page: 2 });
    const { router } = renderApp('/');
    expect(await pageImage(/Bengaluru City, .*: Front Page/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: CONTINUE });
    expect(link.textContent).toBe('Continue where you left off · Bengaluru Rural, page 3');
    expect(link.getAttribute('href')).toBe(`/?date=${TODAY}&edition=3&page=2`);
    // The front page it arrived at does not replace the place the account holds.
    await afterSaveDelay(POSITION_SAVE_DELAY_MS);
    expect(auth.positionsSaved()).toEqual([]);
    expect(screen.getByRole('img', { name: /Bengaluru City, .*: Front Page/ })).toBeTruthy();

    await user.click(link);
    expect(await pageImage(/Bengaluru Rural, .*: Sport/)).toBeTruthy();
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=3&page=2`);
    expect(offer()).toBeNull();
    await afterSaveDelay();
    expect(auth.positionsSaved()).toEqual([]);
  });

  it("returns from the saved place to today's front page by the logo, and offers the place again", async () => {
    const user = userEvent.setup();
    subscriberWith({ date: TODAY, edition: 3, page: 2 });
    const { router } = renderApp(`/?date=${TODAY}&edition=3&page=2`);
    await pageImage(/Bengaluru Rural, .*: Sport/);
    expect(offer()).toBeNull();
    await user.click(screen.getByRole('link', { name: /today's front page/ }));
    expect(await pageImage(/Bengaluru City, .*: Front Page/)).toBeTruthy();
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=0`);
    expect(await screen.findByRole('link', { name: CONTINUE })).toBeTruthy();
  });

  it("offers no saved place the reader's plan does not open", async () => {
    const { server } = subscriberWith({ date: TODAY, edition: 3, page: 2 }, [], FREE_STATE);
    renderApp('/');
    await pageImage(/Bengaluru City, .*: Front Page/);
    // Both the plan and the account's place are known.
    await screen.findByRole('option', { name: 'Bengaluru Rural, locked' });
    await waitFor(() => expect(server.calls('/api/users/preferences')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(offer()).toBeNull();
  });

  it("keeps nothing the reader arrived at before the server has said what the reader's plan is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const auth = fakeAuth({
      signedInAs: { ...readerByPhone },
      readingPosition: { date: TODAY, edition: 3, page: 2 },
    });
    const subscriptions = fakeSubscriptions({
      signedIn: () => true,
      state: subscriberState(),
      answerWhen: answered,
    });
    const server = installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
    renderApp('/');
    await pageImage(/Bengaluru City, .*: Front Page/);
    await waitFor(() => expect(server.calls('/api/users/preferences')).toHaveLength(1));
    // Until then the reader counts as free, whose plan would not open the saved place.
    await afterSaveDelay(POSITION_SAVE_DELAY_MS);
    expect(auth.positionsSaved()).toEqual([]);
    answer();
    expect(await screen.findByRole('link', { name: CONTINUE })).toBeTruthy();
    await afterSaveDelay();
    expect(auth.positionsSaved()).toEqual([]);
  });

  it('starts a new day at the front page, whatever was read yesterday', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { auth } = subscriberWith({ date: addDays(TODAY, -1), edition: 3, page: 2 });
    renderApp('/');
    expect(await pageImage(/Bengaluru City, .*: Front Page/)).toBeTruthy();
    // Once the account's place is known, today's front page becomes the place.
    await afterSaveDelay();
    expect(offer()).toBeNull();
    await waitFor(() =>
      expect(auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 0 }]),
    );
    expect(screen.getByRole('img', { name: /Bengaluru City, .*: Front Page/ })).toBeTruthy();
  });

  it('opens the place a link names, offers the saved one, and keeps it until the reader moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { auth } = subscriberWith({ date: TODAY, edition: 3, page: 2 });
    renderApp(`/?date=${TODAY}&edition=2&page=1`);
    expect(await pageImage(/Bengaluru City, .*: City/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: CONTINUE })).toBeTruthy();
    await afterSaveDelay(POSITION_SAVE_DELAY_MS);
    expect(auth.positionsSaved()).toEqual([]);
    // A page turned is the reader's own move: the offer goes, the new place is kept.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/Bengaluru City, .*: Sport/);
    expect(offer()).toBeNull();
    await afterSaveDelay();
    await waitFor(() =>
      expect(auth.positionsSaved()).toEqual([{ date: TODAY, edition: 2, page: 2 }]),
    );
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
    const dropped = subscriberWith(null, [503, 502, 500]);
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
    const refused = subscriberWith(null, [400]);
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
