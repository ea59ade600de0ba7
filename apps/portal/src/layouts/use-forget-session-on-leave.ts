import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * After sign-out, drops everything the session loaded, but only once the signed-in screens have unmounted:
 * a cleanup runs after React has committed the next screen, so nothing mounted can read a missing user
 * (the "useCurrentUser outside the session gate" error at every logout). While a token remains (a strict-mode
 * remount, a 401 that sends the user to /login) the cache stays; the next sign-in replaces it anyway.
 */
export function useForgetSessionOnLeave(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      if (readSessionToken() === undefined) queryClient.clear();
    },
    [queryClient],
  );
}
