import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

const router = createBrowserRouter(appRoutes);

createRoot(root).render(
  <StrictMode>
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
