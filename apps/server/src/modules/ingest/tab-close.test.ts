import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

/**
 * Issue 20: a session stayed 「進行中」 for 30 minutes after the browser closed. A page being left sends its
 * last batches with `?end` (pagehide); once the latest batch of every tab came from a leaving page and no
 * page started again within the grace, the session reads as ended (ADR 0066).
 */
describe.each(databaseKinds)('a session ends when its last tab is closed (%s)', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the server's clock on (only Date: the database and sockets keep real timers). */
  const later = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  /** A page of the visit starts (the first one without a token, later ones with the visit's). */
  const start = (token?: string) => recordWithTracker(t.app).start('tab-1', { token });

  async function send(token: string, tabId: string, pageNo: number, seq: number, leaving = false) {
    const messages = [
      [MessageType.Timestamp, clock],
      [MessageType.PageVisibility, leaving],
    ];
    const res = await recordWithTracker(t.app).upload(token, tabId, seq, messages, { pageNo, leaving });
    expect(res.statusCode).toBe(200);
    return res.json() as { duplicate: boolean };
  }

  async function ended(sessionId: string): Promise<boolean> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionId}`,
      headers: staff.auth,
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as { ended: boolean };
    // The list says the same as the session's page.
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/console/sessions',
      headers: staff.auth,
    });
    const row = (list.json() as { sessions: { id: string; ended: boolean }[] }).sessions.find(
      (s) => s.id === sessionId,
    );
    expect(row?.ended).toBe(detail.ended);
    return detail.ended;
  }

  it('ends once both tabs are closed, not when only one is, and goes on when a page starts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.now();
    vi.setSystemTime(clock);
    const { token, sessionID } = await start();
    await send(token, 'tab-a', 1, 0);
    await send(token, 'tab-b', 1, 0);

    // One tab closed: the other is still open.
    await send(token, 'tab-a', 1, 1, true);
    later(60_000);
    expect(await ended(sessionID)).toBe(false);

    // The last tab closed: ended after the grace a navigation would need to start its next page.
    await send(token, 'tab-b', 1, 1, true);
    later(3_000);
    expect(await ended(sessionID)).toBe(false);
    later(10_000);
    expect(await ended(sessionID)).toBe(true);

    // The learner came back (a page of the session started and sent a batch): open again.
    await start(token);
    expect(await ended(sessionID)).toBe(false);
    await send(token, 'tab-b', 2, 0);
    later(60_000);
    expect(await ended(sessionID)).toBe(false);
  });

  it("counts the leaving copy of a batch the page's worker delivered first", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.now();
    vi.setSystemTime(clock);
    const { token, sessionID } = await start();
    await send(token, 'tab-c', 1, 0);
    // The worker's copy of the last batch arrives first, then the leaving page's own copy of it.
    expect(await send(token, 'tab-c', 1, 1)).toEqual({ ok: true, duplicate: false });
    expect(await send(token, 'tab-c', 1, 1, true)).toEqual({ ok: true, duplicate: true });
    later(11_000);
    expect(await ended(sessionID)).toBe(true);
  });

  it('counts the leaving copy when both copies arrive at the same moment (the page closing)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.now();
    vi.setSystemTime(clock);
    const { token, sessionID } = await start();
    await send(token, 'tab-e', 1, 0);
    const answers = await Promise.all([send(token, 'tab-e', 1, 1), send(token, 'tab-e', 1, 1, true)]);
    expect(answers.filter((a) => a.duplicate)).toHaveLength(1);
    later(11_000);
    expect(await ended(sessionID)).toBe(true);
  });

  it('a navigation is not an end: the next page of the tab sends on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = Date.now();
    vi.setSystemTime(clock);
    const { token, sessionID } = await start();
    await send(token, 'tab-d', 1, 0, true);
    later(1_000);
    await start(token);
    await send(token, 'tab-d', 2, 0);
    later(11_000);
    expect(await ended(sessionID)).toBe(false);
  });
});
