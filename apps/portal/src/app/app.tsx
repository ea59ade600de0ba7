import { createQueryClient } from '@atrium/web/app/query-client.ts';
import { ToastHost } from '@atrium/web/components/toasts.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ImpersonationBanner } from '../components/impersonation-banner.tsx';
import { trackSignedInUser } from '../tracking/track-signed-in-user.ts';
import { createRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  // Session recording follows the entry check: on for a signed-in learner, off at sign-out.
  useEffect(() => trackSignedInUser(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ImpersonationBanner />
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  );
}
