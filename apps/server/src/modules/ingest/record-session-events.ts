import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickCarry, ingestSessionEvents } from '../../db/schema.ts';
import type { ClickFacts } from './click-facts.ts';
import { type ClickCarry, judgeClicks } from './judge-clicks.ts';

/**
 * After a batch is stored: judges its clicks with the window the tab's previous batch left open, and writes
 * the moments found and the batch's exceptions as session events (ADR 0057). The tab's carry row is locked
 * for the judgement, so two batches of one tab arriving together are judged one after the other.
 */
export async function recordSessionEvents(
  db: Database,
  input: { sessionId: string; tabId: string; facts: ClickFacts },
): Promise<void> {
  const { sessionId, tabId, facts } = input;
  const news = facts.clicks.length + facts.exceptions.length + facts.shakes.length > 0;
  if (!news && facts.lastTime === null) return;
  const where = and(eq(ingestClickCarry.sessionId, sessionId), eq(ingestClickCarry.tabId, tabId));
  // Most batches bring no click and find no open window: one key lookup, no transaction.
  if (!news) {
    const [open] = await db
      .select({ tabId: ingestClickCarry.tabId })
      .from(ingestClickCarry)
      .where(where)
      .limit(1);
    if (!open) return;
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ carry: ingestClickCarry.carry })
      .from(ingestClickCarry)
      .where(where)
      .for('update');
    // A batch with nothing new still judges the clicks the tab's last batch left open (by its reactions, its time).
    if (!row && !news) return;
    const { signals, grown, retracted, carry } = judgeClicks(
      (row?.carry as ClickCarry | undefined) ?? null,
      facts,
    );
    const e = ingestSessionEvents;
    /** The one stored event of this tab a signal names: its kind, moment and element. */
    const storedEvent = (kind: 'rage_click' | 'dead_click', at: number, selector: string) =>
      and(
        eq(e.sessionId, sessionId),
        eq(e.tabId, tabId),
        eq(e.kind, kind),
        eq(e.at, at),
        eq(e.selector, selector),
      );
    for (const burst of grown) {
      // A rage burst an earlier batch reported went on: its one event counts every click.
      await tx
        .update(e)
        .set({ count: sql`${e.count} + ${burst.by}` })
        .where(storedEvent('rage_click', burst.at, burst.selector));
    }
    for (const click of retracted) {
      // A click called dead whose request was told late (its answer took long): it was not dead.
      await tx.delete(e).where(storedEvent('dead_click', click.at, click.selector));
    }
    const rows = [
      ...signals.map((s) => ({
        sessionId,
        tabId,
        kind: s.kind,
        at: s.at,
        label: s.label,
        selector: s.selector,
        count: s.count,
      })),
      ...facts.exceptions.map((e) => ({
        sessionId,
        tabId,
        kind: 'exception' as const,
        at: e.at,
        label: e.message,
        fingerprint: e.fingerprint,
        name: e.name,
        frame: e.frame,
      })),
    ];
    if (rows.length > 0) await tx.insert(ingestSessionEvents).values(rows);
    // Nothing left open: no row, so the tab's next click-free batches cost one lookup.
    if (carry.open.length + carry.recent.length + carry.rage.length + (carry.dead?.length ?? 0) === 0) {
      if (row) await tx.delete(ingestClickCarry).where(where);
      return;
    }
    await tx
      .insert(ingestClickCarry)
      .values({ sessionId, tabId, carry })
      .onConflictDoUpdate({
        target: [ingestClickCarry.sessionId, ingestClickCarry.tabId],
        set: { carry: sql`excluded.carry` },
      });
  });
}
