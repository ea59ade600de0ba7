import type { ByteBucket } from './byte-bucket.ts';

/**
 * A socket's budget: its own events (a token bucket, a burst of one second's allowance, refilled
 * continuously) and the bytes of its session's shared bucket (byte-bucket.ts). A client that floods sees
 * its extra events dropped; one that owes more than a whole burst is closed (the relay asks `overdrawn`).
 */
export class SocketBudget {
  private events: number;
  private last: number;

  constructor(
    private readonly eventsPerSecond: number,
    private readonly bytes: ByteBucket,
    private readonly now: () => number = Date.now,
  ) {
    this.events = eventsPerSecond;
    this.last = now();
  }

  /** Counts a received frame's bytes (may go negative: the next events wait until it is paid back). */
  spendBytes(n: number) {
    this.bytes.spend(n);
  }

  /** True when the session owes more than a whole burst of bytes: it is not slowing down when told to. */
  overdrawn(): boolean {
    return this.bytes.overdrawn();
  }

  /** True when one more event is allowed now. */
  takeEvent(): boolean {
    const t = this.now();
    this.events = Math.min(
      this.eventsPerSecond,
      this.events + ((t - this.last) / 1000) * this.eventsPerSecond,
    );
    this.last = t;
    if (this.events < 1 || this.bytes.inDebt()) return false;
    this.events -= 1;
    return true;
  }
}
