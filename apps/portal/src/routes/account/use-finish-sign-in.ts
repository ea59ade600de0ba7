import type { SignedIn } from '@atrium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInPath } from '../../app/after-sign-in-path.ts';
import { rememberSignIn } from '../../app/session.ts';

/** After any successful sign-in: open the session and go to the dashboard, or where the gate left off. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (result: SignedIn) => {
    rememberSignIn(queryClient, result);
    navigate(afterSignInPath(location.search), { replace: true });
  };
}
