import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase, restoreDatabase } from '../../../test/backup-database.ts';
import { copyBucket } from '../../../test/copy-bucket.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { startS3rver } from '../../../test/start-s3rver.ts';
import { databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import { compactAndReport } from './compaction-sweep.ts';

/** The default idle window: compaction passes are run at a moment past it (and its minute of grace). */
const ended = () => Date.now() + 1800_000 + 120_000;

/**
 * Issue 31, the restore drill of docs/deploy.md "Backup and restore": the database is dumped while recordings
 * are still in their per-batch form, a compaction pass runs before the bucket is copied (what a nightly backup
 * racing the compactor meets), and both are restored into a fresh database and a fresh bucket. Every recording
 * must replay whole there (ADR 0078: the replaced blobs outlive the backup).
 */
describe.each(databaseKinds)('a backup taken on %s while recordings are compacted', (kind) => {
  let live: TestApp | null = null;
  let restored: TestApp | null = null;
  let bucket: Awaited<ReturnType<typeof startS3rver>>;
  let backupBucket: Awaited<ReturnType<typeof startS3rver>>;

  beforeAll(async () => {
    bucket = await startS3rver();
    backupBucket = await startS3rver();
  });
  afterAll(async () => {
    await restored?.close();
    await live?.close();
    await bucket.close();
    await backupBucket.close();
  });

  /** The recording as the console's player receives it: one line per batch, with its messages. */
  const replay = async (t: TestApp, sessionId: string, auth: { authorization: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionId}/messages`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const batchesIn = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { tabId: string; seq: number; messages?: unknown[]; unreadable?: true });

  // Two apps, two buckets and a dump on a loaded machine: longer than the default 30 s.
  it('restores every recording whole: dump, compaction, bucket copy, restore into a fresh database and bucket', async () => {
    const database = await openTestDatabase(kind);
    const t = await createTestApp(kind, bucket.env, { database });
    live = t;
    const agent = await createTestUser(t.app, { role: 'agent' });
    const tracker = recordWithTracker(t.app);

    // Three learners' visits through the real ingest: one over two tabs, 14 batches in all.
    const visits: { sessionId: string; batches: number }[] = [];
    for (const [tabs, batches] of [
      [['tab-a', 'tab-b'], 4],
      [['tab-a'], 4],
      [['tab-a'], 2],
    ] as const) {
      let token: string | undefined;
      let sessionId = '';
      for (const tab of tabs) {
        const start = await tracker.start(tab, { token });
        token = start.token;
        sessionId = start.sessionID;
        for (let seq = 0; seq < batches; seq++) {
          const at = Date.now() - 60_000 + seq * 5000;
          const res = await tracker.upload(token, tab, seq, [
            [MessageType.Timestamp, at],
            [MessageType.TabData, tab],
            [MessageType.SetPageLocation, `https://portal.example/training/c-${seq}`, '', at],
            ...Array.from({ length: 20 }, (_, i) => [MessageType.MouseMove, 100 + i * 7, 200 + seq]),
            [MessageType.MouseClick, 42, `第 ${seq} 章 開始學習`, 'main > section > button.btn', 5000, 4000],
          ]);
          expect(res.statusCode).toBe(200);
        }
      }
      visits.push({ sessionId, batches: tabs.length * batches });
    }
    const before = new Map<string, string>();
    for (const { sessionId, batches } of visits) {
      const body = await replay(t, sessionId, agent.auth);
      expect(batchesIn(body)).toHaveLength(batches);
      expect(batchesIn(body).every((b) => (b.messages?.length ?? 0) > 0)).toBe(true);
      before.set(sessionId, body);
    }

    // The nightly backup: the database first…
    const dump = await dumpDatabase(database);
    // …meanwhile the sessions end and an ingest process compacts them…
    const pass = await compactAndReport(t.app, ended());
    expect(pass.sessions).toBe(visits.length);
    // …then the bucket is copied.
    await copyBucket(bucket.env, backupBucket.env);

    // Restore: the bucket (already in place: the copy), then the database; then a process starts on both.
    const r = await createTestApp(kind, backupBucket.env, { database: await restoreDatabase(dump) });
    restored = r;
    const staff = await createTestUser(r.app, { role: 'agent' });
    for (const { sessionId, batches } of visits) {
      const body = await replay(r, sessionId, staff.auth);
      const lines = batchesIn(body);
      expect(lines.filter((b) => b.unreadable)).toEqual([]);
      expect(lines).toHaveLength(batches);
      const events = (b: ReturnType<typeof batchesIn>) => b.flatMap((l) => l.messages ?? []).length;
      expect(events(lines)).toBe(events(batchesIn(before.get(sessionId)!)));
      expect(body).toBe(before.get(sessionId));
    }

    // The restored deployment compacts them again (the dump knew them uncompacted) and they still replay whole.
    const again = await compactAndReport(r.app, ended());
    expect(again.sessions).toBe(visits.length);
    for (const { sessionId } of visits)
      expect(await replay(r, sessionId, staff.auth)).toBe(before.get(sessionId));
  }, 120_000);
});
