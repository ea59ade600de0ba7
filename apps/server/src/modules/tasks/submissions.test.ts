import { SUBMISSION_BYTES_PER_LEARNER, SUBMISSION_FILE_MAX_BYTES } from '@atrium/protocol/tasks';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { consoleAudit, notifications, taskSubmissions } from '../../db/schema.ts';

const consoleBase = '/v1/console/community';
const soon = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe.each(databaseKinds)('task submissions and review on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let base: string;
  beforeAll(async () => {
    c = await openCommunity(kind);
    base = `/v1/training-classes/${c.ids.fe}/tasks`;
  }, 60_000);
  afterAll(() => c.close());

  const newTask = async (classId: string, fields: object) => {
    const res = await c.call('staff', 'POST', `${consoleBase}/classes/${classId}/tasks`, {
      title: `作業 ${Math.random().toString(36).slice(2, 8)}`,
      due_at: soon(),
      ...fields,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; title: string };
  };
  const lastMessage = async (userId: string) =>
    (
      await c.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(1)
    )[0];

  it('runs the review loop: hand in, return with feedback, hand in again, accept with points', async () => {
    const task = await newTask(c.ids.fe, { submission_kind: 'text', review: true, points: 20 });
    const submit = (as: 'learner' | 'mate', body: object) =>
      c.call(as, 'POST', `${base}/${task.id}/submissions`, body);

    // Staff review it: marking it done oneself is not enough, and it takes text, not a link.
    await c.call('learner', 'POST', `${base}/accept`, { task_id: task.id });
    const self = await c.call('learner', 'POST', `${base}/completed`, { task_id: task.id });
    expect(self.json()).toMatchObject({ code: 'submission_required' });
    expect((await submit('learner', { link: 'https://example.com' })).json().code).toBe(
      'submission_kind_mismatch',
    );

    const first = await submit('learner', { text: '第一版：完成了首頁' });
    expect(first.statusCode).toBe(200);
    expect(first.json().task).toMatchObject({
      state: 'accepted',
      review_state: 'pending',
      points_awarded: null,
    });
    expect((await submit('learner', { text: '再交一次' })).json().code).toBe('submission_pending');
    const mateFirst = await submit('mate', { text: '同學的作業' });
    expect(mateFirst.statusCode).toBe(200);
    const board = (await c.call('learner', 'GET', `${base}/board`)).json();
    expect(board.accepted.find((t: { id: string }) => t.id === task.id)?.review_state).toBe('pending');

    // The queue: oldest first; learners cannot read it.
    const queue = (await c.call('staff', 'GET', `${consoleBase}/classes/${c.ids.fe}/reviews`)).json().items;
    expect(queue.map((q: { nickname: string }) => q.nickname)).toEqual(['學員小安', '小美']);
    expect(queue[0]).toMatchObject({ task_id: task.id, body: '第一版：完成了首頁', returned_before: 0 });
    expect((await c.call('mate', 'GET', `${consoleBase}/classes/${c.ids.fe}/reviews`)).statusCode).toBe(403);

    const id = queue[0].id as string;
    expect(
      (await c.call('staff', 'POST', `${consoleBase}/submissions/${id}/return`, { feedback: ' ' }))
        .statusCode,
    ).toBe(400);
    const returned = await c.call('staff', 'POST', `${consoleBase}/submissions/${id}/return`, {
      feedback: '請補上導覽列',
    });
    expect(returned.json()).toMatchObject({ status: 'returned', feedback: '請補上導覽列' });
    expect(await lastMessage(c.who.learner.id)).toMatchObject({
      title: `任務需要修改：${task.title}`,
      link: `/tasks/${task.id}`,
    });
    const back = (await c.call('learner', 'GET', `/v1/tasks/${task.id}`)).json();
    expect(back).toMatchObject({ state: 'accepted', review_state: 'returned' });
    // A decided hand-in stays decided.
    expect(
      (await c.call('staff', 'POST', `${consoleBase}/submissions/${id}/accept`, { points: 5 })).json().code,
    ).toBe('submission_reviewed');

    // The console's who-did-what list says the task is back with the learner.
    const who = (await c.call('staff', 'GET', `${consoleBase}/tasks/${task.id}/progress`)).json().items;
    expect(who.find((r: { nickname: string }) => r.nickname === '學員小安').review_state).toBe('returned');
    expect(who.find((r: { nickname: string }) => r.nickname === '小美').review_state).toBe('pending');
    const second = await submit('learner', { text: '第二版：加上導覽列' });
    expect(second.json().task.review_state).toBe('pending');
    const again = (await c.call('staff', 'GET', `${consoleBase}/classes/${c.ids.fe}/reviews`)).json().items;
    expect(again.map((q: { nickname: string }) => q.nickname)).toEqual(['小美', '學員小安']);
    expect(again[1].returned_before).toBe(1);

    const before = (await c.call('learner', 'GET', `${base}/progress`)).json();
    // More than the task is worth is refused and leaves the hand-in waiting (issue 36).
    const over = await c.call('staff', 'POST', `${consoleBase}/submissions/${again[1].id}/accept`, {
      points: 21,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ code: 'points_over_max', message: '給分不能超過這項任務的滿分 20 點' });
    expect((await c.call('learner', 'GET', `/v1/tasks/${task.id}`)).json().review_state).toBe('pending');
    const accepted = await c.call('staff', 'POST', `${consoleBase}/submissions/${again[1].id}/accept`, {
      points: 17,
      feedback: '做得很好',
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', points: 17, feedback: '做得很好' });
    expect(await lastMessage(c.who.learner.id)).toMatchObject({ title: `任務已通過：${task.title}` });
    const done = (await c.call('learner', 'GET', `/v1/tasks/${task.id}`)).json();
    expect(done).toMatchObject({ state: 'completed', review_state: 'accepted', points_awarded: 17 });
    const after = (await c.call('learner', 'GET', `${base}/progress`)).json();
    expect(after.points_earned - before.points_earned).toBe(17);

    // History: both hand-ins, newest first, each with what staff said.
    const history = (await c.call('learner', 'GET', `/v1/tasks/${task.id}/submissions`)).json().items;
    expect(history.map((h: { status: string; feedback: string }) => [h.status, h.feedback])).toEqual([
      ['accepted', '做得很好'],
      ['returned', '請補上導覽列'],
    ]);
    expect((await submit('learner', { text: '第三版' })).json().code).toBe('task_completed');
    // Audited like other staff changes.
    const audit = await c.db
      .select()
      .from(consoleAudit)
      .where(like(consoleAudit.action, 'POST %/submissions/:submissionId/%'));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'POST /v1/console/community/submissions/:submissionId/accept',
      'POST /v1/console/community/submissions/:submissionId/return',
    ]);
  });

  it('issues the certificate only for accepted work', async () => {
    const dataBase = `/v1/training-classes/${c.ids.data}/tasks`;
    const patched = await c.t.app.inject({
      method: 'PATCH',
      url: `${consoleBase}/tasks/${c.ids.task('data', 'chart')}`,
      headers: { authorization: `Bearer ${c.who.staff.token}` },
      payload: { review: true },
    });
    expect(patched.json()).toMatchObject({ review: true, submission_kind: 'check' });
    for (const key of ['clean', 'chart']) {
      await c.call('learner', 'POST', `${dataBase}/accept`, { task_id: c.ids.task('data', key) });
    }
    await c.call('learner', 'POST', `${dataBase}/completed`, { task_id: c.ids.task('data', 'clean') });
    // A reviewed self-check: 完成 hands it in for review instead of completing it.
    const handed = await c.call('learner', 'POST', `${dataBase}/completed`, {
      task_id: c.ids.task('data', 'chart'),
    });
    expect(handed.json()).toMatchObject({
      task: { state: 'accepted', review_state: 'pending' },
      certificate_verification_id: null,
    });
    const certs = () => c.call('learner', 'GET', `/v1/training-classes/${c.ids.data}/certificates`);
    expect((await certs()).json().items).toHaveLength(0);
    const [item] = (await c.call('staff', 'GET', `${consoleBase}/classes/${c.ids.data}/reviews`)).json()
      .items;
    expect(item).toMatchObject({ kind: 'check', task_id: c.ids.task('data', 'chart') });
    await c.call('staff', 'POST', `${consoleBase}/submissions/${item.id}/accept`, { points: 10 });
    expect((await certs()).json().items).toHaveLength(1);
  });

  it('takes a file by its bytes, within the bound, and shows it only to its learner and staff', async () => {
    const task = await newTask(c.ids.fe, { submission_kind: 'file' });
    const upload = (bytes: Buffer, name = 'report.pdf', as = c.who.learner.token) =>
      c.t.app.inject({
        method: 'POST',
        url: `${base}/${task.id}/submissions/file?name=${encodeURIComponent(name)}`,
        headers: { authorization: `Bearer ${as}`, 'content-type': 'application/pdf' },
        payload: bytes,
      });
    expect((await upload(Buffer.from('<html>not a pdf</html>'))).json().code).toBe('file_not_supported');
    const huge = Buffer.alloc(SUBMISSION_FILE_MAX_BYTES + 1, 0x20);
    huge.write('%PDF-1.7');
    expect((await upload(huge)).json().code).toBe('file_too_large');
    const pdf = Buffer.from('%PDF-1.7\n% 作業\n');
    const res = await upload(pdf, '../../期末 報告.pdf');
    expect(res.statusCode).toBe(200);
    // Without review, handing it in completes the task at the task's points.
    expect(res.json().task).toMatchObject({ state: 'completed', points_awarded: 10, review_state: null });
    const { id, file_name } = res.json().submission;
    expect(file_name).toBe('期末 報告.pdf');
    const mine = await c.call('learner', 'GET', `/v1/task-submissions/${id}/file`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect(mine.rawPayload.equals(pdf)).toBe(true);
    expect((await c.call('mate', 'GET', `/v1/task-submissions/${id}/file`)).statusCode).toBe(404);
    expect((await c.call('staff', 'GET', `${consoleBase}/submissions/${id}/file`)).statusCode).toBe(200);
    expect((await c.call('outsider', 'GET', `/v1/tasks/${task.id}/submissions`)).statusCode).toBe(404);

    // One learner's files add up to a bound: past it, even a small file is refused.
    const other = await newTask(c.ids.fe, { submission_kind: 'file' });
    await c.db.insert(taskSubmissions).values({
      taskId: other.id,
      userId: c.who.mate.id,
      kind: 'file',
      status: 'accepted',
      fileSize: SUBMISSION_BYTES_PER_LEARNER - 10,
    });
    const full = await c.t.app.inject({
      method: 'POST',
      url: `${base}/${task.id}/submissions/file?name=a.pdf`,
      headers: { authorization: `Bearer ${c.who.mate.token}` },
      payload: pdf,
    });
    expect(full.json().code).toBe('submission_storage_full');
  });

  it('drops format characters from file names and audits staff downloads (issue 35)', async () => {
    const task = await newTask(c.ids.fe, { submission_kind: 'file' });
    const res = await c.t.app.inject({
      method: 'POST',
      url: `${base}/${task.id}/submissions/file?name=${encodeURIComponent('report\u202Efdp.exe\u200B')}`,
      headers: { authorization: `Bearer ${c.who.learner.token}`, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7\n'),
    });
    expect(res.statusCode).toBe(200);
    const { id, file_name } = res.json().submission;
    // Staff would otherwise read `reportexe.pdf`.
    expect(file_name).toBe('reportfdp.exe');
    const download = await c.call('staff', 'GET', `${consoleBase}/submissions/${id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).not.toMatch(/\u202E|%E2%80%AE/i);
    const audit = await c.db
      .select()
      .from(consoleAudit)
      .where(like(consoleAudit.action, '%/submissions/:submissionId/file'));
    expect(audit.map((a) => [a.actorId, a.target])).toContainEqual([c.who.staff.id, { submissionId: id }]);
  });

  it('takes one of two hand-ins sent at once', async () => {
    const task = await newTask(c.ids.fe, { submission_kind: 'text', review: true });
    const send = (text: string) => c.call('mate', 'POST', `${base}/${task.id}/submissions`, { text });
    const codes = (await Promise.all([send('甲'), send('乙'), send('丙')])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect((await c.call('mate', 'GET', `/v1/tasks/${task.id}/submissions`)).json().items).toHaveLength(1);
  });

  it('limits how often one learner hands in', async () => {
    const task = await newTask(c.ids.fe, { submission_kind: 'link' });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await c.call('outsider', 'POST', `${base}/${task.id}/submissions`, { link: 'x' })).statusCode,
      );
    }
    expect(codes.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(codes[30]).toBe(429);
    // Someone else is not held back by it.
    const ok = await c.call('mate', 'POST', `${base}/${task.id}/submissions`, {
      link: 'https://example.com/a',
    });
    expect(ok.json().task.state).toBe('completed');
  });
});
