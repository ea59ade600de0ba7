import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';

describe.each(databaseKinds)('click maps on %s', (kind) => {
  let t: TestApp;
  let agent: TestUser;
  let learner: TestUser;

  /** A session whose batches are uploaded in order; answers its id. */
  async function record(batches: unknown[][][]): Promise<string> {
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody({ width: 1280, height: 800, tabId: 'tab-a', userID: learner.id }),
    });
    const { token, sessionID } = start.json();
    for (const [seq, messages] of batches.entries()) {
      const up = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/i',
        headers: { authorization: `Bearer ${token}` },
        payload: { batchId: `tab-a-1-${seq}`, tabId: 'tab-a', pageNo: 1, seq, messages },
      });
      expect(up.statusCode).toBeLessThan(300);
    }
    return sessionID;
  }
  const get = (url: string, who = agent) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const click = (x: number, y: number, label: string) => [
    MessageType.MouseClick,
    12,
    label,
    `button.${label}`,
    x,
    y,
  ];

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await createTestUser(t.app, { role: 'agent' });
    learner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  it('counts clicks per page and per 1 % cell, the top elements, and names a moment to picture the page', async () => {
    const t0 = Date.now() - 60_000;
    const first = await record([
      [
        [MessageType.Timestamp, t0],
        [MessageType.SetPageLocation, 'https://portal.example/tasks/my?token=abc', '', t0],
        [MessageType.Timestamp, t0 + 100],
        click(5050, 2010, 'accept'),
        click(5099, 2099, 'accept'),
        [MessageType.SetPageLocation, 'https://portal.example/training', '', t0 + 200],
        [MessageType.Timestamp, t0 + 300],
        click(10_000, 10_000, 'corner'),
      ],
      // The next batch has no location: its clicks are on the page the tab was last on.
      [[MessageType.Timestamp, t0 + 1000], click(100, 100, 'menu')],
    ]);
    const second = await record([
      [
        [MessageType.Timestamp, t0 + 5000],
        [MessageType.SetPageLocation, 'https://portal.example/tasks/my', '', t0 + 5000],
        click(5000, 2000, 'accept'),
      ],
    ]);

    const pages = (await get('/v1/console/click-maps/pages?days=7')).json();
    expect(pages.pages).toEqual([
      { path: '/tasks/my', clicks: 3, sessions: 2, paths: 1 },
      { path: '/training', clicks: 2, sessions: 1, paths: 1 },
    ]);
    expect(
      (await get('/v1/console/click-maps/pages?q=TRAIN')).json().pages.map((p: { path: string }) => p.path),
    ).toEqual(['/training']);
    expect((await get('/v1/console/click-maps/pages?q=%25')).json().pages).toEqual([]);

    const map = (await get('/v1/console/click-maps?path=%2Ftasks%2Fmy&days=30')).json();
    expect(map).toMatchObject({ path: '/tasks/my', days: 30, clicks: 3, sessions: 2 });
    expect(map.cells).toEqual([{ x: 50, y: 20, count: 3 }]);
    expect(map.elements).toEqual([{ label: 'accept', selector: 'button.accept', clicks: 3 }]);
    expect(map.snapshot).toEqual({ session_id: second, tab_id: 'tab-a', at: t0 + 5000 });

    const training = (await get('/v1/console/click-maps?path=%2Ftraining')).json();
    expect(training.cells).toEqual(
      expect.arrayContaining([
        { x: 99, y: 99, count: 1 },
        { x: 1, y: 1, count: 1 },
      ]),
    );
    expect(training.snapshot.session_id).toBe(first);
    // The query string never reaches the index.
    expect((await get('/v1/console/click-maps/pages?q=token')).json().pages).toEqual([]);
  });

  it('gives a page template one map: ids in the path are one route, and an exact path stays a choice', async () => {
    const t0 = Date.now() - 30_000;
    const visit = (path: string, label: string, ms: number) => [
      [MessageType.Timestamp, t0 + ms],
      [MessageType.SetPageLocation, `https://portal.example${path}?tab=files`, '', t0 + ms],
      click(3000, 4000, label),
    ];
    await record([
      [
        ...visit('/classes/123', 'join', 0),
        ...visit('/classes/456', 'join', 100),
        ...visit('/classes/3f2b9c1e-8a7d-4e6f-9b0a-1c2d3e4f5a6b/tasks/64a1f0c2e4b0a1b2c3d4e5f6', 'task', 200),
        ...visit('/classes/456/tasks/507f1f77bcf86cd799439011', 'task', 300),
        ...visit('/courses/introduction-to-python-programming', 'start', 400),
      ],
    ]);
    await record([visit('/classes/789', 'join', 500)]);
    const pages = async (query: string) =>
      (await get(`/v1/console/click-maps/pages?${query}`)).json().pages as { path: string }[];
    const byRoute = await pages('q=classes');
    expect(byRoute).toEqual([
      { path: '/classes/:id', clicks: 3, sessions: 2, paths: 3 },
      { path: '/classes/:id/tasks/:id', clicks: 2, sessions: 1, paths: 2 },
    ]);
    // A slug is a page, not an id; searching by a path finds the route it is part of, with all its clicks.
    expect((await pages('q=python')).map((p) => p.path)).toEqual([
      '/courses/introduction-to-python-programming',
    ]);
    expect(await pages('q=%2Fclasses%2F456')).toEqual(byRoute);
    // By exact path, as before.
    expect((await pages('q=classes%2F&group=path')).map((p) => p.path).sort()).toEqual(
      [
        '/classes/123',
        '/classes/3f2b9c1e-8a7d-4e6f-9b0a-1c2d3e4f5a6b/tasks/64a1f0c2e4b0a1b2c3d4e5f6',
        '/classes/456',
        '/classes/456/tasks/507f1f77bcf86cd799439011',
        '/classes/789',
      ].sort(),
    );
    const map = (await get('/v1/console/click-maps?path=%2Fclasses%2F%3Aid')).json();
    expect(map).toMatchObject({ path: '/classes/:id', group: 'route', clicks: 3, sessions: 2, paths: 3 });
    expect(map.cells).toEqual([{ x: 30, y: 40, count: 3 }]);
    // An exact path asks for its template's map, or for its own with group=path.
    expect((await get('/v1/console/click-maps?path=%2Fclasses%2F123')).json()).toMatchObject({
      path: '/classes/:id',
      clicks: 3,
    });
    expect((await get('/v1/console/click-maps?path=%2Fclasses%2F123&group=path')).json()).toMatchObject({
      path: '/classes/123',
      group: 'path',
      clicks: 1,
      paths: 1,
    });
    expect((await get('/v1/console/click-maps/pages?group=template')).statusCode).toBe(400);
  });

  it('leaves out clicks older than the period, refuses learners and unknown parameters', async () => {
    const long = Date.now() - 10 * 86_400_000;
    await record([
      [
        [MessageType.Timestamp, long],
        [MessageType.SetPageLocation, 'https://portal.example/old-page', '', long],
        click(1, 1, 'old'),
      ],
    ]);
    expect((await get('/v1/console/click-maps?path=%2Fold-page&days=7')).json()).toMatchObject({
      clicks: 0,
      cells: [],
      snapshot: null,
    });
    expect((await get('/v1/console/click-maps?path=%2Fold-page&days=30')).json().clicks).toBe(1);
    expect((await get('/v1/console/click-maps/pages', learner)).statusCode).toBe(403);
    expect((await get('/v1/console/click-maps?path=%2Fold-page&day=7')).statusCode).toBe(400);
    expect((await get('/v1/console/click-maps?path=old-page')).statusCode).toBe(400);
  });

  it('removes a recording’s clicks with the recording', async () => {
    const admin = await createTestUser(t.app, { role: 'admin' });
    const now = Date.now();
    const id = await record([
      [
        [MessageType.Timestamp, now],
        [MessageType.SetPageLocation, 'https://portal.example/gone-soon', '', now],
        click(1, 1, 'gone'),
      ],
    ]);
    expect((await get('/v1/console/click-maps?path=%2Fgone-soon')).json().clicks).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/console/sessions/${id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await get('/v1/console/click-maps?path=%2Fgone-soon')).json()).toMatchObject({
      clicks: 0,
      snapshot: null,
    });
  });
});
