/**
 * A token bucket per socket for events and bytes: a burst of one second's allowance, refilled
 * continuously. A hostile client that floods simply sees its extra events dropped.
 */
export class SocketBudget {
  private events: number;
  private bytes: number;
  private last: number;

  constructor(
    private readonly eventsPerSecond: number,
    private readonly bytesPerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.events = eventsPerSecond;
    this.bytes = bytesPerSecond;
    this.last = now();
  }

  private refill() {
    const t = this.now();
    const dt = (t - this.last) / 1000;
    this.last = t;
    this.events = Math.min(this.eventsPerSecond, this.events + dt * this.eventsPerSecond);
    this.bytes = Math.min(this.bytesPerSecond, this.bytes + dt * this.bytesPerSecond);
  }

  /** Counts a received frame's bytes (may go negative: the next events wait until it is paid back). */
  spendBytes(n: number) {
    this.refill();
    this.bytes -= n;
  }

  /** True when the client owes more than two seconds of bytes: it is not slowing down when told to. */
  overdrawn(): boolean {
    return this.bytes < -2 * this.bytesPerSecond;
  }

  /** True when one more event is allowed now. */
  takeEvent(): boolean {
    this.refill();
    if (this.events < 1 || this.bytes < 0) return false;
    this.events -= 1;
    return true;
  }
}
