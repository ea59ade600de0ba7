import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built tracker (packages/tracker/dist) at /tracker/*, for pages that load the standalone script.
 * Any site may load it; file names are not hashed, so caches revalidate after a short while.
 */
export async function trackerStatic(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(opts.root)) return;
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/tracker/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=300, stale-while-revalidate=86400');
      res.header('access-control-allow-origin', '*');
      // Any site may load the tracker with a plain <script>, which CORP would otherwise block.
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
