import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from '../shared/ui/toaster.tsx';

interface AppProvidersProps {
  client: QueryClient;
  children: ReactNode;
}

/** Everything a screen needs from context. Tests pass their own client so no cache leaks between them. */
export function AppProviders({ client, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
