import { MessageType } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { replayNotes } from '../../db/schema.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

describe.each(databaseKinds)('retention and the notes on a recording on %s', (kind) => {
  let t: TestApp;
  let agent: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await createTestUser(t.app, { role: 'agent' });
  });
  afterAll(() => t.close());

  it('an expired recording takes the notes staff left on it (ADR 0064); a kept one keeps them', async () => {
    const tracker = recordWithTracker(t.app);
    const { token, sessionID } = await tracker.start('tab-a', { url: 'https://portal.example/' });
    const t0 = Date.now();
    await tracker.upload(token, 'tab-a', 0, [
      [MessageType.Timestamp, t0],
      [MessageType.TabData, 'tab-a'],
    ]);
    const note = await t.app.inject({
      method: 'POST',
      url: `/v1/console/sessions/${sessionID}/notes`,
      headers: agent.auth,
      payload: { tab_id: 'tab-a', at: t0, text: '看這裡' },
    });
    expect(note.statusCode).toBe(201);
    const notes = () => t.app.db.select().from(replayNotes).where(eq(replayNotes.sessionId, sessionID));

    await removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 1 });
    expect(await notes()).toHaveLength(1);
    await removeExpiredRecordings(t.app.db, t.app.blobs, {
      retentionDays: 1,
      now: Date.now() + 2 * 86_400_000,
    });
    expect(await notes()).toEqual([]);
  });
});
