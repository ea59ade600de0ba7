import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The `token` cookie of spec 1 §7. It is readable by the portal's script on purpose: the portal sends it
 * back as `Authorization: Bearer` and swaps it during impersonation (spec 1 §4). XSRF double-submit and
 * a strict CSP are what protect it (ADR 0002).
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie('token', token, {
    path: '/',
    domain: config.cookie.domain,
    secure: config.cookie.secure,
    sameSite: 'lax',
    httpOnly: false,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie('token', { path: '/', domain: config.cookie.domain });
}
