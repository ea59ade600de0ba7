import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { assistActivity, assistRelayInstances } from '../../db/schema.ts';

export type ActivityKind = 'live_view' | 'call' | 'control';

export interface ActivityStart {
  kind: ActivityKind;
  sessionId: string;
  agentId: string;
  agentSocketId: string;
  tabId?: string | null;
}

/**
 * How long after the agent's socket went away the same agent account coming back to the same session
 * continues what it was doing rather than starting anew: the console's own re-dial window (ADR 0056).
 */
export const RESUME_GRACE_MS = 30_000;
/** How often a relay process says it is alive. */
export const HEARTBEAT_MS = 15_000;
/** Silent this long (four beats missed), a process is taken for dead and its open activity is ended. */
export const DEAD_AFTER_MS = 60_000;

const seconds = (ms: number) => sql.raw(`interval '${ms / 1000} seconds'`);

/**
 * The relay's record of what agents do (ADR 0065, 0068), written from the server's own events so the console
 * cannot make any of it up. Writes never hold up or break the relay: they run one after another on this
 * process (an end never overtakes its start) and a failure is logged, not thrown.
 *
 * Each log is one relay process (`instanceId`): it beats a heartbeat in `assist_relay_instances` and stamps
 * the rows it holds, and it ends the open rows of processes that stopped beating at their last beat.
 * `kind` is the database handle's: on PGlite this process is the only one.
 */
