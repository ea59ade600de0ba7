import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

// Both are HttpOnly: the portal's script never needs them. The ticket only goes to the sign-in calls; the
// device cookie goes to every API call, so third-party and course-platform sign-ins (their callbacks live
// outside /v1/user/login) can tell a new browser too (ADR 0043).
const LOGIN_PATH = '/v1/user/login';
const DEVICE_PATH = '/v1';
export const DEVICE_COOKIE = 'device';
export const LOGIN_TICKET_COOKIE = 'login_ticket';

const base = (config: Config, path = LOGIN_PATH) => ({
  path,
  domain: config.cookie.domain,
  secure: config.cookie.secure,
  sameSite: 'lax' as const,
  httpOnly: true,
});

/** Marks the browser as known for the next sign-in (1 year). */
export function setDeviceCookie(reply: FastifyReply, config: Config, device: string, expiresAt: Date) {
  reply.setCookie(DEVICE_COOKIE, device, { ...base(config, DEVICE_PATH), expires: expiresAt });
}

/** The temporary cookie that ties /login/verify to the sign-in that mailed the code (10 minutes). */
export function setLoginTicketCookie(reply: FastifyReply, config: Config, ticket: string, expiresAt: Date) {
  reply.setCookie(LOGIN_TICKET_COOKIE, ticket, { ...base(config), expires: expiresAt });
}

export function clearLoginTicketCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(LOGIN_TICKET_COOKIE, { path: LOGIN_PATH, domain: config.cookie.domain });
}
