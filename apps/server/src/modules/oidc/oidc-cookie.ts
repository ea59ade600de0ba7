import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The browser's half of a flow in progress: a random value whose hash names the server-side row. HttpOnly
 * and only sent to the OIDC calls; a callback from another browser (or with no cookie) is refused.
 */
export const OIDC_FLOW_COOKIE = 'oidc_flow';
const PATH = '/v1/oidc';

export function setOidcFlowCookie(reply: FastifyReply, config: Config, value: string, expiresAt: Date) {
  reply.setCookie(OIDC_FLOW_COOKIE, value, {
    path: PATH,
    domain: config.cookie.domain,
    secure: config.cookie.secure,
    sameSite: 'lax',
    httpOnly: true,
    expires: expiresAt,
  });
}

export function clearOidcFlowCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(OIDC_FLOW_COOKIE, { path: PATH, domain: config.cookie.domain });
}
