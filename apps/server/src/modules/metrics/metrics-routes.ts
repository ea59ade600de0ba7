import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../../lib/errors.ts';

/** Paths the server answers itself; any other route is a file of a build (portal, console, tracker). */
const DYNAMIC_PREFIXES = ['/v1/', '/ingest/', '/ws-assist/', '/peerjs', '/metrics'];

/**
 * The route pattern, never the URL (its ids and query strings would make a series per visitor); the front
 * ends' files are one route per file, hashed names anew each release, so they share the label `static`.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'unmatched';
  return DYNAMIC_PREFIXES.some((prefix) => pattern.startsWith(prefix)) ? pattern : 'static';
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Equal length first (the length of the configured token is no secret), then a constant-time compare. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/metrics` in Prometheus text, and the request counters every route feeds (ADR 0052). With METRICS_TOKEN
 * set, every scraper must send it as a bearer (a proxy on this host would otherwise make every visitor
 * loopback); without it only loopback clients may read. `request.ip` is the client as TRUST_PROXY decides,
 * so a public request forwarded by a local proxy is not taken for a local one.
 */
export const metricsRoutes = fp(
  async (app) => {
    const { http } = app.metrics;
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request.routeOptions.url);
      const method = request.method;
      http.requests.inc({ method, route, status: String(reply.statusCode) });
      http.duration.observe({ method, route }, reply.elapsedTime / 1000);
    });

    const token = app.config.metricsToken;
    // A same-host proxy without TRUST_PROXY makes every visitor loopback: say so once (issue 35).
    let warnedForwarded = false;
    const allowed = async (request: FastifyRequest, _reply: FastifyReply) => {
      if (token) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!sameToken(given, token)) throw unauthorized('需要有效的指標存取權杖', 'metrics_token');
        return;
      }
      const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
      if (forwarded && !warnedForwarded && app.config.trustProxy === false && LOOPBACK.test(request.ip)) {
        warnedForwarded = true;
        request.log.warn(
          'a forwarded request reached /metrics from this host and was served as local: set TRUST_PROXY for the proxy, or METRICS_TOKEN',
        );
      }
      if (!LOOPBACK.test(request.ip)) {
        throw new AppError(403, 'metrics_loopback_only', '指標只提供給本機；請設定 METRICS_TOKEN');
      }
    };

    app.get(
      '/metrics',
      {
        onRequest: allowed,
        // Bounded like every public surface: a scraper asks every few seconds, a guesser gets little.
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { hide: true },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.type(app.metrics.registry.contentType);
        return app.metrics.render();
      },
    );
  },
  { name: 'metrics-routes' },
);
