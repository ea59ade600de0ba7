import { ByteBucket } from './byte-bucket.ts';

/**
 * A socket's budget: its own events (a token bucket, a burst of one second's allowance, refilled
 * continuously) and the bytes of its session's shared bucket (byte-bucket.ts). A client that floods sees
 * its extra events dropped; one that owes more than a whole burst is closed (the relay asks `overdrawn`).
 */
export class SocketBudget {
  private readonly events: ByteBucket;

  constructor(
    eventsPerSecond: number,
    private readonly bytes: ByteBucket,
    now: () => number = Date.now,
  ) {
    // The same token bucket as the bytes', counting events: a burst of one second's allowance.
    this.events = new ByteBucket(eventsPerSecond, eventsPerSecond, now);
  }

  /** Whether the session already owed when this socket's last frame arrived: that frame's event is refused. */
  private frameWhileOwing = false;

  /** Counts a received frame's bytes (may go negative: the next frames wait until it is paid back). */
  spendBytes(n: number) {
    this.frameWhileOwing = this.bytes.inDebt();
    this.bytes.spend(n);
  }

  /** True when the session owes more than a whole burst of bytes: it is not slowing down when told to. */
  overdrawn(): boolean {
    return this.bytes.overdrawn();
  }

  /**
   * True when one more event is allowed now. The frame that tips the session into debt still counts (it is
   * paid for: the relay stops reading until the debt is paid back); one that arrived while it owed does not.
   */
  takeEvent(): boolean {
    if (this.frameWhileOwing) return false;
    return this.events.take(1);
  }
}
