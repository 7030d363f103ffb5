// Helpers the marketing tests share: a query client around a component, the
// viewport width, and the reader's motion preference.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';

export function renderWithQueries(ui: ReactNode) {
  return render(<AppProviders client={createQueryClient()}>{ui}</AppProviders>);
}

/** happy-dom's window is 1024 px wide unless told otherwise. */
export function setViewportWidth(width: number): void {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

export function prefersReducedMotion(reduce: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce, media: query }) as MediaQueryList,
  );
}
