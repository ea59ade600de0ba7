import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from './app.ts';
import type { Commit } from './app-state.ts';

/**
 * The commits kept on the page while no session takes them: the cold-start pair (spec §4), the offline
 * recording and what is recorded while the start call is in flight, all within one memory cap.
 */
export class CommitBuffers {
  offline: Commit[] = [];
  /** Commits made while the start call is in flight (after a cold start the recorders keep running). */
  starting: Commit[] = [];
  cold: [Commit[], Commit[]] = [[], []];
  coldIndex = 0;
  /** Bytes held in all of them (the memory cap's measure). */
  bytes = 0;
  private afterCap = false;

  constructor(private readonly app: App) {}

  /** After a buffer was emptied or replaced (rare: a cold cycle, a start, a stop). */
  recount(): void {
    let n = 0;
    for (const buf of [this.offline, this.starting, ...this.cold])
      for (const c of buf) for (const m of c) n += m.length;
    this.bytes = n;
  }

  /**
   * Keeps a commit within options.memoryCap. Past it everything buffered goes (what is left after dropping
   * only the oldest could not be replayed without the full snapshot it started from): the buffer restarts with
   * a note of the gap, and a fresh full snapshot follows in the next commit.
   */
  keep(into: Commit[], commit: Commit): void {
    if (this.afterCap) {
      // The commit with the fresh full snapshot is not counted: a page whose snapshot alone is over the cap
      // would otherwise drop and snapshot again on every tick. Memory stays within the cap plus one snapshot.
      this.afterCap = false;
      into.push(commit);
      return;
    }
    const app = this.app;
    for (const m of commit) this.bytes += m.length;
    into.push(commit);
    if (this.bytes <= app.options.memoryCap) return;
    let dropped = 0;
    for (const buf of [this.offline, this.starting, ...this.cold])
      for (const c of buf.splice(0)) dropped += c.length - 2;
    this.bytes = 0;
    into.push([
      JSON.stringify([MessageType.Timestamp, app.timestamp()]),
      app.tabData,
      JSON.stringify([
        MessageType.RecorderDegraded,
        'memory-cap',
        `dropped ${dropped} messages: over the ${app.options.memoryCap}-byte buffer cap`,
      ]),
    ]);
    this.afterCap = true;
    app.requestSnapshot();
  }

  /** A cold cycle ended: the older buffer restarts and becomes the current one. */
  turnCold(): void {
    this.coldIndex ^= 1;
    this.cold[this.coldIndex] = [];
    this.recount();
  }

  /** The cold history to send on a real start: the older buffer, then the current one (so the larger too). */
  takeCold(): Commit[] {
    const older = this.cold[this.coldIndex ^ 1]!;
    const current = this.cold[this.coldIndex]!;
    this.cold = [[], []];
    this.recount();
    return older.length > 0 && older[0] ? [...older, ...current] : current;
  }

  /** On stop: the cold and starting buffers go; an offline recording is kept for its upload. */
  clear(): void {
    this.starting = [];
    this.cold = [[], []];
    this.bytes = 0;
  }
}