export function createActivityLog(db: Database, kind: DatabaseHandle['kind'], log: FastifyBaseLogger) {
  const instanceId = randomUUID();
  // A PGlite directory is held by one process at a time (ADR 0011): any other process's rows are a past run's.
  const alone = kind === 'pglite';
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

  /**
   * Continues this agent account's activity of the kind in the session on the socket `a` names, if there is
   * one: still open on another socket (the old one of a network drop, not noticed yet, or another console
   * tab) or ended by leaving within the grace (a reload). Compare-and-set on the row, so two sockets (on two
   * processes) cannot both take it: the loser starts its own.
   */
  async function continued(a: ActivityStart): Promise<boolean> {
    const [row] = await db
      .select({
        id: assistActivity.id,
        socket: assistActivity.agentSocketId,
        endedAt: assistActivity.endedAt,
      })
      .from(assistActivity)
      .where(
        and(
          eq(assistActivity.sessionId, a.sessionId),
          eq(assistActivity.agentId, a.agentId),
          eq(assistActivity.kind, a.kind),
          or(
            isNull(assistActivity.endedAt),
            and(
              eq(assistActivity.endedByLeaving, true),
              sql`${assistActivity.endedAt} > now() - ${seconds(RESUME_GRACE_MS)}`,
            ),
          ),
        ),
      )
      .orderBy(sql`${assistActivity.endedAt} desc nulls first`, desc(assistActivity.startedAt))
      .limit(1);
    if (!row) return false;
    const taken = await db
      .update(assistActivity)
      .set({ agentSocketId: a.agentSocketId, endedAt: null, endedByLeaving: false, instanceId })
      .where(
        and(
          eq(assistActivity.id, row.id),
          eq(assistActivity.agentSocketId, row.socket),
          // Still as found (timestamps are not compared: JavaScript's dates drop the microseconds).
          row.endedAt ? eq(assistActivity.endedByLeaving, true) : isNull(assistActivity.endedAt),
        ),
      )
      .returning({ id: assistActivity.id });
    return taken.length > 0;
  }

  /** The process (an `assist_relay_instances` row in the statement) holds no open activity any more. */
  const noneOpen = sql`not exists (select 1 from ${assistActivity} where ${assistActivity.instanceId} = ${assistRelayInstances.id} and ${assistActivity.endedAt} is null)`;

  let timer: NodeJS.Timeout | undefined;
  // Since when this process's beats have been getting through: a process judges others dead only after it has
  // itself been able to beat for a whole DEAD_AFTER_MS (after a database outage, nobody could beat).
  let beatingSince: number | null = null;

  async function beat() {
    await db
      .insert(assistRelayInstances)
      .values({ id: instanceId })
      .onConflictDoUpdate({ target: assistRelayInstances.id, set: { heartbeatAt: sql`now()` } });
    beatingSince ??= Date.now();
  }

  /**
   * Ends the open activity of relay processes silent for DEAD_AFTER_MS (killed, or cut off) at their last
   * heartbeat, then forgets them. Safe in every process at once: the end is the same whoever writes it, and a
   * row is updated once (`ended_at is null` is checked again under the row's lock).
   */
  async function sweepDead(all: boolean) {
    const dead = all
      ? ne(assistRelayInstances.id, instanceId)
      : and(
          ne(assistRelayInstances.id, instanceId),
          sql`${assistRelayInstances.heartbeatAt} < now() - ${seconds(DEAD_AFTER_MS)}`,
        );
    const ended = await db
      .update(assistActivity)
      .set({ endedAt: sql`${assistRelayInstances.heartbeatAt}`, endedByLeaving: false })
      .from(assistRelayInstances)
      .where(
        and(eq(assistActivity.instanceId, assistRelayInstances.id), isNull(assistActivity.endedAt), dead),
      )
      .returning({ id: assistActivity.id });
    await db.delete(assistRelayInstances).where(and(dead, noneOpen));
    if (ended.length > 0)
      log.info({ ended: ended.length }, 'assist activity of a stopped relay process ended');
  }

  // Before any start is written: this process is known, and on PGlite what a past run left open is ended.
  run('register', async () => {
    await beat();
    await sweepDead(alone);
  });
  timer = setInterval(() => {
    beat()
      .then(() => {
        if (beatingSince !== null && Date.now() - beatingSince >= DEAD_AFTER_MS) return sweepDead(false);
      })
      .catch((err) => {
        beatingSince = null;
        log.warn({ err }, 'assist activity: heartbeat failed');
      });
  }, HEARTBEAT_MS);
  timer.unref();

  /** Ends this socket's open activity because the socket went away: coming back within the grace continues it. */
  const leave = (agentSocketId: string, heir?: () => Promise<string | null>) =>
    run('leave', async () => {
      const other = heir ? await heir().catch(() => null) : null;
      // The same account still watches the session from another socket: the live view goes on there.
      if (other)
        await db.update(assistActivity).set({ agentSocketId: other }).where(open(agentSocketId, 'live_view'));
      await db
        .update(assistActivity)
        .set({ endedAt: sql`now()`, endedByLeaving: true })
        .where(open(agentSocketId));
    });

  return {
    instanceId,
    /**
     * Starts an activity unless this agent socket already has one of this kind open (a resumed call), or
     * continues the same agent account's one in the session (a reload or a network drop within the grace).
     * Given a function, who it is is looked up in turn (an end asked for meanwhile does not overtake it);
     * null: nobody.
     */
    start(what: ActivityStart | (() => Promise<ActivityStart | null>)) {
      return run('start', async () => {
        const a = typeof what === 'function' ? await what() : what;
        if (!a) return;
        const [already] = await db
          .select({ id: assistActivity.id })
          .from(assistActivity)
          .where(open(a.agentSocketId, a.kind, a.sessionId))
          .limit(1);
        if (already) return;
        if (await continued(a)) return;
        await db.insert(assistActivity).values({
          kind: a.kind,
          sessionId: a.sessionId,
          agentId: a.agentId,
          agentSocketId: a.agentSocketId,
          tabId: a.tabId ?? null,
          instanceId,
        });
      });
    },
    /**
     * Ends this agent socket's open activity of a kind, or all of them; with `sessionId`, only one of that
     * session (a learner's tab speaks only for its own session). An end someone asked for (a hang-up, a
     * release): a new call after it is a new call.
     */
    end(agentSocketId: string, kind?: ActivityKind, sessionId?: string) {
      return run(`${kind ?? 'all'} end`, () =>
        db
          .update(assistActivity)
          .set({ endedAt: sql`now()` })
          .where(open(agentSocketId, kind, sessionId)),
      );
    },
    /**
     * The agent's socket went away. `heir` names another socket of the same account still in the session, if
     * any (asked in turn, after the writes before it).
     */
    leave,
    /**
     * This process shuts down: its agents' sockets go away with it (they may come back on another process
     * within the grace and continue), and it stops beating and leaves the list of processes.
     */
    async endAll(agentSocketIds: readonly string[]) {
      clearInterval(timer);
      timer = undefined;
      await Promise.all(agentSocketIds.map((id) => leave(id)));
      // Kept while a row of this process is somehow still open, so a sweep can still end it.
      await run('unregister', () =>
        db.delete(assistRelayInstances).where(and(eq(assistRelayInstances.id, instanceId), noneOpen)),
      );
    },
    /** Resolves once every write asked for so far is done (shutdown, tests). */
    settled: () => queue.then(() => undefined),
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
