import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ImpersonationBanner } from '../components/impersonation-banner.tsx';
import { ToastHost } from '../components/toasts.tsx';
import { createQueryClient } from './query-client.ts';
import { createRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ImpersonationBanner />
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  );
}
