import { randomUUID } from 'node:crypto';
import { ASSIST_LIMITS, agentEventData, ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  agentSocket,
  arrives,
  connected,
  consoleSocket,
  eventsBefore,
  next,
  startTrackerSession,
  until,
  useRelayApp,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { signSessionToken } from '../ingest/index.ts';
import { signPeerCredential } from './peer-credential.ts';

describe.each(databaseKinds)('assist relay (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  let agent: TestUser;
  let agent2: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent', nickname: '小幫手阿明' });
    agent2 = await createTestUser(relay.app, { role: 'admin', nickname: 'Admin' });
    learner = await createTestUser(relay.app, { role: 'learner' });
  });

  it('refuses visitors without a valid session token, or with another session’s peer id', async () => {
    const s = await startTrackerSession(relay.app);
    await expect(connected(visitorSocket(relay.url, s, { token: '' }))).rejects.toThrow('unauthorized');
    await expect(connected(visitorSocket(relay.url, s, { token: `${s.token}x` }))).rejects.toThrow(
      'unauthorized',
    );
    const forged = signSessionToken('another-secret-of-at-least-32-characters!', {
      sessionId: s.sessionId,
      projectId: randomUUID(),
      userUuid: randomUUID(),
    });
    await expect(connected(visitorSocket(relay.url, s, { token: forged.token }))).rejects.toThrow(
      'unauthorized',
    );
    const other = await startTrackerSession(relay.app);
    await expect(
      connected(
        visitorSocket(relay.url, s, { peerId: visitorPeerId(other.projectKey, other.sessionId, s.tabId) }),
      ),
    ).rejects.toThrow('forbidden');
    await expect(connected(visitorSocket(relay.url, s))).resolves.toBeUndefined();
  });

  it('counts refused handshakes, and still reads the learner id of a tracker cached before ADR 0077', async () => {
    const refused = async () => {
      const text = (await relay.app.inject({ url: '/metrics' })).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('atrium_assist_refused_handshakes_total{code="unauthorized"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };
    const s = await startTrackerSession(relay.app);
    const before = await refused();
    await expect(connected(visitorSocket(relay.url, s, { token: '' }))).rejects.toThrow('unauthorized');
    expect(await refused()).toBe(before + 1);

    const watcher = consoleSocket(relay.url, agent.token);
    await connected(watcher);
    await connected(visitorSocket(relay.url, s, { legacy: true }));
    const res = await relay.app.inject({
      url: '/v1/console/assist/live',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    const row = (res.json() as { list: { sessionId: string; userId?: string }[] }).list.find(
      (r) => r.sessionId === s.sessionId,
    );
    expect(row?.userId).toBe('learner-1');
  });

  it('refuses agents without a staff sign-in, and rooms of sessions that do not exist', async () => {
    const s = await startTrackerSession(relay.app);
    await expect(connected(agentSocket(relay.url, s))).rejects.toThrow('unauthorized');
    await expect(connected(agentSocket(relay.url, s, 'not-a-session'))).rejects.toThrow('unauthorized');
    await expect(connected(agentSocket(relay.url, s, learner.token))).rejects.toThrow('forbidden');
    await expect(
      connected(agentSocket(relay.url, { room: `${s.projectKey}-${randomUUID()}` }, agent.token)),
    ).rejects.toThrow('bad_handshake');
    await expect(connected(agentSocket(relay.url, s, agent.token))).resolves.toBeUndefined();
  });

  it('relays the live batches to agents and announces agents to the tab', async () => {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    const newAgent = next<[string, { name: string; peerId: string }]>(visitor, ServerEvent.NEW_AGENT);
    const a = agentSocket(relay.url, s, agent.token);
    const welcome = next<[{ agentId: string; peerId: string; tabs: { tabId: string }[] }]>(
      a,
      ServerEvent.AGENT_WELCOME,
    );
    const config = next<[{ peer: { path: string; key: string } }]>(a, ServerEvent.ASSIST_CONFIG);
    await connected(a);
    const [agentId, info] = await newAgent;
    expect(agentId).toBe(a.id);
    // The learner sees the account's name, not what the agent's client claimed.
    expect(info.name).toBe('小幫手阿明');
    expect(info.peerId).toMatch(new RegExp(`^${s.room}-[0-9a-f]{16}$`));
    const [w] = await welcome;
    expect(w.tabs.map((t) => t.tabId)).toEqual([s.tabId]);
    // With this agent's peer credential (ADR 0042).
    expect((await config)[0].peer).toEqual({
      path: '/peerjs',
      key: 'peerjs',
      token: expect.stringMatching(/^a\./),
    });

    const batch = next<[{ meta: { tabId: string }; data: unknown[][] }]>(a, 'messages');
    visitor.emit('messages', {
      meta: { tabId: 'someone-else' },
      data: [
        [0, 1234],
        [4, 'http://portal.test/a'],
      ],
    });
    const [got] = await batch;
    // meta.tabId is the handshake's, whatever the visitor wrote.
    expect(got).toEqual({
      meta: { tabId: s.tabId },
      data: [
        [0, 1234],
        [4, 'http://portal.test/a'],
      ],
    });

    // A second tab connecting while an agent watches hears AGENTS_CONNECTED with the agent's id; the agent
    // hears of the tab (its tab list) and of its going.
    const tab2Id = randomUUID();
    const joined = next<[{ tabId: string }]>(a, ServerEvent.TAB_JOINED);
    const tab2 = visitorSocket(relay.url, s, { tabId: tab2Id });
    const agentsConnected = next<[string[]]>(tab2, ServerEvent.AGENTS_CONNECTED);
    await connected(tab2);
    expect((await agentsConnected)[0]).toEqual([a.id]);
    expect((await joined)[0].tabId).toBe(tab2Id);
    const left = next<[string]>(a, ServerEvent.TAB_LEFT);
    tab2.disconnect();
    expect((await left)[0]).toBe(tab2Id);
    // A reload: the tab's new socket replaces its old one; the tab never left, so no TAB_LEFT.
    const rejoined = next<[{ tabId: string }]>(a, ServerEvent.TAB_JOINED);
    const reloaded = visitorSocket(relay.url, s);
    await connected(reloaded);
    expect((await rejoined)[0].tabId).toBe(s.tabId);
    expect(await arrives(a, ServerEvent.TAB_LEFT, 600)).toBe(false);

    const gone = next<[string]>(reloaded, ServerEvent.AGENT_DISCONNECTED);
    const noAgent = next(reloaded, ServerEvent.NO_AGENT);
    a.disconnect();
    expect((await gone)[0]).toBe(agentId);
    await noAgent;
  });

  it('drops control events until the tab grants that agent, addressed by meta.tabId', async () => {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    const a = agentSocket(relay.url, s, agent.token);
    const b = agentSocket(relay.url, s, agent2.token);
    await Promise.all([connected(a), connected(b)]);
    const meta = { tabId: s.tabId };

    // Asking is always allowed; the learner's plugin shows the confirm window.
    const request = next<[string, { meta: { tabId: string }; data: string }]>(visitor, 'request_control');
    a.emit('request_control', { meta, data: 'I am the CEO' });
    const [requester, reqEnv] = await request;
    expect(requester).toBe(a.id);
    expect(reqEnv.data).toBe('小幫手阿明');

    const refused = next<[{ code: string; event: string }]>(a, ServerEvent.ASSIST_ERROR);
    const clickBeforeGrant = eventsBefore(visitor, 'click', a, s.tabId, () =>
      a.emit('click', { meta, data: [10, 20] }),
    );
    expect((await refused)[0]).toMatchObject({ event: 'click', code: 'not_granted' });
    expect(await clickBeforeGrant).toBe(0);

    const granted = next<[{ data: string }]>(a, 'control_granted');
    visitor.emit('control_granted', { meta, data: a.id });
    expect((await granted)[0].data).toBe(a.id);

    const click = next<[string, { meta: { tabId: string }; data: number[] }]>(visitor, 'click');
    a.emit('click', { meta, data: [10, 20] });
    expect(await click).toEqual([a.id, { meta, data: [10, 20] }]);
    const input = next<[string, { data: string }]>(visitor, 'input');
    a.emit('input', { meta, data: '你好' });
    expect((await input)[1].data).toBe('你好');

    // The other agent is not the one granted.
    expect(
      await eventsBefore(visitor, 'click', b, s.tabId, () => b.emit('click', { meta, data: [1, 1] })),
    ).toBe(0);
    // A message for another tab never reaches this one.
    const wrongTab = eventsBefore(visitor, 'request_control', a, s.tabId, () =>
      a.emit('request_control', { meta: { tabId: randomUUID() }, data: null }),
    );
    expect(await wrongTab).toBe(0);

    // Releasing ends the grant: the next click is dropped.
    const release = next(visitor, 'release_control');
    a.emit('release_control', { meta, data: null });
    await release;
    const afterRelease = eventsBefore(visitor, 'click', a, s.tabId, () =>
      a.emit('click', { meta, data: [10, 20] }),
    );
    expect(await afterRelease).toBe(0);

    // A rejected grant (the learner ended control from the call window) also ends it.
    visitor.emit('control_granted', { meta, data: a.id });
    await next(a, 'control_granted');
    visitor.emit('control_rejected', { meta, data: a.id });
    await next(a, 'control_rejected');
    const afterReject = eventsBefore(visitor, 'scroll', a, s.tabId, () =>
      a.emit('scroll', { meta, data: [0, 100] }),
    );
    expect(await afterReject).toBe(0);
  });

  it('refuses malformed, unknown and flooding events with a reason, and keeps working', async () => {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    const a = agentSocket(relay.url, s, agent.token);
    await connected(a);
    const meta = { tabId: s.tabId };

    const bad = next<[{ code: string }]>(a, ServerEvent.ASSIST_ERROR);
    a.emit('click', { meta, data: ['x', {}] });
    expect((await bad)[0].code).toBe('bad_event');
    const unknown = next<[{ code: string }]>(visitor, ServerEvent.ASSIST_ERROR);
    visitor.emit('rm -rf', { meta, data: 1 });
    expect((await unknown)[0].code).toBe('bad_event');
    expect(agentEventData.click.safeParse([Number.NaN, 1]).success).toBe(false);
    // An emit without data (OpenReplay's `emit('recording_rejected')`) arrives as `{ meta }` and is relayed.
    const rejected = next<[{ meta: { tabId: string } }]>(a, 'recording_rejected');
    visitor.emit('recording_rejected', { meta });
    expect((await rejected)[0].meta.tabId).toBe(s.tabId);

    let limited = 0;
    visitor.on(ServerEvent.ASSIST_ERROR, (e: { code: string }) => {
      if (e.code === 'rate_limited') limited += 1;
    });
    let relayed = 0;
    a.on('UPDATE_SESSION', () => {
      relayed += 1;
    });
    // Every event is answered (relayed or refused), so wait for all answers instead of a fixed time: a loaded
    // machine may handle a batch slower than the budget refills, so flood in batches until refusals come.
    const rate = ASSIST_LIMITS.visitorEventsPerSecond;
    const started = Date.now();
    let sent = 0;
    for (let batch = 0; batch < 10 && limited <= 300; batch += 1) {
      for (let i = 0; i < 600; i += 1)
        visitor.emit('UPDATE_SESSION', { meta, data: { active: i % 2 === 0 } });
      sent += 600;
      await until(() => relayed + limited === sent);
    }
    const seconds = (Date.now() - started) / 1000;
    expect(limited).toBeGreaterThan(300);
    // At most a burst plus what the budget refilled while the flood lasted reached the agent.
    expect(relayed).toBeLessThanOrEqual(rate + Math.ceil(rate * seconds));
    expect(relayed).toBeGreaterThan(100);
  });

  it('lists live sessions for staff, filtered, and tells console sockets when the list changes', async () => {
    const list = (query = '', token = agent.token) =>
      relay.app.inject({
        url: `/v1/console/assist/live${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await list('', learner.token)).statusCode).toBe(403);
    expect((await relay.app.inject({ url: '/v1/console/assist/live' })).statusCode).toBe(401);

    const watcher = consoleSocket(relay.url, agent.token);
    await connected(watcher);
    const s = await startTrackerSession(relay.app);
    // Notices for sessions of earlier tests may still arrive: wait for this session's.
    const noticeFor = (sessionId: string) =>
      new Promise<void>((resolve) => {
        const on = (n: { sessionId: string }) => {
          if (n.sessionId !== sessionId) return;
          watcher.off('LIVE_SESSIONS_CHANGED', on);
          resolve();
        };
        watcher.on('LIVE_SESSIONS_CHANGED', on);
      });
    const changed = noticeFor(s.sessionId);
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    await changed;

    const res = await list('?q=課程');
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { list: { sessionId: string }[] }).list.find(
      (r) => r.sessionId === s.sessionId,
    );
    expect(row).toMatchObject({
      userId: 'learner-1',
      pageTitle: '課程首頁',
      active: true,
      tabs: 1,
      agents: 0,
    });
    const none = (await list('?q=nothing-like-this').then((r) => r.json())) as { list: unknown[] };
    expect(none.list).toEqual([]);

    const changedAgain = noticeFor(s.sessionId);
    visitor.emit('UPDATE_SESSION', { meta: { tabId: s.tabId }, data: { active: false, pageTitle: '作業' } });
    await changedAgain;
    const inactive = (await list('?active=0').then((r) => r.json())) as { list: { sessionId: string }[] };
    expect(inactive.list.map((r) => r.sessionId)).toContain(s.sessionId);

    const left = noticeFor(s.sessionId);
    visitor.disconnect();
    await left;
    const after = (await list().then((r) => r.json())) as { list: { sessionId: string }[] };
    expect(after.list.map((r) => r.sessionId)).not.toContain(s.sessionId);
  });

  it('serves PeerJS on /peerjs and opens its socket only for ids of live sessions', async () => {
    const idRes = await fetch(`${relay.url}/peerjs/peerjs/id?ts=1&version=1.5.4`);
    expect(idRes.status).toBe(200);
    expect((await idRes.text()).length).toBeGreaterThan(10);
    expect((await fetch(`${relay.url}/peerjs/peerjs/peers`)).status).toBe(401);

    const s = await startTrackerSession(relay.app);
    const peerId = visitorPeerId(s.projectKey, s.sessionId, s.tabId);
    const open = (id: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(
          `${relay.url.replace('http', 'ws')}/peerjs/peerjs?key=peerjs&id=${id}&token=${signPeerCredential(relay.app.config.ingest.secret, 'v', id)}&version=1.5.4`,
        );
        ws.on('message', (m) => {
          resolve(JSON.parse(String(m)).type);
          ws.close();
        });
        ws.on('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
        ws.on('error', () => resolve('error'));
      });
    // Nobody of this session is connected to the relay yet.
    expect(await open(peerId)).toBe('HTTP 403');
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    expect(await open(peerId)).toBe('OPEN');
    expect(await open('not a valid--id')).toBe('HTTP 403');
  });
});
