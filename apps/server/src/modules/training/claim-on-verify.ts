import { findUserById, onEmailVerified } from '../account/index.ts';
import { claimInvitations } from './claim-invitations.ts';

let subscribed = false;

/**
 * Joins an invited address's classes the moment it is verified (sign-up link or code, a claimed pre-portal
 * account, a reset). Staff accounts are never enrolled. The account hook is process-wide and the event carries its
 * own database, so one subscription serves every app instance (tests build many).
 */
export function subscribeInvitationClaims(): void {
  if (subscribed) return;
  subscribed = true;
  onEmailVerified(async (event) => {
    const user = await findUserById(event.db, event.userId);
    if (user?.role !== 'learner') return;
    await claimInvitations(event.db, event.userId, event.email);
  });
}
