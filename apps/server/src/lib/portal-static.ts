import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './errors.ts';

const API_PREFIXES = ['/v1/', '/ingest/', '/ws-assist/', '/peerjs', '/tracker/'];

/**
 * Serves the built portal at `/` with an SPA fallback: any GET that is not an API call and not a file
 * gets index.html, and the portal's router decides (unknown paths go to /login there).
 */
export const portalStatic = fp(
  async (app: FastifyInstance, opts: { root: string; serve: boolean }) => {
    // Without 'web' in ATRIUM_SERVICES this is only the JSON 404 of every unknown path.
    const hasPortal = opts.serve && existsSync(join(opts.root, 'index.html'));
    if (hasPortal) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (res, path) => {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      app.get('/assets/*', (request, reply) => {
        const path = (request.params as { '*': string })['*'];
        return reply.sendFile(`assets/${path}`);
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
      if (!isApi && hasPortal && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw notFound('找不到此路徑', 'route_not_found');
    });
  },
  { name: 'portal-static' },
);
