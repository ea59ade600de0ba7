/**
 * Open sockets per key (an address, a session, a staff account) with a ceiling, on this process. A socket
 * takes a place before any further work and gives it back when its connection closes, however it closes.
 */
export class SocketCount {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** A release function, or null when `key` already holds `limit` sockets. */
  take(key: string): (() => void) | null {
    const n = this.open.get(key) ?? 0;
    if (n >= this.limit) return null;
    this.open.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
