import { MessageType } from '@atrium/protocol/tracker/index';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { startS3rver } from '../../../test/start-s3rver.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { compactEndedSessions } from './compact-ended-sessions.ts';
import { compactedObjectKey } from './compacted-object-key.ts';
import { compactAndReport } from './compaction-sweep.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

const IDLE_SECONDS = 1800;
/** How long replaced blobs are kept: the configuration's default (ADR 0078). */
const GRACE_HOURS = 48;
const PASS = { idleSeconds: IDLE_SECONDS, retiredGraceHours: GRACE_HOURS };
/** A moment when every session recorded by these tests has ended (idle window and grace passed). */
const later = (extraMs = 0) => Date.now() + IDLE_SECONDS * 1000 + 120_000 + extraMs;
/** A moment when the blobs replaced by compactions until now have outlived their grace. */
const pastGrace = () => later(GRACE_HOURS * 3_600_000 + 60_000);

/** The databases, each with disk blobs, and PGlite with the S3-compatible store. */
const stores: [DatabaseKind, 'disk' | 's3'][] = [
  ...databaseKinds.map((k) => [k, 'disk'] as [DatabaseKind, 'disk']),
  ['pglite', 's3'],
];

/** Issue 22: recordings are stored compressed and compacted once ended; the player reads every form. */
describe.each(stores)('stored recordings on %s with %s blobs', (kind, store) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let agent: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3rver() : null;
    t = await createTestApp(kind, { INGEST_SESSION_IDLE_SECONDS: String(IDLE_SECONDS), ...s3?.env });
    agent = await createTestUser(t.app, { role: 'agent' });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** A learner's visit: `batches` uploads on each of `tabs`, with page text a recording really repeats. */
  async function record(tabs: string[], batches: number): Promise<string> {
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody({ url: 'https://portal.example/training' }),
    });
    expect(start.statusCode).toBe(200);
    const { token, sessionID } = start.json();
    const t0 = Date.now() - 60_000;
    for (let seq = 0; seq < batches; seq++) {
      for (const tabId of tabs) {
        const at = t0 + seq * 5000;
        const messages: unknown[][] = [
          [MessageType.Timestamp, at],
          [MessageType.TabData, tabId],
          [MessageType.SetPageLocation, `https://portal.example/training/c-${seq}`, '', at],
          ...Array.from({ length: 40 }, (_, i) => [MessageType.MouseMove, 100 + i * 7, 200 + seq]),
          [MessageType.MouseClick, 42, `第 ${seq} 章 開始學習`, 'main > section > button.btn', 5000, 4000],
          [MessageType.ConsoleLog, 'info', `loaded chapter ${seq} of ${tabId} ${'…'.repeat(50)}`],
        ];
        const res = await t.app.inject({
          method: 'POST',
          url: '/ingest/v1/web/i',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ batchId: `${tabId}-1-${seq}`, tabId, pageNo: 1, seq, messages }),
        });
        expect(res.statusCode).toBe(200);
      }
    }
    return sessionID;
  }

  const messagesOf = async (sessionId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionId}/messages`,
      headers: agent.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const rowsOf = (sessionId: string) =>
    t.app.db
      .select()
      .from(ingestBatches)
      .where(eq(ingestBatches.sessionId, sessionId))
      .orderBy(ingestBatches.tabId, ingestBatches.seq);
  const settle = async () => {
    // Sessions of earlier cases are compacted first, so each case counts only its own.
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later(3_600_000) });
  };

  it('reports each compaction pass on /metrics: passes, sessions compacted, objects written', async () => {
    await settle();
    const read = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (series: string) =>
        Number(
          text
            .split('\n')
            .find((l) => l.startsWith(`${series} `))
            ?.split(' ')[1] ?? 0,
        );
      return {
        runs: value('atrium_compaction_runs_total{outcome="ok"}'),
        sessions: value('atrium_compaction_sessions_total{outcome="compacted"}'),
        objects: value('atrium_compaction_objects_total'),
      };
    };
    const before = await read();
    await record(['tab-a', 'tab-b'], 2);
    const started = Math.floor(Date.now() / 1000);
    const done = await compactAndReport(t.app, later(3_600_000));
    // When the last pass finished: an operator alerts when it is too long ago.
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const last = text.split('\n').find((l) => l.startsWith('atrium_compaction_last_success_seconds '));
    expect(Number(last?.split(' ')[1])).toBeGreaterThanOrEqual(started);
    expect(done.sessions).toBe(1);
    expect(await read()).toEqual({
      runs: before.runs + 1,
      sessions: before.sessions + 1,
      objects: before.objects + done.objects,
    });
    expect(done.objects).toBeGreaterThanOrEqual(2); // one per tab
  });

  it('stores a new batch compressed, and an ended session compacted replays the same messages in order', async () => {
    await settle();
    const sessionId = await record(['tab-a', 'tab-b'], 6);
    const before = await messagesOf(sessionId);
    const lines = before
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(12);
    expect(lines.map((l) => `${l.tabId}:${l.seq}`).slice(0, 3)).toEqual(['tab-a:0', 'tab-a:1', 'tab-a:2']);

    const rows = await rowsOf(sessionId);
    const stored = (await t.app.blobs.get(rows[0]!.blobKey))!;
    // gzip at rest: the magic bytes, and fewer bytes than the messages as sent.
    expect([...stored.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(stored.length).toBeLessThan(rows[0]!.bytes / 2);

    // Not yet ended: nothing is compacted.
    expect(await compactEndedSessions(t.app.db, t.app.blobs, PASS)).toEqual({
      sessions: 0,
      objects: 0,
      failed: [],
    });
    const done = await compactEndedSessions(t.app.db, t.app.blobs, {
      ...PASS,
      now: later(),
    });
    expect(done).toEqual({ sessions: 1, objects: 2, failed: [] });

    const after = await rowsOf(sessionId);
    expect(new Set(after.map((r) => r.blobKey)).size).toBe(2);
    expect(after.every((r) => r.blobOffset !== null && r.retiredBlobKey !== null)).toBe(true);
    expect(await messagesOf(sessionId)).toBe(before);
    // Once their grace has passed, the batches' own blobs are gone: the compacted objects are the only copy.
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: pastGrace() });
    for (const r of rows) expect(await t.app.blobs.get(r.blobKey)).toBeNull();
    expect((await rowsOf(sessionId)).every((r) => r.retiredBlobKey === null)).toBe(true);
    expect(await messagesOf(sessionId)).toBe(before);
  });

  it('replays a batch stored before compression, before and after compaction', async () => {
    await settle();
    const sessionId = await record(['tab-a'], 2);
    // A recording from before this change: the batch's own blob, plain JSON under a `.json` key.
    const [first] = await rowsOf(sessionId);
    const plainKey = first!.blobKey.replace(/\.gz$/, '');
    const plain = Buffer.from(
      JSON.stringify([
        [MessageType.Timestamp, 1_700_000_000_000],
        [MessageType.ConsoleLog, 'log', 'recorded before compression'],
      ]),
    );
    await t.app.blobs.put(plainKey, plain, 'application/json');
    await t.app.db.update(ingestBatches).set({ blobKey: plainKey }).where(eq(ingestBatches.id, first!.id));
    await t.app.blobs.delete(first!.blobKey);

    const before = await messagesOf(sessionId);
    expect(JSON.parse(before.split('\n')[0]!).messages[1][2]).toBe('recorded before compression');
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later() });
    expect((await rowsOf(sessionId))[0]!.blobOffset).toBe(0);
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: pastGrace() });
    expect(await t.app.blobs.get(plainKey)).toBeNull();
    expect(await messagesOf(sessionId)).toBe(before);
  });

  it('two compactors at once compact each session once', async () => {
    await settle();
    const sessions = [await record(['tab-a'], 3), await record(['tab-a'], 3), await record(['tab-a'], 3)];
    const before = await Promise.all(sessions.map(messagesOf));
    const opts = { ...PASS, now: later() };
    const [one, two] = await Promise.all([
      compactEndedSessions(t.app.db, t.app.blobs, opts),
      compactEndedSessions(t.app.db, t.app.blobs, opts),
    ]);
    expect(one.sessions + two.sessions).toBe(3);
    expect(one.objects + two.objects).toBe(3);
    for (const [i, id] of sessions.entries()) {
      const keys = new Set((await rowsOf(id)).map((r) => r.blobKey));
      expect(keys.size).toBe(1);
      expect(await messagesOf(id)).toBe(before[i]);
    }
  });

  it('a crash between writing the object and the transaction leaves the session replayable, then compacted', async () => {
    await settle();
    const sessionId = await record(['tab-a'], 4);
    const before = await messagesOf(sessionId);
    let orphan = '';
    const crash = compactEndedSessions(t.app.db, t.app.blobs, {
      ...PASS,
      now: later(),
      beforeCommit: async () => {
        const [s] = await t.app.db
          .select({ claim: ingestSessions.compactionClaim, projectId: ingestSessions.projectId })
          .from(ingestSessions)
          .where(eq(ingestSessions.id, sessionId));
        orphan = compactedObjectKey(s!.projectId, sessionId, sha256('tab-a').slice(0, 16), 0, s!.claim!);
        throw new Error('process killed');
      },
    });
    // The pass reports the session it could not finish and goes on (a killed process would just stop here).
    expect((await crash).failed).toEqual([{ sessionId, error: new Error('process killed') }]);
    expect(await t.app.blobs.get(orphan)).not.toBeNull();
    expect(await messagesOf(sessionId)).toBe(before);
    expect((await rowsOf(sessionId)).every((r) => r.blobOffset === null)).toBe(true);

    // The crashed process's claim holds until its lease runs out; then another compactor finishes the job.
    expect(await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later() })).toEqual({
      sessions: 0,
      objects: 0,
      failed: [],
    });
    const done = await compactEndedSessions(t.app.db, t.app.blobs, {
      ...PASS,
      now: later(11 * 60_000),
    });
    expect(done).toEqual({ sessions: 1, objects: 1, failed: [] });
    expect(await t.app.blobs.get(orphan)).toBeNull();
    expect(await messagesOf(sessionId)).toBe(before);
  });

  it('a crash after the transaction leaves the replaced blobs to the next pass', async () => {
    await settle();
    const sessionId = await record(['tab-a'], 3);
    const before = await messagesOf(sessionId);
    const own = (await rowsOf(sessionId)).map((r) => r.blobKey);
    const crash = compactEndedSessions(t.app.db, t.app.blobs, {
      ...PASS,
      now: later(),
      afterCommit: async () => {
        throw new Error('process killed');
      },
    });
    // The pass reports the session it could not finish and goes on (a killed process would just stop here).
    expect((await crash).failed).toEqual([{ sessionId, error: new Error('process killed') }]);
    // The new form is indexed and replays; the old blobs linger, named for removal.
    expect(await messagesOf(sessionId)).toBe(before);
    expect((await rowsOf(sessionId)).map((r) => r.retiredBlobKey)).toEqual(own);
    for (const key of own) expect(await t.app.blobs.get(key)).not.toBeNull();

    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: pastGrace() });
    for (const key of own) expect(await t.app.blobs.get(key)).toBeNull();
    expect((await rowsOf(sessionId)).every((r) => r.retiredBlobKey === null)).toBe(true);
    expect(await messagesOf(sessionId)).toBe(before);
  });

  it('keeps the replaced blobs for their grace, then removes them; deleting or expiring the recording takes them at once', async () => {
    await settle();
    const kept = await record(['tab-a'], 3);
    const deleted = await record(['tab-a'], 3);
    const expired = await record(['tab-a'], 3);
    const ownOf = async (id: string) => (await rowsOf(id)).map((r) => r.blobKey);
    const own = { kept: await ownOf(kept), deleted: await ownOf(deleted), expired: await ownOf(expired) };
    const present = async (keys: string[]) =>
      (await Promise.all(keys.map((k) => t.app.blobs.get(k)))).filter((b) => b !== null).length;
    expect(await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later() })).toMatchObject({
      sessions: 3,
    });

    // A backup's dump taken before this compaction points at these blobs: a pass within the grace keeps them.
    await compactEndedSessions(t.app.db, t.app.blobs, {
      ...PASS,
      now: later((GRACE_HOURS - 1) * 3_600_000),
    });
    expect(await present(own.kept)).toBe(3);

    // The learner asked for deletion: the recording goes whole now, its replaced blobs with it, grace or not.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/console/sessions/${deleted}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(await present(own.deleted)).toBe(0);
    // The same for a recording past its retention.
    await t.app.db
      .update(ingestSessions)
      .set({
        startedAt: new Date(Date.now() - 3 * 86_400_000),
        lastActivityAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .where(eq(ingestSessions.id, expired));
    expect(await removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 2 })).toBe(1);
    expect(await present(own.expired)).toBe(0);

    // Past the grace, the next pass removes the kept recording's replaced blobs; it still replays from its objects.
    const before = await messagesOf(kept);
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: pastGrace() });
    expect(await present(own.kept)).toBe(0);
    expect((await rowsOf(kept)).every((r) => r.retiredBlobKey === null)).toBe(true);
    expect(await messagesOf(kept)).toBe(before);
  });

  it('the retention sweep removes a compacted recording with its objects', async () => {
    await settle();
    const sessionId = await record(['tab-a'], 2);
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later() });
    const [row] = await rowsOf(sessionId);
    expect(await t.app.blobs.get(row!.blobKey)).not.toBeNull();
    const removed = await removeExpiredRecordings(t.app.db, t.app.blobs, {
      retentionDays: 1,
      now: Date.now() + 2 * 86_400_000,
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.app.blobs.get(row!.blobKey)).toBeNull();
  });

  it('deleting a compacted recording removes its objects', async () => {
    await settle();
    const sessionId = await record(['tab-a'], 2);
    await compactEndedSessions(t.app.db, t.app.blobs, { ...PASS, now: later() });
    const [row] = await rowsOf(sessionId);
    expect(row!.blobOffset).toBe(0);
    expect(await t.app.blobs.get(row!.blobKey)).not.toBeNull();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/console/sessions/${sessionId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(await t.app.blobs.get(row!.blobKey)).toBeNull();
    const left = await t.app.db
      .select()
      .from(ingestBatches)
      .where(and(eq(ingestBatches.sessionId, sessionId), isNotNull(ingestBatches.blobKey)));
    expect(left).toHaveLength(0);
  });
});
