import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';

// Recorded pages may hold any text, NUL included; PostgreSQL text cannot. A batch must never be lost for it.
describe.each(databaseKinds)('ingest of text with NUL characters on %s', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('keeps the batch and its messages as sent, and the user id without the NUL', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(),
    });
    expect(start.statusCode).toBe(200);
    const { token, sessionID } = start.json();
    const messages = [
      [MessageType.Timestamp, Date.now()],
      [MessageType.UserID, 'learner\u0000@atrium.local'],
      [MessageType.MouseClick, 12, '開始\u0000學習', 'button.start', 5000, 2500],
    ];
    const batch = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}` },
      payload: { batchId: 'tab-1-1-1', tabId: 'tab-1', pageNo: 1, seq: 1, messages },
    });
    expect(batch.statusCode).toBe(200);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}`,
      headers: staff.auth,
    });
    expect(summary.json()).toMatchObject({ user_id: 'learner@atrium.local', clicks: 1, batches: 1 });
    const stream = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/messages`,
      headers: staff.auth,
    });
    expect(JSON.parse(stream.body.trim()).messages).toEqual(messages);
  });
});
