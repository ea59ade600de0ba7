import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { assistActivity } from '../../db/schema.ts';

export type ActivityKind = 'live_view' | 'call' | 'control';

export interface ActivityStart {
  kind: ActivityKind;
  sessionId: string;
  agentId: string;
  agentSocketId: string;
  tabId?: string | null;
}

/**
 * The relay's record of what agents do (ADR 0065), written from the server's own events so the console cannot
 * make any of it up. Writes never hold up or break the relay: they run one after another on this process (an
 * end never overtakes its start) and a failure is logged, not thrown.
 */
export function createActivityLog(db: Database, log: FastifyBaseLogger) {
  let queue: Promise<unknown> = Promise.resolve();
  const run = (what: string, work: () => Promise<unknown>) => {
    queue = queue.then(work).catch((err) => log.warn({ err }, `assist activity: ${what} not recorded`));
    return queue;
  };
  const open = (agentSocketId: string, kind?: ActivityKind, sessionId?: string) =>
    and(
      eq(assistActivity.agentSocketId, agentSocketId),
      isNull(assistActivity.endedAt),
      kind ? eq(assistActivity.kind, kind) : undefined,
      sessionId ? eq(assistActivity.sessionId, sessionId) : undefined,
    );

  return {
    /**
     * Starts an activity unless this agent socket already has one of this kind open (a resumed call). Given a
     * function, who it is is looked up in turn (an end asked for meanwhile does not overtake it); null: nobody.
     */
    start(what: ActivityStart | (() => Promise<ActivityStart | null>)) {
      return run('start', async () => {
        const a = typeof what === 'function' ? await what() : what;
        if (!a) return;
        const [already] = await db
          .select({ id: assistActivity.id })
          .from(assistActivity)
          .where(open(a.agentSocketId, a.kind))
          .limit(1);
        if (already) return;
        await db.insert(assistActivity).values({
          kind: a.kind,
          sessionId: a.sessionId,
          agentId: a.agentId,
          agentSocketId: a.agentSocketId,
          tabId: a.tabId ?? null,
        });
      });
    },
    /**
     * Ends this agent socket's open activity of a kind, or all of them (the agent left); with `sessionId`, only
     * one of that session (a learner's tab speaks only for its own session).
     */
    end(agentSocketId: string, kind?: ActivityKind, sessionId?: string) {
      return run(`${kind ?? 'all'} end`, () =>
        db
          .update(assistActivity)
          .set({ endedAt: new Date() })
          .where(open(agentSocketId, kind, sessionId)),
      );
    },
    /** Ends the open activities of these agent sockets (this process's, when it shuts down). */
    endAll(agentSocketIds: readonly string[]) {
      return Promise.all(agentSocketIds.map((id) => this.end(id)));
    },
    /** Resolves once every write asked for so far is done (shutdown, tests). */
    settled: () => queue.then(() => undefined),
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
