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

  /** Milliseconds until what is owed now is paid back (0 when nothing is owed). */
  msUntilPaid(): number {
    this.refill();
    return this.bytes < 0 ? (-this.bytes / this.bytesPerSecond) * 1000 : 0;
  }

  /** True when the whole burst is there again: nothing is owed and nothing is remembered. */
  full(): boolean {
    this.refill();
    return this.bytes >= this.burstBytes;
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
 * A bucket outlives its last socket until it has refilled: closing and reopening sockets must not wipe a
 * debt, or a flooder gets a fresh burst with every reconnect (the relay refuses a handshake while `owes`).
 */
export class SharedByteBuckets {
  private readonly held = new Map<string, { bucket: ByteBucket; sockets: number }>();
  /** Sweeps of forgotten, refilled buckets run every this many takes: bounded work, bounded memory. */
  private static readonly SWEEP_EVERY = 256;
  private takes = 0;

  constructor(
    private readonly bytesPerSecond: number,
    private readonly burstBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when `key` owes bytes now, whether or not it still holds a socket. */
  owes(key: string): boolean {
    return this.held.get(key)?.bucket.inDebt() ?? false;
  }

  /** The key's bucket, and the function that gives it back when the socket closes. */
  take(key: string): { bucket: ByteBucket; release: () => void } {
    if (++this.takes % SharedByteBuckets.SWEEP_EVERY === 0) this.sweep();
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
        if (held.sockets === 0 && held.bucket.full() && this.held.get(key) === held) this.held.delete(key);
      },
    };
  }

  /** Forgets the buckets no socket holds any more once they have refilled. */
  private sweep() {
    for (const [key, entry] of this.held)
      if (entry.sockets === 0 && entry.bucket.full()) this.held.delete(key);
  }

  /** How many keys are remembered (tests: the map does not grow without bound). */
  get size(): number {
    return this.held.size;
  }
}
