import { type BatchEnvelope, MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { startS3rver } from '../../../test/start-s3rver.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';

const ROUNDS = 30;
// The parser pool takes two batches of one session at a time (ADR 0011): the original and its retry.
const COPIES = 2;
const T0 = Date.UTC(2026, 10, 24, 4, 0, 0);

/** Two copies of one batch that differ (a retry the tracker rebuilt, or a hostile client): long and short. */
function copies(round: number): BatchEnvelope[] {
  const clicks = (n: number, label: string) =>
    Array.from({ length: n }, (_, i) => [MessageType.MouseClick, i, `${label}-${i}`, 'button.next', 10, 10]);
  const base = { batchId: `tab-1-1-${round}`, tabId: 'tab-1', pageNo: 1, seq: round };
  return [
    { ...base, messages: [[MessageType.Timestamp, T0 + round], ...clicks(3000, '長的副本')] },
    { ...base, messages: [[MessageType.Timestamp, T0 + round], ...clicks(40, 'short')] },
  ];
}

const cases = databaseKinds.flatMap((db) => (['disk', 's3'] as const).map((store) => [db, store] as const));

/**
 * Finding 10 of issue 18: a retry racing the original upload of one batch. Whatever the interleaving, the
 * stored batch is one whole copy — the one its index row describes — and it is indexed and counted once.
 */
describe.each(cases)('concurrent copies of one batch on %s with the %s blob store', (kind, store) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
  let staff: TestUser;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3rver();
    t = await createTestApp(kind, s3?.env ?? {});
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('never tears a stored batch: the first accepted copy wins whole, its index row too', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(),
    });
    expect(started.statusCode).toBe(200);
    const { token, sessionID } = started.json() as { token: string; sessionID: string };

    for (let round = 0; round < ROUNDS; round += 1) {
      const [long, short] = copies(round);
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/ingest/v1/web/i',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(i % 2 === 0 ? long : short),
          }),
        ),
      );
      // Every copy is acknowledged (the tracker stops retrying), whether it won or not.
      for (const answer of answers) expect(answer.statusCode).toBeLessThan(300);
    }

    const batches = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/batches`,
      headers: staff.auth,
    });
    const rows = batches.json() as { seq: number; message_count: number; bytes: number }[];
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: ROUNDS }, (_, i) => i));

    const stream = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/messages`,
      headers: staff.auth,
    });
    const lines = stream.body.trim().split('\n');
    expect(lines).toHaveLength(ROUNDS);
    for (const [i, line] of lines.entries()) {
      // A torn blob makes its line invalid JSON, or a copy other than the one its row counted.
      const batch = JSON.parse(line) as { seq: number; messages: unknown[] };
      const row = rows[i]!;
      const stored = copies(batch.seq).find((c) => c.messages.length === batch.messages.length);
      expect(stored?.messages).toEqual(batch.messages);
      expect(row.message_count).toBe(batch.messages.length);
    }

    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}`,
      headers: staff.auth,
    });
    expect(detail.json()).toMatchObject({ batches: ROUNDS });
  });
});
