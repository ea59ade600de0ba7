import type { IncomingMessage } from 'node:http';
import { ByteBucket } from './byte-bucket.ts';

/** Buckets nobody used long enough to refill are forgotten every this many handshakes: bounded memory. */
const SWEEP_EVERY = 512;

/**
 * What a handshake must pass before engine.io upgrades it to a WebSocket — before any socket, parser or
 * database work (issue 18, finding 3: a flooder reconnecting dozens of times a second cost more than its
 * frames). Two checks, both cheap:
 *  - handshakes per client address: a token bucket, generous enough for a classroom behind one NAT;
 *  - a learner session cut off for flooding stays refused while it owes bytes; the peerId in the URL names
 *    the session (a client that lies about it is refused later by the token check, at full price, but
 *    still only at the address's handshake rate).
 */
export class HandshakeGate {
  private readonly perAddress = new Map<string, ByteBucket>();
  /** Sessions cut off for flooding, and the byte bucket that says whether they still owe. */
  private readonly cutOff = new Map<string, ByteBucket>();
  private handshakes = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly addressOf: (req: IncomingMessage) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers a session closed for flooding until its debt is paid back. */
  refuseWhileOwing(sessionId: string, bytes: ByteBucket) {
    this.cutOff.set(sessionId, bytes);
  }

  /** True when this upgrade request may go on to the socket.io handshake. */
  allows(req: IncomingMessage): boolean {
    if (++this.handshakes % SWEEP_EVERY === 0) this.sweep();
    const address = this.addressOf(req);
    let bucket = this.perAddress.get(address);
    if (!bucket) {
      bucket = new ByteBucket(this.perSecond, this.burst, this.now);
      this.perAddress.set(address, bucket);
    }
    if (!bucket.take(1)) return false;
    return this.cutOff.size === 0 || !this.owingSessionIn(req.url ?? '');
  }

  private owingSessionIn(url: string): boolean {
    const peerId = new URL(url, 'http://relay').searchParams.get('peerId') ?? '';
    for (const [sessionId, bytes] of this.cutOff) {
      if (!bytes.inDebt()) this.cutOff.delete(sessionId);
      else if (peerId.includes(`-${sessionId}-`)) return true;
    }
    return false;
  }

  private sweep() {
    for (const [address, bucket] of this.perAddress) if (bucket.full()) this.perAddress.delete(address);
  }
}
