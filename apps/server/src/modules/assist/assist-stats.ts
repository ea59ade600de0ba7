import type { AssistAgentStats } from '@atrium/protocol/assist';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assistActivity } from '../../db/schema.ts';
import { labelUsers } from '../account/index.ts';

/** Milliseconds of the ended activities of a kind (one still open has no length yet). */
const endedMs = (kind: string) =>
  sql<string>`coalesce(sum(extract(epoch from (${assistActivity.endedAt} - ${assistActivity.startedAt})) * 1000) filter (where ${assistActivity.kind} = ${kind} and ${assistActivity.endedAt} is not null), 0)`;

/**
 * Per agent, what the relay recorded of live assist that started within [from, to): sessions watched, calls
 * and their time, remote control and its time (ADR 0065). Names and addresses come from the account module.
 */
export async function assistStats(
  db: Database,
  period: { from: Date; to: Date },
): Promise<AssistAgentStats[]> {
  const rows = await db
    .select({
      agentId: assistActivity.agentId,
      sessions: sql<number>`count(distinct ${assistActivity.sessionId}) filter (where ${assistActivity.kind} = 'live_view')`,
      calls: sql<number>`count(*) filter (where ${assistActivity.kind} = 'call')`,
      endedCalls: sql<number>`count(*) filter (where ${assistActivity.kind} = 'call' and ${assistActivity.endedAt} is not null)`,
      callMs: endedMs('call'),
      controls: sql<number>`count(*) filter (where ${assistActivity.kind} = 'control')`,
      controlMs: endedMs('control'),
    })
    .from(assistActivity)
    .where(and(gte(assistActivity.startedAt, period.from), lt(assistActivity.startedAt, period.to)))
    .groupBy(assistActivity.agentId);
  const labels = await labelUsers(
    db,
    rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
  );
  return rows
    .map((r) => {
      const label = r.agentId ? labels.get(r.agentId) : undefined;
      const callMs = Math.round(Number(r.callMs));
      const endedCalls = Number(r.endedCalls);
      return {
        agent_id: r.agentId,
        name: label?.nickname ?? '',
        email: label?.email ?? '',
        sessions_assisted: Number(r.sessions),
        calls: Number(r.calls),
        call_ms: callMs,
        avg_call_ms: endedCalls ? Math.round(callMs / endedCalls) : 0,
        controls: Number(r.controls),
        control_ms: Math.round(Number(r.controlMs)),
      };
    })
    .sort((a, b) => b.sessions_assisted - a.sessions_assisted || b.call_ms - a.call_ms);
}
