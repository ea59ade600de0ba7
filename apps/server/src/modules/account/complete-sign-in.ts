import type { AccountUser } from '@atrium/protocol';
import type { AccountDeps } from './account-deps.ts';
import { toAccountUser, type UserRow } from './account-user.ts';
import { createSession, type NewSession } from './create-session.ts';
import { rememberDevice } from './known-devices.ts';

export interface SignInContext {
  userAgent?: string;
  ip?: string;
  /** The browser's `device` cookie, if it has one. */
  device?: string;
}

export interface SignInResult {
  user: AccountUser;
  session: NewSession;
  /** Set when this browser just proved itself with a mailed code or link: the `device` cookie to set. */
  device?: { device: string; expiresAt: Date };
}

/** Opens a session for a user who passed every check; optionally remembers the browser. */
export async function completeSignIn(
  deps: AccountDeps,
  user: UserRow,
  ctx: SignInContext,
  remember: boolean,
): Promise<SignInResult> {
  const session = await createSession(deps.db, {
    userId: user.id,
    ttlDays: deps.config.sessionTtlDays,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  const device = remember ? await rememberDevice(deps.db, user.id, ctx.device) : undefined;
  return { user: toAccountUser(user), session, device };
}
