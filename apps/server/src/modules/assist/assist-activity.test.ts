import { randomUUID } from 'node:crypto';
import { type AgentWelcome, type AssistConfig, ServerEvent } from '@atrium/protocol/assist';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentSocket, connected, listeningApp, next, useRelayApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { liveSession, peerSocket } from '../../../test/peer-harness.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { assistActivity, assistRelayInstances } from '../../db/schema.ts';

// Issue 21: what agents do in live assist is recorded by the relay from its own events, and admins read it
// per agent (ADR 0065).
describe.each(databaseKinds)('assist activity and statistics (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  const peers: { ws: { close(): void } }[] = [];
  let agent: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent', nickname: '客服阿哲' });
    admin = await createTestUser(relay.app, { role: 'admin', nickname: '管理員' });
  });
  afterEach(() => {
    for (const p of peers.splice(0)) p.ws.close();
  });

  const rows = (sessionId: string) =>
    relay.app.db
      .select()
      .from(assistActivity)
      .where(eq(assistActivity.sessionId, sessionId))
      .orderBy(assistActivity.startedAt);
  const kinds = async (sessionId: string) =>
    (await rows(sessionId)).map((r) => `${r.kind}:${r.endedAt ? 'ended' : 'open'}`).sort();
  /** Moves an open activity's start back, as if it had begun `ms` ago. */
  const backdate = (sessionId: string, kindName: 'live_view' | 'call' | 'control', ms: number) =>
    relay.app.db
      .update(assistActivity)
      .set({ startedAt: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(
        and(
          eq(assistActivity.sessionId, sessionId),
          eq(assistActivity.kind, kindName),
          isNull(assistActivity.endedAt),
        ),
      );
  const stats = (token: string) => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    return relay.app.inject({
      url: `/v1/console/assist/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it('records a live view, a call from the learner’s answer and control from grant to release', async () => {
    const live = await liveSession(relay.app, relay.url, agent.token);
    const sid = live.s.sessionId;
    const meta = { tabId: live.s.tabId };
    await expect.poll(() => kinds(sid)).toEqual(['live_view:open']);

    // The learner's tab answers the agent's call through the peer server: the call starts.
    const learnerPeer = peerSocket(relay.url, live.learnerId, live.learnerToken);
    const agentPeer = peerSocket(relay.url, live.agentId, live.agentToken);
    peers.push(learnerPeer, agentPeer);
    expect([await learnerPeer.first, await agentPeer.first]).toEqual(['OPEN', 'OPEN']);
    const answer = {
      type: 'ANSWER',
      dst: live.agentId,
      payload: { type: 'media', sdp: {}, connectionId: 'mc_1' },
    };
    learnerPeer.ws.send(JSON.stringify(answer));
    await expect.poll(() => kinds(sid)).toEqual(['call:open', 'live_view:open']);
    // A resumed call (the learner reloaded) answers again: still one call.
    learnerPeer.ws.send(JSON.stringify({ ...answer, payload: { ...answer.payload, connectionId: 'mc_2' } }));

    const granted = next(live.agent, 'control_granted');
    live.visitor.emit('control_granted', { meta, data: live.agent.id });
    await granted;
    await expect.poll(() => kinds(sid)).toEqual(['call:open', 'control:open', 'live_view:open']);

    await backdate(sid, 'call', 90_000);
    await backdate(sid, 'control', 30_000);
    live.agent.emit('release_control', { meta });
    live.visitor.emit('call_end', { meta, data: live.agent.id });
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'control:ended', 'live_view:open']);

    live.agent.disconnect();
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'control:ended', 'live_view:ended']);

    const res = await stats(admin.token);
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { agents: Record<string, unknown>[] }).agents.find(
      (a) => a.agent_id === agent.id,
    );
    expect(row).toMatchObject({
      name: '客服阿哲',
      email: agent.email,
      sessions_assisted: 1,
      calls: 1,
      controls: 1,
    });
    expect(row?.call_ms).toBeGreaterThanOrEqual(90_000);
    expect(row?.call_ms).toBeLessThan(120_000);
    expect(row?.avg_call_ms).toBe(row?.call_ms);
    expect(row?.control_ms).toBeGreaterThanOrEqual(30_000);
    expect(row?.control_ms).toBeLessThan(60_000);
  });

  it('a learner’s tab cannot start control for an agent of another session', async () => {
    const mine = await liveSession(relay.app, relay.url, agent.token);
    const other = await liveSession(relay.app, relay.url, agent.token);
    await expect.poll(() => kinds(other.s.sessionId)).toEqual(['live_view:open']);
    mine.visitor.emit('control_granted', { meta: { tabId: mine.s.tabId }, data: other.agent.id });
    mine.visitor.emit('call_end', { meta: { tabId: mine.s.tabId }, data: other.agent.id });
    // The activity log writes in order: once a later live view is written, the grant above was looked at.
    const later = await liveSession(relay.app, relay.url, agent.token);
    await expect.poll(() => kinds(later.s.sessionId)).toEqual(['live_view:open']);
    expect(await kinds(mine.s.sessionId)).toEqual(['live_view:open']);
    expect(await kinds(other.s.sessionId)).toEqual(['live_view:open']);
  });

  it('is for admins only, over a bounded period', async () => {
    expect((await stats(agent.token)).statusCode).toBe(403);
    expect((await relay.app.inject({ url: '/v1/console/assist/stats' })).statusCode).toBe(401);
    const long = await relay.app.inject({
      url: '/v1/console/assist/stats?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      headers: admin.auth,
    });
    expect(long.statusCode).toBe(400);
    const unknown = await relay.app.inject({
      url: '/v1/console/assist/stats?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&agent=x',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(400);
  });

  /** The agent's console joins the session again (a reload: a new socket, a new PeerJS id). */
  const agentJoins = async (s: { room: string }) => {
    const socket = agentSocket(relay.url, s, agent.token);
    const config = next<[AssistConfig]>(socket, ServerEvent.ASSIST_CONFIG);
    const welcome = next<[AgentWelcome]>(socket, ServerEvent.AGENT_WELCOME);
    await connected(socket);
    return {
      socket,
      peerId: (await welcome)[0].peerId,
      peerToken: (await config)[0].peer.token ?? '',
    };
  };
  /**
   * The learner's tab's PeerJS socket; `answer` sends its answer to a call from an agent's PeerJS id (which
   * the agent's peer holds), as the peer server sees it.
   */
  const learnerPeer = async (live: Awaited<ReturnType<typeof liveSession>>) => {
    const peer = peerSocket(relay.url, live.learnerId, live.learnerToken);
    peers.push(peer);
    expect(await peer.first).toBe('OPEN');
    const agentPeers = new Set<string>();
    return {
      async answer(agentPeerId: string, agentPeerToken: string) {
        if (!agentPeers.has(agentPeerId)) {
          agentPeers.add(agentPeerId);
          const agentPeer = peerSocket(relay.url, agentPeerId, agentPeerToken);
          peers.push(agentPeer);
          expect(await agentPeer.first).toBe('OPEN');
        }
        peer.ws.send(
          JSON.stringify({
            type: 'ANSWER',
            dst: agentPeerId,
            payload: { type: 'media', sdp: {}, connectionId: `mc_${randomUUID()}` },
          }),
        );
      },
    };
  };
  /** A live session whose learner answered the agent's call: its live view and call are open. */
  const answeredCall = async () => {
    const live = await liveSession(relay.app, relay.url, agent.token);
    const sid = live.s.sessionId;
    await expect.poll(() => kinds(sid)).toEqual(['live_view:open']);
    const learner = await learnerPeer(live);
    await learner.answer(live.agentId, live.agentToken);
    await expect.poll(() => kinds(sid)).toEqual(['call:open', 'live_view:open']);
    return { live, sid, learner };
  };
  /** The agent's line in the admins' statistics. */
  const mine = async () => {
    const res = await stats(admin.token);
    expect(res.statusCode).toBe(200);
    type Line = { agent_id: string | null; sessions_assisted: number; calls: number; call_ms: number };
    const row = (res.json() as { agents: Line[] }).agents.find((a) => a.agent_id === agent.id);
    return row ?? { sessions_assisted: 0, calls: 0, call_ms: 0 };
  };
  const seconds = (r: { startedAt: Date; endedAt: Date | null }) =>
    r.endedAt ? (r.endedAt.getTime() - r.startedAt.getTime()) / 1000 : null;

  // Issue 21 follow-up (ADR 0068): an agent's reload is not a new session, nor a new call.
  it('an agent who reloads within the grace goes on with the same live view and call, whole', async () => {
    const before = await mine();
    const { live, sid, learner } = await answeredCall();
    await backdate(sid, 'live_view', 120_000);
    await backdate(sid, 'call', 60_000);

    // The console reloads: its socket goes, a new one comes for the same account, and it calls again.
    live.agent.disconnect();
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'live_view:ended']);
    const again = await agentJoins(live.s);
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'live_view:open']);
    await learner.answer(again.peerId, again.peerToken);
    await expect.poll(() => kinds(sid)).toEqual(['call:open', 'live_view:open']);

    live.visitor.emit('call_end', { meta: { tabId: live.s.tabId }, data: again.socket.id });
    again.socket.disconnect();
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'live_view:ended']);
    const [call, view] = [...(await rows(sid))].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(seconds(view as NonNullable<typeof view>)).toBeGreaterThanOrEqual(120);
    expect(seconds(call as NonNullable<typeof call>)).toBeGreaterThanOrEqual(60);

    // One session assisted and one call, not two of each.
    expect(await mine()).toMatchObject({
      sessions_assisted: before.sessions_assisted + 1,
      calls: before.calls + 1,
    });
  });

  it('coming back after the grace, or calling again after a hang-up, counts anew', async () => {
    const { live, sid, learner } = await answeredCall();
    // The agent hangs up and calls again at once: a second call.
    live.visitor.emit('call_end', { meta: { tabId: live.s.tabId }, data: live.agent.id });
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'live_view:open']);
    await learner.answer(live.agentId, live.agentToken);
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'call:open', 'live_view:open']);

    live.agent.disconnect();
    await expect.poll(() => kinds(sid)).toEqual(['call:ended', 'call:ended', 'live_view:ended']);
    // As if the agent had left 40 s ago.
    await relay.app.db
      .update(assistActivity)
      .set({ endedAt: sql`${assistActivity.endedAt} - interval '40 seconds'` })
      .where(eq(assistActivity.sessionId, sid));
    await agentJoins(live.s);
    await expect
      .poll(() => kinds(sid))
      .toEqual(['call:ended', 'call:ended', 'live_view:ended', 'live_view:open']);
  });

  it('two sockets of one agent account in a session (a drop not noticed yet, another tab) make one live view', async () => {
    const live = await liveSession(relay.app, relay.url, agent.token);
    const sid = live.s.sessionId;
    const owner = async () =>
      (await rows(sid)).map((r) => `${r.agentSocketId}:${r.endedAt ? 'ended' : 'open'}`);
    await expect.poll(owner).toEqual([`${live.agent.id}:open`]);
    // A second socket of the same account comes while the first is still there: it carries the live view on.
    const second = await agentJoins(live.s);
    await expect.poll(owner).toEqual([`${second.socket.id}:open`]);
    // It goes first: the first socket still watches, so the live view goes back to it.
    second.socket.disconnect();
    await expect.poll(owner).toEqual([`${live.agent.id}:open`]);
    const first = live.agent.id;
    live.agent.disconnect();
    await expect.poll(owner).toEqual([`${first}:ended`]);
  });

  it('what a killed relay process left open is ended at its last heartbeat by another process', async () => {
    const db = relay.app.db;
    const dead = `dead-${randomUUID()}`;
    const alive = `alive-${randomUUID()}`;
    const lastBeat = new Date(Date.now() - 5 * 60_000);
    await db.insert(assistRelayInstances).values([
      { id: dead, heartbeatAt: lastBeat },
      { id: alive, heartbeatAt: new Date() },
    ]);
    const [deadSid, aliveSid] = [randomUUID(), randomUUID()];
    const opened = (sessionId: string, instanceId: string) => ({
      kind: 'call' as const,
      sessionId,
      agentId: agent.id,
      agentSocketId: `s-${randomUUID()}`,
      instanceId,
      startedAt: new Date(Date.now() - 10 * 60_000),
    });
    await db.insert(assistActivity).values([opened(deadSid, dead), opened(aliveSid, alive)]);

    // Another process starts on the same database (PGlite: the next run on the same directory).
    const other = await listeningApp(relay.database);
    try {
      await expect.poll(() => kinds(deadSid)).toEqual(['call:ended']);
      const [row] = await rows(deadSid);
      expect(row?.endedAt?.getTime()).toBe(lastBeat.getTime());
      // A process still beating keeps its calls on PostgreSQL; on PGlite only one process can run, so
      // whatever another run left open is over.
      expect(await kinds(aliveSid)).toEqual([kind === 'postgres' ? 'call:open' : 'call:ended']);
      // Forgotten by the sweep's next statement, after the activity is ended: polled, not read once.
      const instances = async () =>
        (await db.select({ id: assistRelayInstances.id }).from(assistRelayInstances)).map((i) => i.id);
      await expect.poll(instances).not.toContain(dead);
    } finally {
      await other.app.close();
    }
    expect((await mine()).call_ms).toBeGreaterThanOrEqual(5 * 60_000);
  });
});
