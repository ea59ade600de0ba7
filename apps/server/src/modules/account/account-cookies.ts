import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

// Both are HttpOnly and only sent to the sign-in calls: the portal's script never needs them.
const LOGIN_PATH = '/v1/user/login';
export const DEVICE_COOKIE = 'device';
export const LOGIN_TICKET_COOKIE = 'login_ticket';

const base = (config: Config) => ({
  path: LOGIN_PATH,
  domain: config.cookie.domain,
  secure: config.cookie.secure,
  sameSite: 'lax' as const,
  httpOnly: true,
});

/** Marks the browser as known for the next sign-in (1 year). */
export function setDeviceCookie(reply: FastifyReply, config: Config, device: string, expiresAt: Date) {
  reply.setCookie(DEVICE_COOKIE, device, { ...base(config), expires: expiresAt });
}

/** The temporary cookie that ties /login/verify to the sign-in that mailed the code (10 minutes). */
export function setLoginTicketCookie(reply: FastifyReply, config: Config, ticket: string, expiresAt: Date) {
  reply.setCookie(LOGIN_TICKET_COOKIE, ticket, { ...base(config), expires: expiresAt });
}

export function clearLoginTicketCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(LOGIN_TICKET_COOKIE, { path: LOGIN_PATH, domain: config.cookie.domain });
}
