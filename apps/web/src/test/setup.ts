// Each test starts from a blank page: no rendered tree, no stubbed network, no
// remembered reader position.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first screen a test file opens is compiled and loaded on first visit (its
// route and the reader's modules); on a busy machine that alone can pass the
// default second, so waiting for something to appear gets two and a half (not
// three: a test tells the contact page's 3 s redirect timer apart by its delay).
configure({ asyncUtilTimeout: 2500 });

// The fake server stubs fetch per test; a query that refetches after its test has
// ended would otherwise reach the real network (and port 3000) and fail noisily.
// Restoring the stubs restores this instead.
globalThis.fetch = () => Promise.reject(new TypeError('Tests do not reach the network'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.scrollTo(0, 0);
});
