/**
 * A token bucket per socket for events and bytes: events burst one second's allowance, bytes `burstBytes`
 * (a learner's first full snapshot), both refilled continuously. A client that floods sees its extra
 * events dropped; one that owes more than a whole burst is closed (the relay asks `overdrawn`).
 */
export class SocketBudget {
  private events: number;
  private bytes: number;
  private last: number;

  constructor(
    private readonly eventsPerSecond: number,
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number = bytesPerSecond,
    private readonly now: () => number = Date.now,
  ) {
    this.events = eventsPerSecond;
    this.bytes = burstBytes;
    this.last = now();
  }

  private refill() {
    const t = this.now();
    const dt = (t - this.last) / 1000;
    this.last = t;
    this.events = Math.min(this.eventsPerSecond, this.events + dt * this.eventsPerSecond);
    this.bytes = Math.min(this.burstBytes, this.bytes + dt * this.bytesPerSecond);
  }

  /** Counts a received frame's bytes (may go negative: the next events wait until it is paid back). */
  spendBytes(n: number) {
    this.refill();
    this.bytes -= n;
  }

  /** True when the client owes more than a whole burst of bytes: it is not slowing down when told to. */
  overdrawn(): boolean {
    return this.bytes < -this.burstBytes;
  }

  /** True when one more event is allowed now. */
  takeEvent(): boolean {
    this.refill();
    if (this.events < 1 || this.bytes < 0) return false;
    this.events -= 1;
    return true;
  }
}
