/**
 * Whether an error means the database cannot serve right now — not that the request or our code is wrong:
 * PostgreSQL out of resources (class 53: disk full, out of memory, too many connections), shutting down or
 * starting up (57P01–57P03), a standby refusing writes during a failover (25006), a broken connection (class 08),
 * or the driver not reaching it at all (refused, reset, timed out, cut mid-query). Such a failure is answered
 * 503 with Retry-After, so the tracker keeps its batch and retries and the portal says "try again" instead of
 * reporting a bug. Drizzle wraps the driver's error, so the cause chain is searched.
 */
const UNAVAILABLE_SQLSTATE = /^(53[0-9A-Z]{3}|57P0[123]|25006|08[0-9A-Z]{3})$/;
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const CUT_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

export function databaseUnavailable(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_ERRNO.has(code)))
      return code;
    if (typeof message === 'string' && CUT_MESSAGE.test(message)) return 'connection';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
