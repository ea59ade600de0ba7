import { errorBody } from '@atrium/protocol/http';
import { MessageType } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { consoleAudit, replayNotes } from '../../db/schema.ts';

describe.each(databaseKinds)('notes on a recording’s moments on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let other: TestUser;
  let learner: TestUser;

  /** A one-minute recorded session of the learner. */
  async function record(): Promise<{ id: string; t0: number }> {
    const tracker = recordWithTracker(t.app);
    const { token, sessionID } = await tracker.start('tab-a', {
      url: 'https://portal.example/tasks',
      userID: learner.id,
    });
    const t0 = Date.now() - 60_000;
    const up = await tracker.upload(token, 'tab-a', 0, [
      [MessageType.Timestamp, t0],
      [MessageType.TabData, 'tab-a'],
      [MessageType.SetPageLocation, 'https://portal.example/tasks', '', t0],
      [MessageType.Timestamp, t0 + 60_000],
    ]);
    expect(up.statusCode).toBeLessThan(300);
    return { id: sessionID as string, t0 };
  }

  const call = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const notesOf = (who: TestUser, id: string) => call(who, 'GET', `/v1/console/sessions/${id}/notes`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createTestUser(t.app, { role: 'admin' });
    agent = await createTestUser(t.app, { role: 'agent', nickname: '客服小安' });
    other = await createTestUser(t.app, { role: 'agent' });
    learner = await createTestUser(t.app, { nickname: '小美' });
  });
  afterAll(() => t.close());

  it('adds a note at a moment, lists it with its author and times, and audits the change', async () => {
    const { id, t0 } = await record();
    const added = await call(agent, 'POST', `/v1/console/sessions/${id}/notes`, {
      tab_id: 'tab-a',
      at: t0 + 12_500,
      text: '  在這裡按了兩次送出  ',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      session_id: id,
      tab_id: 'tab-a',
      at: t0 + 12_500,
      text: '在這裡按了兩次送出',
      author_id: agent.id,
      author_name: '客服小安',
      editable: true,
    });
    // An earlier moment comes first in the list, whatever the order of writing.
    await call(other, 'POST', `/v1/console/sessions/${id}/notes`, {
      tab_id: 'tab-a',
      at: t0 + 1000,
      text: '開頭',
    });
    const list = (await notesOf(agent, id)).json();
    expect(list.map((n: { text: string }) => n.text)).toEqual(['開頭', '在這裡按了兩次送出']);
    expect(list.map((n: { editable: boolean }) => n.editable)).toEqual([false, true]);
    expect(Date.parse(list[1].created_at)).toBeGreaterThan(Date.now() - 60_000);

    const audit = await t.app.db.select().from(consoleAudit).where(eq(consoleAudit.actorId, agent.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'POST /v1/console/sessions/:id/notes', target: { id }, status: 201 }),
    ]);
  });

  it('refuses an empty or 2 001-character note, an unknown field, a missing session, and learners', async () => {
    const { id, t0 } = await record();
    const url = `/v1/console/sessions/${id}/notes`;
    for (const payload of [
      { tab_id: 'tab-a', at: t0, text: '   ' },
      { tab_id: 'tab-a', at: t0, text: '字'.repeat(2001) },
      { tab_id: 'tab-a', at: t0, text: 'ok', pinned: true },
    ]) {
      const res = await call(agent, 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(errorBody.strict().parse(res.json()).code).toBe('validation');
    }
    expect(
      (await call(agent, 'POST', url, { tab_id: 'tab-a', at: t0, text: '字'.repeat(2000) })).statusCode,
    ).toBe(201);
    const missing = await call(agent, 'POST', `/v1/console/sessions/${crypto.randomUUID()}/notes`, {
      tab_id: 'tab-a',
      at: t0,
      text: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect((await notesOf(learner, id)).statusCode).toBe(403);
    expect((await call(learner, 'POST', url, { tab_id: 'tab-a', at: t0, text: 'x' })).statusCode).toBe(403);
  });

  it('lets the author and admins, not other agents, edit and delete a note', async () => {
    const { id, t0 } = await record();
    const note = (
      await call(agent, 'POST', `/v1/console/sessions/${id}/notes`, { tab_id: 'tab-a', at: t0, text: '原文' })
    ).json();
    const url = `/v1/console/sessions/${id}/notes/${note.id}`;
    const denied = await call(other, 'PATCH', url, { text: '改掉' });
    expect(denied.statusCode).toBe(403);
    expect(errorBody.strict().parse(denied.json()).code).toBe('not_note_author');
    expect((await call(other, 'DELETE', url)).statusCode).toBe(403);
    // Another session's path does not reach it.
    const elsewhere = await record();
    expect(
      (await call(agent, 'PATCH', `/v1/console/sessions/${elsewhere.id}/notes/${note.id}`, { text: 'x' }))
        .statusCode,
    ).toBe(404);

    const edited = await call(agent, 'PATCH', url, { text: '作者改過' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: '作者改過', at: t0 });
    expect(Date.parse(edited.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(edited.json().created_at));
    expect((await call(admin, 'PATCH', url, { text: '管理員改過' })).json()).toMatchObject({
      text: '管理員改過',
      author_name: '客服小安',
      editable: true,
    });
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await notesOf(agent, id)).json()).toEqual([]);
    expect((await call(agent, 'DELETE', url)).statusCode).toBe(404);
    const actions = (
      await t.app.db.select().from(consoleAudit).where(eq(consoleAudit.actorId, admin.id))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual([
      'DELETE /v1/console/sessions/:id/notes/:noteId',
      'PATCH /v1/console/sessions/:id/notes/:noteId',
    ]);
  });

  it('removes the notes with their recording when an admin deletes it (retention: ingest/retention-removes-notes.test.ts)', async () => {
    const { id, t0 } = await record();
    const add = await call(agent, 'POST', `/v1/console/sessions/${id}/notes`, {
      tab_id: 'tab-a',
      at: t0,
      text: '看這裡',
    });
    expect(add.statusCode).toBe(201);
    expect((await call(admin, 'DELETE', `/v1/console/sessions/${id}`)).statusCode).toBe(204);
    expect(await t.app.db.select().from(replayNotes).where(eq(replayNotes.sessionId, id))).toEqual([]);
    expect((await notesOf(agent, id)).statusCode).toBe(404);
  });
});
