/**
 * Bytes a client may send: `bytesPerSecond` on average with room for a `burstBytes` burst, refilled
 * continuously. It may go negative: the client then owes, and its events wait until it is paid back.
 */
export class ByteBucket {
  private bytes: number;
  private last: number;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.bytes = burstBytes;
    this.last = now();
  }

  private refill() {
    const t = this.now();
    this.bytes = Math.min(this.burstBytes, this.bytes + ((t - this.last) / 1000) * this.bytesPerSecond);
    this.last = t;
  }

  spend(n: number) {
    this.refill();
    this.bytes -= n;
  }

  /** Takes `n` only if that many are there now (the socket budget's event count uses this bucket too). */
  take(n: number): boolean {
    this.refill();
    if (this.bytes < n) return false;
    this.bytes -= n;
    return true;
  }

  inDebt(): boolean {
    this.refill();
    return this.bytes < 0;
  }

  /** True when more than a whole burst is owed: the client is not slowing down when told to. */
  overdrawn(): boolean {
    this.refill();
    return this.bytes < -this.burstBytes;
  }
}

/**
 * One byte bucket per key (a learner session, a staff account) shared by all its sockets on this process, so
 * opening more sockets buys no more bytes (issue 18, finding 3: four sockets on one token stalled everyone).
 */
export class SharedByteBuckets {
  private readonly held = new Map<string, { bucket: ByteBucket; sockets: number }>();

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key's bucket, and the function that gives it back when the socket closes. */
  take(key: string): { bucket: ByteBucket; release: () => void } {
    let entry = this.held.get(key);
    if (!entry) {
      entry = { bucket: new ByteBucket(this.bytesPerSecond, this.burstBytes, this.now), sockets: 0 };
      this.held.set(key, entry);
    }
    entry.sockets += 1;
    const held = entry;
    let released = false;
    return {
      bucket: held.bucket,
      release: () => {
        if (released) return;
        released = true;
        held.sockets -= 1;
        if (held.sockets === 0 && this.held.get(key) === held) this.held.delete(key);
      },
    };
  }
}
