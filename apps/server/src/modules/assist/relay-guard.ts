import type { FastifyBaseLogger } from 'fastify';
import { type AssistSocket, refuse } from './relay-context.ts';

/**
 * Runs one relay handler so that nothing it throws or rejects leaves it: a listener that throws inside
 * socket.io's receive path is an uncaught exception, and that ends the whole process (finding 1 of
 * issue 18). The failure is logged and the sender hears ASSIST_ERROR `server_error`; others carry on.
 */
export function guarded(
  log: FastifyBaseLogger,
  socket: AssistSocket,
  event: string,
  work: () => unknown,
): void {
  const fail = (error: unknown) => {
    log.warn({ err: error, event: event.slice(0, 100), kind: socket.data.kind }, 'assist handler failed');
    try {
      if (socket.connected)
        refuse(socket, event.slice(0, 200), 'server_error', 'the relay failed on this event');
    } catch {
      // The answer itself failed (socket gone mid-write): the log line above is all there is to do.
    }
  };
  try {
    const result = work();
    if (result instanceof Promise) result.catch(fail);
  } catch (error) {
    fail(error);
  }
}
