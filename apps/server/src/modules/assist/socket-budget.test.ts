import { ASSIST_LIMITS } from '@atrium/protocol/assist';
import { describe, expect, it } from 'vitest';
import { SharedByteBuckets } from './byte-bucket.ts';
import { SocketBudget } from './socket-budget.ts';

describe('socket budgets', () => {
  it("share one session's bytes across its sockets, so more sockets buy no more bytes", () => {
    let now = 0;
    const clock = () => now;
    const buckets = new SharedByteBuckets(ASSIST_LIMITS.bytesPerSecond, ASSIST_LIMITS.burstBytes, clock);
    const first = new SocketBudget(200, buckets.take('session:a').bucket, clock);
    const second = new SocketBudget(200, buckets.take('session:a').bucket, clock);
    const otherSession = new SocketBudget(200, buckets.take('session:b').bucket, clock);

    // The frame that tips the session into debt is paid for and relayed …
    first.spendBytes(ASSIST_LIMITS.burstBytes + 1);
    expect(first.takeEvent()).toBe(true);
    // … a frame on the second socket of the same session, arriving while it owes, is not …
    second.spendBytes(10);
    expect(second.takeEvent()).toBe(false);
    // … another session's is.
    otherSession.spendBytes(10);
    expect(otherSession.takeEvent()).toBe(true);
    // Paid back over time, at the session's rate.
    now += 10;
    second.spendBytes(10);
    expect(second.takeEvent()).toBe(true);

    second.spendBytes(2 * ASSIST_LIMITS.burstBytes + 1);
    expect(first.overdrawn()).toBe(true);
  });

  it("keep a session's debt after its last socket closes, so reconnecting buys no fresh burst", () => {
    const now = 0;
    const buckets = new SharedByteBuckets(1000, 1000, () => now);
    const a = buckets.take('session:a');
    a.bucket.spend(5000);
    a.release();
    a.release();
    expect(buckets.owes('session:a')).toBe(true);
    expect(buckets.take('session:a').bucket.inDebt()).toBe(true);
    expect(buckets.owes('session:b')).toBe(false);
  });

  it('forget a session no socket holds once its bucket has refilled', () => {
    let now = 0;
    const buckets = new SharedByteBuckets(1000, 1000, () => now);
    for (let i = 0; i < 300; i += 1) {
      const s = buckets.take(`session:${i}`);
      s.bucket.spend(500);
      s.release();
    }
    expect(buckets.size).toBe(300);
    now += 1000;
    // A sweep runs every 256 takes: every refilled bucket nobody holds is gone.
    for (let i = 0; i < 256; i += 1) buckets.take('session:held');
    expect(buckets.size).toBe(1);
    expect(buckets.owes('session:0')).toBe(false);
  });
});
