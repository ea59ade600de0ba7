import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { findSessionUser } from './find-session-user.ts';
import { isAdmin, isStaff } from './roles.ts';

/** The session token of a request: `Authorization: Bearer …` first, then the `token` cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  return request.cookies.token || undefined;
}

/**
 * Resolves `request.user` lazily, only when a route asks, so public routes never touch the sessions table,
 * and exposes the guards `requireUser` / `requireAgent` (agent or admin) / `requireAdmin` for routes to list
 * as an onRequest hook (so a caller without the right is refused before its input is even validated).
 */
export const authenticate = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    async function resolve(request: FastifyRequest) {
      if (request.user) return request.user;
      const token = sessionTokenOf(request);
      request.user = token ? await findSessionUser(app.db, token) : null;
      return request.user;
    }

    /** 401 without a session, 403 when the signed-in user's role is not allowed. */
    function guard(allowed: (user: AuthUser) => boolean) {
      return async (request: FastifyRequest) => {
        const user = await resolve(request);
        if (!user) throw unauthorized();
        if (!allowed(user)) throw forbidden();
      };
    }

    app.decorate(
      'requireUser',
      guard(() => true),
    );
    app.decorate('requireAgent', guard(isStaff));
    app.decorate('requireAdmin', guard(isAdmin));
  },
  { name: 'authenticate' },
);
