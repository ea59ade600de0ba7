import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { next, useRelayApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { liveSession, peerSocket } from '../../../test/peer-harness.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { assistActivity } from '../../db/schema.ts';

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
  const backdate = (sessionId: string, kindName: 'call' | 'control', ms: number) =>
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
});
