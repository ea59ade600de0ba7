import type { SignedIn } from '@atrium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInPath } from './after-sign-in-path.ts';
import { rememberSignIn } from './session.ts';

/** What the home screen reads from the navigation state: a just-created account is welcomed, not "back". */
export interface SignInState {
  newAccount?: boolean;
}

/**
 * After any successful sign-in: open the session and go to the app's home (`home`), or where the gate left off.
 * `newAccount`: the sign-in that verified a new account (the portal's dashboard greets 歡迎加入).
 */
export function useFinishSignIn({
  home = '/dashboard',
  newAccount = false,
}: {
  home?: string;
  newAccount?: boolean;
} = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (result: SignedIn) => {
    rememberSignIn(queryClient, result);
    const state: SignInState = { newAccount };
    navigate(afterSignInPath(location.search, home), { replace: true, state });
  };
}
