import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface AppProvidersProps {
  client: QueryClient;
  children: ReactNode;
}

/** Everything a screen needs from context. Tests pass their own client so no cache leaks between them. */
export function AppProviders({ client, children }: AppProvidersProps) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
