import { ASSIST_SOCKET_PATH, visitorPeerId } from '@atrium/protocol/assist';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, startTrackerSession, useRelayApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import { classMembers, ingestSessions, trainingClasses } from '../../db/schema.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// Issue 21: the live list narrowed by learner, current page, class membership and browser (ADR 0065).
describe.each(databaseKinds)('live sessions filters (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  const sockets: ReturnType<typeof io>[] = [];
  let agent: TestUser;
  let ids: { amy: string; bob: string };
  let classId: string;

  /** A learner's tab on `page`, in a browser with `userAgent`, recorded as `learnerId`'s session. */
  async function learnerOnline(learnerId: string, page: { title: string; url: string }, userAgent: string) {
    const s = await startTrackerSession(relay.app);
    await relay.app.db
      .update(ingestSessions)
      .set({ verifiedUserId: learnerId })
      .where(eq(ingestSessions.id, s.sessionId));
    const socket = io(relay.url, {
      path: ASSIST_SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'user-agent': userAgent },
      auth: { token: s.token },
      query: {
        peerId: visitorPeerId(s.projectKey, s.sessionId, s.tabId),
        identity: 'session',
        tabId: s.tabId,
        sessionInfo: JSON.stringify({ pageTitle: page.title, url: page.url, active: true }),
      },
    });
    sockets.push(socket);
    await connected(socket);
    return s.sessionId;
  }

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent' });
    const amy = await createTestUser(relay.app, { nickname: '艾咪' });
    const bob = await createTestUser(relay.app, { nickname: '阿伯' });
    const [cls] = await relay.app.db
      .insert(trainingClasses)
      .values({ name: '資料分析班', published: true })
      .returning({ id: trainingClasses.id });
    classId = cls!.id;
    await relay.app.db.insert(classMembers).values({ classId, userId: amy.id });
    ids = {
      amy: await learnerOnline(amy.id, { title: '作業一', url: 'http://portal.test/tasks/1' }, FIREFOX),
      bob: await learnerOnline(bob.id, { title: '課程首頁', url: 'http://portal.test/training' }, CHROME),
    };
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  const listed = async (query: string) => {
    const res = await relay.app.inject({ url: `/v1/console/assist/live?${query}`, headers: agent.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { list: { sessionId: string; browser: string }[] };
    return body.list.map((r) => r.sessionId).sort();
  };

  it('lists both learners with their browsers when nothing is asked', async () => {
    const res = await relay.app.inject({ url: '/v1/console/assist/live', headers: agent.auth });
    const rows = (res.json() as { list: { sessionId: string; browser: string }[] }).list;
    expect(Object.fromEntries(rows.map((r) => [r.sessionId, r.browser]))).toEqual({
      [ids.amy]: 'Firefox 128',
      [ids.bob]: 'Chrome 131',
    });
  });

  it('narrows by the learner’s name or e-mail, the page’s title or address, the class and the browser', async () => {
    expect(await listed(`learner=${encodeURIComponent('艾咪')}`)).toEqual([ids.amy]);
    expect(await listed(`page=${encodeURIComponent('課程')}`)).toEqual([ids.bob]);
    expect(await listed('page=tasks%2F1')).toEqual([ids.amy]);
    expect(await listed(`class_id=${classId}`)).toEqual([ids.amy]);
    expect(await listed('browser=chrome')).toEqual([ids.bob]);
    // Filters combine: Amy is in the class but not on Chrome.
    expect(await listed(`class_id=${classId}&browser=Chrome`)).toEqual([]);
  });

  it('refuses a class that is not an id', async () => {
    const res = await relay.app.inject({ url: '/v1/console/assist/live?class_id=abc', headers: agent.auth });
    expect(res.statusCode).toBe(400);
  });
});
