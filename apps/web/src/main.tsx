// The app's first render runs as a transition, which React splits into short tasks:
// on a slow phone a tap or a scroll is never held up by it. The document has
// usually drawn the screen already (the first frame, boot.ts), so nothing is
// waiting to be seen meanwhile.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

const router = createBrowserRouter(appRoutes);

const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
