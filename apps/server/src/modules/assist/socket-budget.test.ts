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

    first.spendBytes(ASSIST_LIMITS.burstBytes + 1);
    expect(first.takeEvent()).toBe(false);
    // The second socket of the same session owes what the first spent …
    expect(second.takeEvent()).toBe(false);
    // … another session does not.
    expect(otherSession.takeEvent()).toBe(true);
    // Paid back over time, at the session's rate.
    now += 10;
    expect(second.takeEvent()).toBe(true);

    second.spendBytes(2 * ASSIST_LIMITS.burstBytes + 1);
    expect(first.overdrawn()).toBe(true);
  });

  it('forget a session once its last socket gives its bucket back', () => {
    const now = 0;
    const buckets = new SharedByteBuckets(1000, 1000, () => now);
    const a = buckets.take('session:a');
    a.bucket.spend(5000);
    a.release();
    a.release();
    expect(buckets.take('session:a').bucket.inDebt()).toBe(false);
  });
});
