// Each test starts from a blank page: no rendered tree, no stubbed network, no
// remembered reader position.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
