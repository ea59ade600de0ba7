import { MessageType } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

const DAY_MS = 86_400_000;

describe.each(databaseKinds)('ingest storage bounds, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      INGEST_MAX_SESSION_BYTES: '3000',
      INGEST_SESSIONS_PER_HOUR_PER_ADDRESS: '3',
    });
  });
  afterAll(() => t.close());

  const start = (overrides: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(overrides),
      remoteAddress,
    });
  const upload = (token: string, tabId: string, seq: number, text: string, remoteAddress = '10.0.0.1') => {
    const batchId = `${tabId}-1-${seq}`;
    return t.app.inject({
      method: 'POST',
      url: `/ingest/v1/web/i?batch=${batchId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        batchId,
        tabId,
        pageNo: 1,
        seq,
        messages: [
          [MessageType.Timestamp, Date.now()],
          [MessageType.ConsoleLog, 'log', text],
        ],
      }),
      remoteAddress,
    });
  };
  const storedBytes = async (sessionId: string) => {
    const [row] = await t.app.db
      .select({ bytes: ingestSessions.bytes })
      .from(ingestSessions)
      .where(eq(ingestSessions.id, sessionId));
    return row?.bytes;
  };

  it('stops a session at its byte quota: the batch answers 401, renewing it answers 403, a new one starts', async () => {
    const first = (await start({ tabId: 'tab-q' }, '10.0.1.1')).json();
    // The quota is checked before a batch is parsed, so the batch that crosses it is still stored.
    expect((await upload(first.token, 'tab-q', 0, 'x'.repeat(3500), '10.0.1.1')).statusCode).toBe(200);
    const full = await storedBytes(first.sessionID);
    expect(full).toBeGreaterThan(3000);

    const refused = await upload(first.token, 'tab-q', 1, 'more', '10.0.1.1');
    // 401: what the tracker answers by calling start again with its token (packages/tracker worker-main.ts).
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'session_quota_exceeded', message: expect.any(String) });
    expect(await storedBytes(first.sessionID)).toBe(full);

    // ...and start refuses to continue the full session: any non-200 start stops the tracker.
    const renewal = await start({ tabId: 'tab-q', token: first.token }, '10.0.1.1');
    expect(renewal.statusCode).toBe(403);
    expect(renewal.json()).toEqual({ code: 'session_quota_exceeded', message: expect.any(String) });

    // A retry of a batch it did store is still acknowledged (the tracker must not re-queue it).
    expect((await upload(first.token, 'tab-q', 0, 'x'.repeat(3500), '10.0.1.1')).json()).toEqual({
      ok: true,
      duplicate: true,
    });
    // The next page load (token forgotten after the failed start) records a new session.
    const fresh = await start({ tabId: 'tab-q' }, '10.0.1.1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().sessionID).not.toBe(first.sessionID);
  });

  it('limits the sessions one address starts per hour, but not continued sessions or other addresses', async () => {
    const address = '10.0.2.1';
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const res = await start({ tabId: `tab-s${i}` }, address);
      expect(res.statusCode).toBe(200);
      sessions.push(res.json());
    }
    // Conditional starts record nothing, so they are not counted.
    expect((await start({ tabId: 'tab-c', doNotRecord: true }, address)).statusCode).toBe(200);

    const fourth = await start({ tabId: 'tab-s3' }, address);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'too_many_sessions', message: expect.any(String) });

    // A tab that continues its session still gets its token renewed...
    const renewed = await start({ tabId: 'tab-s0', token: sessions[0].token }, address);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().sessionID).toBe(sessions[0].sessionID);
    // ...and another learner's address is not affected.
    expect((await start({ tabId: 'tab-o' }, '10.0.2.2')).statusCode).toBe(200);
  });

  it('removes recordings past their retention with their blobs, keeps recent ones and keeps all with 0', async () => {
    const old = (await start({ tabId: 'tab-old' }, '10.0.3.1')).json();
    const recent = (await start({ tabId: 'tab-new' }, '10.0.3.1')).json();
    expect((await upload(old.token, 'tab-old', 0, 'old', '10.0.3.1')).statusCode).toBe(200);
    expect((await upload(recent.token, 'tab-new', 0, 'new', '10.0.3.1')).statusCode).toBe(200);
    const keyOf = async (sessionId: string) => {
      const [row] = await t.app.db
        .select({ blobKey: ingestBatches.blobKey })
        .from(ingestBatches)
        .where(eq(ingestBatches.sessionId, sessionId));
      return row?.blobKey;
    };
    const oldKey = (await keyOf(old.sessionID)) as string;
    const recentKey = (await keyOf(recent.sessionID)) as string;
    // An agent's capture of the old session's tab lives beside it (assist module layout).
    const capture = `assist-recordings/${old.sessionID}/1-a.webm`;
    await t.app.blobs.put(capture, Buffer.from('webm'), 'video/webm');
    const fortyDaysAgo = new Date(Date.now() - 40 * DAY_MS);
    await t.app.db
      .update(ingestSessions)
      .set({ startedAt: fortyDaysAgo, lastActivityAt: fortyDaysAgo })
      .where(eq(ingestSessions.id, old.sessionID));

    expect(await removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 0 })).toBe(0);
    expect(await t.app.blobs.get(oldKey)).not.toBeNull();

    // Two processes sweeping at once: each removal happens once, neither fails.
    const [a, b] = await Promise.all([
      removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 30 }),
      removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 30 }),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await storedBytes(old.sessionID)).toBeUndefined();
    expect(await keyOf(old.sessionID)).toBeUndefined();
    expect(await t.app.blobs.get(oldKey)).toBeNull();
    expect(await t.app.blobs.get(capture)).toBeNull();
    // The staff view of the removed recording is gone too; the recent one is intact.
    expect(await storedBytes(recent.sessionID)).toBeGreaterThan(0);
    expect(await t.app.blobs.get(recentKey)).not.toBeNull();
  });
});
