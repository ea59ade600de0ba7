import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// Helmet's default policy: a year, subdomains included.
const POLICY = 'max-age=31536000; includeSubDomains';

/** The protocol the browser used: the socket's, or the one a trusted proxy forwarded. */
function cameOverHttps(request: FastifyRequest, trustProxy: Config['trustProxy']): boolean {
  // Fastify believes X-Forwarded-Proto from named proxies (addresses/CIDRs) only.
  if (request.protocol === 'https') return true;
  // With a hop count it believes nobody; here the nearest proxy's word (the last entry) is taken: a client
  // that lies only gets a header its browser ignores over http (RFC 6797 §8.1).
  const forwarded = request.headers['x-forwarded-proto'];
  if (typeof trustProxy !== 'number' || trustProxy < 1 || typeof forwarded !== 'string') return false;
  return forwarded.split(',').at(-1)?.trim().toLowerCase() === 'https';
}

/**
 * An onRequest hook: Strict-Transport-Security only on answers that went over https (directly or behind a
 * trusted proxy, TRUST_PROXY). Over plain http a browser ignores it, so there it only misleads.
 */
export function strictTransportSecurity(trustProxy: Config['trustProxy']) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (cameOverHttps(request, trustProxy)) reply.header('strict-transport-security', POLICY);
  };
}
