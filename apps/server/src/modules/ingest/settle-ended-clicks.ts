import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickCarry, ingestSessionEvents, ingestSessions } from '../../db/schema.ts';
import { type ClickCarry, judgeClicks } from './judge-clicks.ts';

/** Carries settled per pass: the sweep runs again soon, and each is one small transaction. */
const BATCH = 200;

/**
 * The clicks the last batch of a tab left undecided, judged once their session has ended (ADR 0057): no batch
 * will follow, so a click with no reaction seen is dead. The carry row goes with the judgement. Safe in
 * several processes at once: a row another process holds is skipped.
 */
export async function settleEndedClicks(
  db: Database,
  input: { idleSeconds: number; now?: number },
): Promise<number> {
  const now = input.now ?? Date.now();
  const ended = await db
    .select({ sessionId: ingestClickCarry.sessionId, tabId: ingestClickCarry.tabId })
    .from(ingestClickCarry)
    .innerJoin(ingestSessions, eq(ingestSessions.id, ingestClickCarry.sessionId))
    .where(lt(ingestSessions.lastActivityAt, new Date(now - input.idleSeconds * 1000)))
    .limit(BATCH);
  let settled = 0;
  for (const { sessionId, tabId } of ended) {
    await db.transaction(async (tx) => {
      const where = and(eq(ingestClickCarry.sessionId, sessionId), eq(ingestClickCarry.tabId, tabId));
      const [row] = await tx
        .select({ carry: ingestClickCarry.carry })
        .from(ingestClickCarry)
        .where(where)
        .for('update', { skipLocked: true });
      if (!row) return;
      // The end of the recording is as far as anyone will see: every window is over.
      const { signals } = judgeClicks(row.carry as ClickCarry, {
        clicks: [],
        activity: [],
        errors: [],
        shakes: [],
        exceptions: [],
        lastTime: Number.MAX_SAFE_INTEGER,
      });
      if (signals.length > 0) {
        await tx.insert(ingestSessionEvents).values(signals.map((s) => ({ ...s, sessionId, tabId })));
      }
      await tx.delete(ingestClickCarry).where(where);
      settled++;
    });
  }
  return settled;
}
