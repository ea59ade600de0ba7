import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The browser's half of a sign-in flow that leaves for another site and comes back (OIDC, course platform):
 * a random value whose hash names the server-side row. HttpOnly and sent only to `path`, so a callback
 * from another browser, or with no cookie, is refused.
 */
export function flowCookie(name: string, path: string) {
  return {
    name,
    set(reply: FastifyReply, config: Config, value: string, expiresAt: Date) {
      reply.setCookie(name, value, {
        path,
        domain: config.cookie.domain,
        secure: config.cookie.secure,
        sameSite: 'lax',
        httpOnly: true,
        expires: expiresAt,
      });
    },
    clear(reply: FastifyReply, config: Config) {
      reply.clearCookie(name, { path, domain: config.cookie.domain });
    },
  };
}
