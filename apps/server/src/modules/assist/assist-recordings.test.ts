import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrackerSession } from '../../../test/assist-harness.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

// A WebM starts with the EBML header; the rest of a real capture follows.
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 7)]);

describe.each(databaseKinds)('assist tab recordings (%s)', (kind) => {
  let t: TestApp;
  let agent: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await createTestUser(t.app, { role: 'agent' });
    learner = await createTestUser(t.app);
  });
  afterAll(async () => t.close());

  const upload = (sessionId: string, body: Buffer, who: TestUser = agent) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/console/assist/recordings/${sessionId}?durationMs=4200`,
      headers: { ...who.auth, 'content-type': 'video/webm' },
      payload: body,
    });

  it('stores an agent’s WebM with the session, lists it and serves the same bytes', async () => {
    const s = await startTrackerSession(t.app);
    const res = await upload(s.sessionId, webm);
    expect(res.statusCode).toBe(201);
    const saved = res.json() as { id: string; bytes: number; durationMs: number };
    expect(saved).toMatchObject({ bytes: webm.length, durationMs: 4200 });
    const list = await t.app.inject({
      url: `/v1/console/assist/recordings?sessionId=${s.sessionId}`,
      headers: agent.auth,
    });
    expect((list.json() as { list: { id: string }[] }).list.map((r) => r.id)).toEqual([saved.id]);
    const file = await t.app.inject({
      url: `/v1/console/assist/recordings/${saved.id}/file`,
      headers: agent.auth,
    });
    expect(file.headers['content-type']).toBe('video/webm');
    expect(file.rawPayload.equals(webm)).toBe(true);
  });

  it('refuses what is not a WebM, unknown sessions, other types and learners', async () => {
    const s = await startTrackerSession(t.app);
    const bad = await upload(s.sessionId, Buffer.from('<html>not a video</html>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_recording' });
    expect((await upload('6f1c1d52-5a57-4d8e-9d1e-4b8f2b0b8f00', webm)).statusCode).toBe(404);
    expect((await upload(s.sessionId, webm, learner)).statusCode).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/console/assist/recordings/${s.sessionId}`,
      headers: { ...agent.auth, 'content-type': 'application/json' },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
  });
});
