// Turns the route table into React Router's data routes under the app shell.
import { Navigate, type RouteObject } from 'react-router';
import { ScreenStatus } from '../shared/ui/screen-status.tsx';
import { AppErrorScreen } from './layout/app-error-screen.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { ROUTE_TABLE, type AppRoute } from './route-table.ts';

function toRouteObject(route: AppRoute): RouteObject[] {
  const { screen } = route;
  if ('Component' in screen) return [{ path: route.path, Component: screen.Component }];
  return [{ path: route.path, lazy: async () => ({ Component: await screen.load() }) }];
}

function FirstLoad() {
  return <ScreenStatus>Loading...</ScreenStatus>;
}

export const appRoutes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: AppErrorScreen,
    // Shown while a code-split screen loads on the very first visit (a deep link to an article).
    HydrateFallback: FirstLoad,
    children: [
      ...ROUTE_TABLE.flatMap((route) => toRouteObject(route)),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
