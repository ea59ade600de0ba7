import { LIVE_SESSIONS_EVENT } from '@atrium/protocol/assist';
import { type AssistIo, CONSOLES } from './relay-context.ts';

/** Consoles re-read the live list on a change notice; notices for one session within 200 ms are merged. */
export function createConsoleNotices(io: AssistIo) {
  const pending = new Map<string, NodeJS.Timeout>();
  return {
    notify(sessionId: string) {
      if (pending.has(sessionId)) return;
      pending.set(
        sessionId,
        setTimeout(() => {
          pending.delete(sessionId);
          io.to(CONSOLES).emit(LIVE_SESSIONS_EVENT, { sessionId });
        }, 200),
      );
    },
    close() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}
