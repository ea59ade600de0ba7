import type { AssistSocket } from './relay-context.ts';
import { refuse } from './relay-context.ts';

/** The engine.io internals this needs: the WebSocket transport keeps its `ws` socket as `socket`. */
type RawSocket = { pause?: () => void; resume?: () => void; terminate?: () => void };
const rawOf = (socket: AssistSocket) =>
  (socket.conn as unknown as { transport?: { socket?: RawSocket } }).transport?.socket;

type Entry = {
  sockets: Set<AssistSocket>;
  resume: NodeJS.Timeout | null;
  /** The holds of the last minute, to tell a client that is slowed down from one that ignores it. */
  holds: { from: number; until: number }[];
};

/**
 * Each learner session's (or staff account's) open sockets on this process, so that what its byte budget
 * decides applies to all of them at once (issue 18, finding 3):
 *  - `hold`: while the session owes bytes, none of its sockets is read; TCP keeps the rest waiting at the
 *    client, which costs the server nothing, instead of reading, parsing and refusing frame after frame;
 *  - `cutOff`: a session that owes more than a whole burst anyway (frames that were in flight), or is held
 *    for most of a minute (it keeps sending), loses every socket at once, without a closing handshake (a
 *    polite close keeps reading what is in flight).
 */
export class SessionSockets {
  private readonly byKey = new Map<string, Entry>();

  constructor(
    /** Held longer than this within a minute, a key is `overHeld`: it ignores being slowed down. */
    private readonly maxHeldMsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds a socket under its key; the returned function removes it (when its connection closes). */
  add(key: string, socket: AssistSocket): () => void {
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { sockets: new Set(), resume: null, holds: [] };
      this.byKey.set(key, entry);
    }
    entry.sockets.add(socket);
    const held = entry;
    return () => {
      held.sockets.delete(socket);
      if (held.sockets.size > 0 || this.byKey.get(key) !== held) return;
      if (held.resume) clearTimeout(held.resume);
      this.byKey.delete(key);
    };
  }

  /** Stops reading the key's sockets for `ms` (a later hold replaces the rest of an earlier one). */
  hold(key: string, ms: number) {
    const entry = this.byKey.get(key);
    if (!entry) return;
    const t = this.now();
    // A hold replaced early counts only the time it lasted.
    const last = entry.holds.at(-1);
    if (entry.resume && last && last.until > t) last.until = t;
    entry.holds.push({ from: t, until: t + ms });
    if (!entry.resume) for (const socket of entry.sockets) rawOf(socket)?.pause?.();
    else clearTimeout(entry.resume);
    entry.resume = setTimeout(() => {
      entry.resume = null;
      for (const socket of entry.sockets) rawOf(socket)?.resume?.();
    }, Math.ceil(ms));
    entry.resume.unref();
  }

  /** True when the key was held longer than allowed within the last minute. */
  overHeld(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    const since = this.now() - 60_000;
    entry.holds = entry.holds.filter((h) => h.until > since);
    const total = entry.holds.reduce((sum, h) => sum + h.until - Math.max(h.from, since), 0);
    return total > this.maxHeldMsPerMinute;
  }

  /** True while the key's sockets are held. */
  held(key: string): boolean {
    return Boolean(this.byKey.get(key)?.resume);
  }

  /** Tells every socket of the key why, as far as its connection still carries it, and cuts it. */
  cutOff(key: string, message: string) {
    for (const socket of [...(this.byKey.get(key)?.sockets ?? [])]) {
      refuse(socket, 'frame', 'rate_limited', message);
      const raw = rawOf(socket);
      if (typeof raw?.terminate === 'function') raw.terminate();
      else socket.disconnect(true);
    }
  }
}
