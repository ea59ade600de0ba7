import { type BatchEnvelope, MessageType } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { assistRecordings, ingestSessions } from '../../db/schema.ts';
import { saveAssistRecording } from '../assist/index.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

const DAY_MS = 86_400_000;
// Every WebM starts with the EBML header id; the rest is what an agent's browser captured.
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 7)]);

const batch = (seq: number): BatchEnvelope => ({
  batchId: `tab-1-1-${seq}`,
  tabId: 'tab-1',
  pageNo: 1,
  seq,
  messages: [
    [MessageType.Timestamp, Date.now()],
    [MessageType.SetPageLocation, 'https://portal.example/learn', '', Date.now()],
  ],
});

/** Issue 18, finding 15: deleting a recording takes everything of it, and its open tab cannot bring it back. */
describe.each(databaseKinds)('deleting a recording on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const start = async (overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(overrides),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; sessionID: string };
  };
  const upload = (token: string, body: BatchEnvelope) =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const tabRecordingKeys = async (sessionId: string) =>
    (
      await t.app.db
        .select({ blobKey: assistRecordings.blobKey })
        .from(assistRecordings)
        .where(eq(assistRecordings.sessionId, sessionId))
    ).map((r) => r.blobKey);
  const capture = async (sessionId: string) => {
    // The learner accepted this agent's recording request (the relay's consent check passes).
    await saveAssistRecording(
      t.app.db,
      t.app.blobs,
      { sessionId, agentId: admin.id, body: WEBM, durationMs: 1000 },
      () => true,
    );
    const [key] = await tabRecordingKeys(sessionId);
    expect(await t.app.blobs.get(key!)).not.toBeNull();
    return key!;
  };

  it("removes the agents' tab-recording videos with the recording", async () => {
    const session = await start();
    expect((await upload(session.token, batch(0))).statusCode).toBe(200);
    const video = await capture(session.sessionID);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/console/sessions/${session.sessionID}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await t.app.blobs.get(video)).toBeNull();
    expect(await tabRecordingKeys(session.sessionID)).toEqual([]);
  });

  it("removes the agents' tab-recording videos in the retention sweep", async () => {
    const session = await start();
    expect((await upload(session.token, batch(0))).statusCode).toBe(200);
    const video = await capture(session.sessionID);
    const old = new Date(Date.now() - 40 * DAY_MS);
    await t.app.db
      .update(ingestSessions)
      .set({ startedAt: old, lastActivityAt: old })
      .where(eq(ingestSessions.id, session.sessionID));

    expect(await removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 30 })).toBeGreaterThan(0);
    expect(await t.app.blobs.get(video)).toBeNull();
  });

  it("refuses the deleted session's batches and starts a new session for its open tab", async () => {
    const session = await start();
    expect((await upload(session.token, batch(0))).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/console/sessions/${session.sessionID}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBeLessThan(300);

    // The learner's tab keeps uploading with its token: refused with a clear reason.
    const late = await upload(session.token, batch(1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ code: 'session_deleted', message: '此錄影已刪除，將開始新的錄影' });

    // The tracker answers 401 by starting again with its token: a new session, never the deleted id.
    const renewed = await start({ token: session.token });
    expect(renewed.sessionID).not.toBe(session.sessionID);
    expect((await upload(renewed.token, batch(1))).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${session.sessionID}`,
      headers: admin.auth,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('still opens a conditional start under the id it reserved', async () => {
    const conditional = await start({ doNotRecord: true });
    const real = await start({ token: conditional.token });
    expect(real.sessionID).toBe(conditional.sessionID);
  });
});
