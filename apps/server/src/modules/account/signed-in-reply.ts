import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { setDeviceCookie } from './account-cookies.ts';
import type { SignInResult } from './complete-sign-in.ts';
import { setSessionCookie } from './session-cookie.ts';

/** The cookies of every sign-in: the session, and the device cookie when the browser just proved itself. */
export function setSignInCookies(reply: FastifyReply, config: Config, result: SignInResult): void {
  setSessionCookie(reply, config, result.session.token, result.session.expiresAt);
  if (result.device) setDeviceCookie(reply, config, result.device.device, result.device.expiresAt);
}

/** Sets the sign-in's cookies and shapes the one answer of a sign-in; the token is also returned for Bearer use. */
export function signedInReply(reply: FastifyReply, config: Config, result: SignInResult) {
  setSignInCookies(reply, config, result);
  return { status: 'signed_in' as const, user: result.user, token: result.session.token };
}
