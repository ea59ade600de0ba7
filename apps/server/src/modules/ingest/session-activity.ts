/**
 * A session has ended once no batch (or start) arrived for the inactivity window; computed on read,
 * so no sweeper has to run and every process agrees (ADR 0005).
 */
export function isSessionActive(lastActivityAt: Date, idleSeconds: number, now = Date.now()): boolean {
  return now - lastActivityAt.getTime() < idleSeconds * 1000;
}
