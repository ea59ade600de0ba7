import { redactUrl } from '@atrium/protocol/redact-url';
import { type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';
import { prettyLogStream } from './pretty-log-stream.ts';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

// Whatever logs a request logs it without a working secret from its URL (ADR 0012).
const serializers = {
  req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  }),
};

/**
 * pino for Fastify: JSON lines in production (and tests), readable lines in development (ADR 0018).
 * Request lines come from request-log.ts, one per request.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (stream) return { level: config.logLevel, stream, serializers };
  if (config.env === 'development') return { level: config.logLevel, stream: prettyLogStream(), serializers };
  return { level: config.logLevel, serializers };
}

/** Fastify's own two lines per request (incoming, completed) are off: request-log.ts writes one. */
export function ownRequestLogging(): LogController {
  return new LogController({ disableRequestLogging: true });
}
