import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

const startBody = (projectKey: string, token: string | null = null) => ({
  trackerVersion: '15.0.3',
  projectKey,
  timestamp: Date.now(),
  doNotRecord: false,
  bufferDiff: 0,
  userID: null,
  token,
  deviceMemory: null,
  jsHeapSizeLimit: null,
  timezone: '+08:00',
  condition: null,
  assistOnly: false,
  width: 1280,
  height: 720,
  url: 'https://site.example/',
  referrer: '',
  tabId: 'tab-a',
});

describe.each(databaseKinds)('tracker settings on %s', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  let trackerDist: string;

  beforeAll(async () => {
    trackerDist = mkdtempSync(join(tmpdir(), 'atrium-tracker-dist-'));
    writeFileSync(join(trackerDist, 'tracker.js'), 'window.AtriumTracker = {};');
    t = await createTestApp(kind, { TRACKER_DIST: trackerDist });
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(trackerDist, { recursive: true, force: true });
  });

  const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/v1/console/ingest${url}`, headers: staff.auth, payload });
  const startIn = async (key: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/ingest/v1/web/start', payload: startBody(key) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const tracker = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/ingest/v1/web${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('lets staff create and change projects, with their settings in the start response', async () => {
    const created = await asStaff('POST', '/projects', {
      name: '課程網站',
      key: 'course-site',
      canvas_quality: 'high',
      canvas_fps: 4,
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({
      name: '課程網站',
      key: 'course-site',
      canvas_enabled: true,
      canvas_fps: 4,
    });
    expect((await asStaff('POST', '/projects', { name: 'dup', key: 'course-site' })).statusCode).toBe(409);
    const badKey = await asStaff('POST', '/projects', { name: 'x', key: 'has spaces!' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().code).toBe('validation');
    const random = (await asStaff('POST', '/projects', { name: '自動金鑰' })).json();
    expect(random.key).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const patched = await asStaff('PATCH', `/projects/${project.id}`, { canvas_enabled: false });
    expect(patched.json()).toMatchObject({ canvas_enabled: false, canvas_quality: 'high' });
    // An empty PATCH names nothing to change: refused like every other PATCH.
    const empty = await asStaff('PATCH', `/projects/${project.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation');
    const missing = await asStaff('PATCH', '/projects/00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    const list = (await asStaff('GET', '/projects')).json();
    expect(list.map((p: { key: string }) => p.key)).toEqual(
      expect.arrayContaining(['atrium-portal', 'course-site', random.key]),
    );

    const s = await startIn('course-site');
    expect(s).toMatchObject({
      projectID: project.id,
      canvasEnabled: false,
      canvasQuality: 'high',
      canvasFPS: 4,
    });
    expect(s.features).toEqual([]);
  });

  it('evaluates feature flags for the visitor: rollout, variants, persistence, disabled flags', async () => {
    const project = (await asStaff('POST', '/projects', { name: 'flags', key: 'flags-site' })).json();
    const path = `/projects/${project.id}/feature-flags`;
    expect((await asStaff('POST', path, { key: 'new-nav', payload: '{"color":"blue"}' })).statusCode).toBe(
      201,
    );
    expect((await asStaff('POST', path, { key: 'nobody', rollout_percentage: 0 })).statusCode).toBe(201);
    expect((await asStaff('POST', path, { key: 'off', enabled: false })).statusCode).toBe(201);
    const multi = await asStaff('POST', path, {
      key: 'layout',
      is_persist: true,
      variants: [
        { value: 'a', rollout_percentage: 50, payload: null },
        { value: 'b', rollout_percentage: 50, payload: 'B!' },
      ],
    });
    expect(multi.statusCode).toBe(201);
    const badSum = await asStaff('POST', path, {
      key: 'bad',
      variants: [
        { value: 'a', rollout_percentage: 50, payload: null },
        { value: 'b', rollout_percentage: 20, payload: null },
      ],
    });
    expect(badSum.statusCode).toBe(400);
    expect((await asStaff('POST', path, { key: 'new-nav' })).statusCode).toBe(409);

    const s = await startIn('flags-site');
    expect(s.features).toEqual(['feature-flags']);
    const ask = (userID: string | null, persistFlags?: Record<string, unknown>) =>
      tracker('POST', '/feature-flags', s.token, {
        projectID: s.projectID,
        userID,
        metadata: {},
        persistFlags,
      });
    const res = await ask('learner-1');
    expect(res.statusCode).toBe(200);
    const flags = res.json().flags as {
      key: string;
      value: unknown;
      is_persist: boolean;
      payload: unknown;
    }[];
    expect(flags.map((f) => f.key)).toEqual(['layout', 'new-nav']);
    expect(flags.find((f) => f.key === 'new-nav')).toEqual({
      key: 'new-nav',
      is_persist: false,
      value: true,
      payload: '{"color":"blue"}',
    });
    const layout = flags.find((f) => f.key === 'layout')!;
    expect(['a', 'b']).toContain(layout.value);
    // Stable for the same visitor; a persisted value is kept.
    expect((await ask('learner-1')).json().flags).toEqual(flags);
    const other = layout.value === 'a' ? 'b' : 'a';
    const kept = (await ask('learner-1', { layout: other })).json().flags;
    expect(kept.find((f: { key: string }) => f.key === 'layout')).toMatchObject({
      value: other,
      is_persist: true,
    });

    const flagId = (await asStaff('GET', path)).json().find((f: { key: string }) => f.key === 'new-nav').id;
    // A change touches only the fields it names.
    const off = await asStaff('PATCH', `${path}/${flagId}`, { enabled: false });
    expect(off.json()).toMatchObject({
      enabled: false,
      payload: '{"color":"blue"}',
      rollout_percentage: 100,
    });
    expect((await ask('learner-1')).json().flags.map((f: { key: string }) => f.key)).toEqual(['layout']);
    expect((await asStaff('DELETE', `${path}/${flagId}`)).statusCode).toBe(204);
    expect((await asStaff('DELETE', `${path}/${flagId}`)).statusCode).toBe(404);

    const wrongProject = await tracker('POST', '/feature-flags', s.token, {
      projectID: '00000000-0000-4000-8000-000000000000',
      metadata: {},
    });
    expect(wrongProject.statusCode).toBe(403);
  });

  it('serves conditions and tags that staff set', async () => {
    const project = (await asStaff('POST', '/projects', { name: 'cond', key: 'cond-site' })).json();
    const conditions = [
      {
        name: '錯誤頁',
        capture_rate: 100,
        filters: [{ type: 'event', operator: 'contains', value: ['/error'] }],
      },
      {
        name: '一半',
        capture_rate: 50,
        filters: [{ type: 'session_duration', operator: '>', value: ['10000'] }],
      },
    ];
    const put = await asStaff('PUT', `/projects/${project.id}/conditions`, { conditions });
    expect(put.statusCode).toBe(200);
    expect(put.json().map((c: { name: string }) => c.name)).toEqual(['錯誤頁', '一半']);
    const badType = await asStaff('PUT', `/projects/${project.id}/conditions`, {
      conditions: [{ name: 'x', capture_rate: 10, filters: [{ type: 'nope', operator: 'is', value: [] }] }],
    });
    expect(badType.statusCode).toBe(400);

    const tag = await asStaff('POST', `/projects/${project.id}/tags`, {
      name: '報名按鈕',
      selector: 'button.signup',
    });
    expect(tag.statusCode).toBe(201);
    const gone = await asStaff('POST', `/projects/${project.id}/tags`, { name: 'old', selector: '.old' });
    expect((await asStaff('DELETE', `/projects/${project.id}/tags/${gone.json().id}`)).statusCode).toBe(204);

    const s = await startIn('cond-site');
    expect(s.features).toEqual(['conditions', 'tags']);
    const got = await tracker('GET', `/conditions/${s.projectID}`, s.token);
    expect(got.json()).toEqual({
      conditions: conditions.map((c) => ({ name: c.name, capture_rate: c.capture_rate, filters: c.filters })),
    });
    const tags = await tracker('GET', '/tags', s.token);
    expect(tags.json()).toEqual({ tags: [{ id: tag.json().id, selector: 'button.signup' }] });
    expect((await tracker('GET', '/tags', 'v1.bad.token')).statusCode).toBe(401);
  });

  it('serves a usability test and records the tester’s answers for staff', async () => {
    const project = (await asStaff('POST', '/projects', { name: 'uxt', key: 'uxt-site' })).json();
    const created = await asStaff('POST', `/projects/${project.id}/uxt-tests`, {
      title: '報名流程',
      start_page: 'https://site.example/signup',
      guidelines: '請依序完成',
      tasks: [{ title: '找到報名按鈕' }, { title: '說說感想', allow_typing: true }],
    });
    expect(created.statusCode).toBe(201);
    const test = created.json();
    const s = await startIn('uxt-site');
    expect(s.features).toEqual(['usability-test']);

    const got = await tracker('GET', `/uxt/test/${test.id}`, s.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({
      id: test.id,
      title: '報名流程',
      description: null,
      guidelines: '請依序完成',
      conclusion: null,
      startPage: 'https://site.example/signup',
      tasks: [
        { taskId: test.tasks[0].id, title: '找到報名按鈕', description: null, allowTyping: false },
        { taskId: test.tasks[1].id, title: '說說感想', description: null, allowTyping: true },
      ],
    });
    const now = Date.now();
    const signal = (url: string, payload: object) => tracker('POST', `/uxt/signals/${url}`, s.token, payload);
    expect((await signal('test', { testId: test.id, status: 'begin', timestamp: now })).statusCode).toBe(204);
    expect(
      (
        await signal('task', {
          testId: test.id,
          taskId: test.tasks[1].id,
          status: 'done',
          answer: '很順',
          timestamp: now + 1,
        })
      ).statusCode,
    ).toBe(204);
    const foreignTask = await signal('task', {
      testId: test.id,
      taskId: 999_999,
      status: 'done',
      timestamp: now,
    });
    expect(foreignTask.statusCode).toBe(404);
    const hugeId = await signal('task', { testId: 1e12, taskId: 1, status: 'done', timestamp: now });
    expect(hugeId.statusCode).toBe(404);

    const signals = (await asStaff('GET', `/projects/${project.id}/uxt-tests/${test.id}/signals`)).json();
    expect(signals).toEqual([
      { session_id: s.sessionID, task_id: null, status: 'begin', answer: null, timestamp: now },
      {
        session_id: s.sessionID,
        task_id: test.tasks[1].id,
        status: 'done',
        answer: '很順',
        timestamp: now + 1,
      },
    ]);

    // Another project's visitor cannot read this test; a paused test is not served.
    const stranger = await startIn('atrium-portal');
    expect((await tracker('GET', `/uxt/test/${test.id}`, stranger.token)).statusCode).toBe(404);
    const paused = await asStaff('PATCH', `/projects/${project.id}/uxt-tests/${test.id}`, {
      status: 'paused',
    });
    expect(paused.json().status).toBe('paused');
    expect((await tracker('GET', `/uxt/test/${test.id}`, s.token)).statusCode).toBe(404);
  });

  it('serves the built tracker to any site with cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tracker/tracker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('window.AtriumTracker = {};');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await t.app.inject({ method: 'GET', url: '/tracker/nope.js' })).statusCode).toBe(404);
  });
});
