import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './errors.ts';

const API_PREFIXES = ['/v1/', '/ingest/', '/ws-assist/', '/peerjs', '/tracker/'];
const CONSOLE_PREFIX = '/console';

// Headers that only mean something on a document (or a worker script, and no worker is served from here).
// On a script or a stylesheet they are dead weight: ~0.6 KB a file, which on HTTP/1.1 is paid per file on
// the first load (ADR 0016). nosniff and the resource policy stay: they do apply to subresources.
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A missing file, not a page: the build's hashed assets, or a path whose last part names a file type. The
 * fallback page under that name would be parsed as a script or a style by a stale tab (and cached).
 */
const isAsset = (path: string) =>
  path.startsWith('/assets/') ||
  /\.(?:m?js|css|map|json|wasm|woff2?|ttf|png|jpe?g|gif|webp|avif|svg|ico|txt|br|gz)$/i.test(path);

// Hashed assets never change; index.html must always be fresh.
const cacheHeaders = (reply: FastifyReply, path: string) => {
  const hashed = path.includes('/assets/');
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (hashed && /\.(?:js|css)(?:\.br|\.gz)?$/.test(path))
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
};

/**
 * Serves the built portal at `/` and the built console at `/console/`, each with an SPA fallback: any GET
 * that is not an API call and not a file gets that app's index.html, and its router decides.
 */
export const portalStatic = fp(
  async (app: FastifyInstance, opts: { root: string; consoleRoot: string; serve: boolean }) => {
    // Without 'web' in ATRIUM_SERVICES this is only the JSON 404 of every unknown path.
    const hasPortal = opts.serve && existsSync(join(opts.root, 'index.html'));
    const hasConsole = opts.serve && existsSync(join(opts.consoleRoot, 'index.html'));
    if (hasPortal) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/precompress.ts): sent with
        // Content-Encoding and Vary: Accept-Encoding to browsers that accept them, at no CPU cost per request.
        preCompressed: true,
        setHeaders: cacheHeaders,
      });
      app.get('/assets/*', (request, reply) => {
        const path = (request.params as { '*': string })['*'];
        return reply.sendFile(`assets/${path}`);
      });
    }
    if (hasConsole) {
      await app.register(fastifyStatic, {
        root: opts.consoleRoot,
        prefix: `${CONSOLE_PREFIX}/`,
        // The portal's registration owns reply.sendFile; this one serves its files by prefix only.
        decorateReply: !hasPortal,
        index: false,
        // One route per built file, like the portal's: the directory itself falls through to index.html.
        wildcard: false,
        // Its 1.4 MB of scripts too: compressed per request they cost ~190 ms of server CPU per first open,
        // on the cores that then answer the recording's request (ADR 0028).
        preCompressed: true,
        setHeaders: cacheHeaders,
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
      const isPage = !isApi && (request.method === 'GET' || request.method === 'HEAD');
      const path = request.url.split('?')[0] ?? '';
      if (isPage && (path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`))) {
        // A missing hashed file is a 404, never the page (a stale tab would parse HTML as a script).
        if (hasConsole && !isAsset(path.slice(CONSOLE_PREFIX.length))) {
          return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.consoleRoot);
        }
        throw notFound('找不到此路徑', 'route_not_found');
      }
      if (isPage && hasPortal && !isAsset(path)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw notFound('找不到此路徑', 'route_not_found');
    });
  },
  { name: 'portal-static' },
);
