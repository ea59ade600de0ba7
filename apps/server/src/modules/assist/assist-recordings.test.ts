import type { TabRecording } from '@atrium/protocol/tab-recordings';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentSocket,
  connected,
  next,
  startTrackerSession,
  useRelayApp,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { MAX_RECORDING_BYTES } from './assist-recordings.ts';

// A WebM starts with the EBML header; the rest of a real capture follows.
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 7)]);

describe.each(databaseKinds)('assist tab recordings (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  let agent: TestUser;
  let agent2: TestUser;
  let admin: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent' });
    agent2 = await createTestUser(relay.app, { role: 'agent' });
    admin = await createTestUser(relay.app, { role: 'admin' });
    learner = await createTestUser(relay.app);
  }, 180_000);

  const upload = (sessionId: string, body: Buffer, who: TestUser = agent) =>
    relay.app.inject({
      method: 'POST',
      url: `/v1/console/assist/recordings/${sessionId}?duration_ms=4200`,
      headers: { ...who.auth, 'content-type': 'video/webm' },
      payload: body,
    });

  /** A learner's tab and an agent watching it, both on the real relay. */
  async function watched(who: TestUser = agent) {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    await connected(visitor);
    const a = agentSocket(relay.url, s, who.token);
    await connected(a);
    return { s, visitor, a, meta: { tabId: s.tabId } };
  }

  /** The agent asks to record; the learner's plugin hears it and answers `answer` naming `named`. */
  async function askAndAnswer(
    w: Awaited<ReturnType<typeof watched>>,
    answer: 'recording_accepted' | 'recording_rejected',
    named?: string,
  ) {
    const asked = next<[string]>(w.visitor, 'request_recording');
    w.a.emit('request_recording', { meta: w.meta, data: '{}' });
    const [agentId] = await asked;
    const heard = next(w.a, answer);
    w.visitor.emit(answer, { meta: w.meta, data: named ?? agentId });
    await heard;
  }

  it('stores a WebM the learner agreed to, once per agreement, and audits joining and downloading', async () => {
    const w = await watched();
    await askAndAnswer(w, 'recording_accepted');
    const res = await upload(w.s.sessionId, webm);
    expect(res.statusCode).toBe(201);
    const saved = res.json() as TabRecording;
    expect(saved).toMatchObject({ bytes: webm.length, duration_ms: 4200 });
    // One agreement, one upload.
    const again = await upload(w.s.sessionId, webm);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'recording_not_accepted' });

    const list = await relay.app.inject({
      url: `/v1/console/assist/recordings?session_id=${w.s.sessionId}`,
      headers: agent.auth,
    });
    expect((list.json() as { list: { id: string }[] }).list.map((r) => r.id)).toEqual([saved.id]);
    // A misspelt (or the old camelCase) name is refused, not read as "no filter".
    const misspelt = await relay.app.inject({
      url: `/v1/console/assist/recordings?session_id=${w.s.sessionId}&sessionId=${w.s.sessionId}`,
      headers: agent.auth,
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json()).toMatchObject({ code: 'validation' });
    const file = await relay.app.inject({
      url: `/v1/console/assist/recordings/${saved.id}/file`,
      headers: agent.auth,
    });
    expect(file.headers['content-type']).toBe('video/webm');
    expect(file.rawPayload.equals(webm)).toBe(true);

    const audit = await relay.app.inject({
      url: `/v1/console/audit?session_id=${w.s.sessionId}`,
      headers: admin.auth,
    });
    const entries = (audit.json() as { entries: { staff_id: string; action: string }[] }).entries;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ staff_id: agent.id, action: 'live_view' }),
        expect.objectContaining({ staff_id: agent.id, action: 'tab_recording' }),
      ]),
    );
  });

  it('refuses uploads the learner did not agree to, or agreed to for another agent', async () => {
    // Nobody asked.
    const w = await watched();
    const none = await upload(w.s.sessionId, webm);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'recording_not_accepted' });
    // The learner said no.
    await askAndAnswer(w, 'recording_rejected');
    expect((await upload(w.s.sessionId, webm)).statusCode).toBe(403);
    // The learner said yes to this agent: another agent cannot upload for it.
    await askAndAnswer(w, 'recording_accepted');
    expect((await upload(w.s.sessionId, webm, agent2)).statusCode).toBe(403);
    expect((await upload(w.s.sessionId, webm)).statusCode).toBe(201);

    // A visitor naming an agent that never asked makes nothing uploadable.
    const w2 = await watched(agent2);
    const other = agentSocket(relay.url, w2.s, agent.token);
    await connected(other);
    const heard = next(w2.a, 'recording_accepted');
    w2.visitor.emit('recording_accepted', { meta: w2.meta, data: other.id });
    await heard;
    expect((await upload(w2.s.sessionId, webm)).statusCode).toBe(403);
  });

  it('refuses what is not a WebM (keeping the agreement), unknown sessions, other types and learners', async () => {
    const w = await watched();
    await askAndAnswer(w, 'recording_accepted');
    const bad = await upload(w.s.sessionId, Buffer.from('<html>not a video</html>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_recording' });
    expect((await upload('6f1c1d52-5a57-4d8e-9d1e-4b8f2b0b8f00', webm)).statusCode).toBe(404);
    expect((await upload(w.s.sessionId, webm, learner)).statusCode).toBe(403);
    const json = await relay.app.inject({
      method: 'POST',
      url: `/v1/console/assist/recordings/${w.s.sessionId}`,
      headers: { ...agent.auth, 'content-type': 'application/json' },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
    // Bounded: a body announced above the limit is refused before it is read.
    const huge = await relay.app.inject({
      method: 'POST',
      url: `/v1/console/assist/recordings/${w.s.sessionId}`,
      headers: {
        ...agent.auth,
        'content-type': 'video/webm',
        'content-length': String(MAX_RECORDING_BYTES + 1),
      },
      payload: webm,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
    // The refused file did not spend the learner's agreement.
    expect((await upload(w.s.sessionId, webm)).statusCode).toBe(201);
  });
});
