'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/client/api';
import { ToastProvider } from '@/components/ui/toast';

/**
 * What every page's client components share: one query cache and the toasts. No next-auth
 * SessionProvider: nothing reads the session in the browser (pages get it on the server, sign-in
 * and sign-out call next-auth directly), and the provider asked /api/auth/session again on every
 * page load and every return to the tab, for a guest on a link as for a signed-in person: a request
 * and a database read each time for an answer nobody used.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            // 4xx answers will not change by asking again
            retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
