import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { toastForError } from './error-toast.ts';
import { entryQueryKey } from './session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/**
 * How a call's failure is shown: `silent` when the screen handles it itself (the entry check → /login),
 * `withStatus` for loads spec 1 §8 reports with their status code (profile, class, avatar).
 */
export interface ErrorMeta extends Record<string, unknown> {
  silent?: boolean;
  withStatus?: boolean;
}

/** One QueryClient; its caches raise the error toasts so screens never repeat that logic. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, meta: ErrorMeta | undefined) => {
    if (!meta?.silent) toastForError(error, { withStatus: meta?.withStatus });
    // A session revoked or expired mid-use: re-run the entry check, whose failure sends the user to /login.
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: entryQueryKey, refetchType: 'active' });
    }
  };
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== entryQueryKey[0]) onError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
