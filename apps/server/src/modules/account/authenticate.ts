import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { findSessionUser } from './find-session-user.ts';

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
 * and exposes `requireUser` / `requireStaff` for routes to list as an onRequest hook (so a caller without a
 * session is refused before its input is even validated).
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

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!(await resolve(request))) throw unauthorized();
    });
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const user = await resolve(request);
      if (!user) throw unauthorized();
      if (user.role !== 'staff') throw forbidden();
    });
  },
  { name: 'authenticate' },
);
