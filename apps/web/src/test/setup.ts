// Each test starts from a blank page: no rendered tree, no stubbed network, no
// remembered reader position.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.scrollTo(0, 0);
});
