// Renders the whole app (routes, shell, providers) at a path, in memory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/router.tsx';

/** Opens `path`; a list opens its last entry with the others as history behind it. */
export function renderApp(path: InitialEntry | InitialEntry[]) {
  const initialEntries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(appRoutes, { initialEntries });
  const view = render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** The router's current address as path + query, for asserting navigation. */
export function currentUrl(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
