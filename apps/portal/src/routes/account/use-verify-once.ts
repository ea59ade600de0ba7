import type { SignedIn } from '@atrium/protocol';
import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Spends a mailed link's token exactly once when the screen opens (a link is single-use, so React's
 * development double effects must not send it twice), then signs in.
 */
export function useVerifyLinkOnce(token: string | null) {
  const finishSignIn = useFinishSignIn({ newAccount: true });
  const verify = useMutation({
    mutationFn: (value: string) => accountApi.verifyRegistration({ token: value }),
    onSuccess: (result: SignedIn) => finishSignIn(result),
  });
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);
  return verify;
}
