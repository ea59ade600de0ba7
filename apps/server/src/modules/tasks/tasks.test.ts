import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

type Task = { id: string; title: string; state: string };
const titles = (items: Task[]) => items.map((t) => t.title);

describe.each(databaseKinds)('task board on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let base: string;
  beforeAll(async () => {
    c = await openCommunity(kind);
    base = `/v1/training-classes/${c.ids.fe}/tasks`;
  }, 60_000);
  afterAll(() => c.close());

  it("puts the demo learner's tasks in the four groups", async () => {
    const board = (await c.call('learner', 'GET', `${base}/board`)).json();
    expect(titles(board.available)).toEqual(['閱讀 Flexbox 指南並寫筆記', '完成個人作品集首頁']);
    expect(titles(board.accepted)).toEqual(['切版練習：餐廳網站首頁']);
    expect(titles(board.completed)).toEqual(['設定開發環境']);
    expect(titles(board.expired)).toEqual(['HTML 語意化小測驗']);
    expect(titles((await c.call('learner', 'GET', `${base}/available`)).json().items)).toEqual(
      titles(board.available),
    );
    expect(titles((await c.call('learner', 'GET', `${base}/expired`)).json().items)).toEqual([
      'HTML 語意化小測驗',
    ]);
    expect(titles((await c.call('learner', 'GET', `${base}/completed`)).json().items)).toEqual([
      '設定開發環境',
    ]);
    const mine = (await c.call('learner', 'GET', `${base}/accepted/board`)).json();
    expect(titles(mine.accepted)).toEqual(['切版練習：餐廳網站首頁']);
    expect(titles(mine.completed)).toEqual(['設定開發環境']);
    const all = (await c.call('learner', 'GET', base)).json().items;
    expect(all).toHaveLength(5);
    expect(titles(all)).not.toContain('React 元件拆解（草稿）');
  });

  it('shows unpublished tasks to staff in preview only', async () => {
    const staff = (await c.call('staff', 'GET', `${base}?preview=1`)).json().items;
    expect(titles(staff)).toContain('React 元件拆解（草稿）');
    expect(titles((await c.call('staff', 'GET', `${base}/board?preview=1`)).json().available)).toContain(
      'React 元件拆解（草稿）',
    );
    expect((await c.call('learner', 'GET', `${base}/board?preview=1`)).statusCode).toBe(403);
  });

  it('accepts and completes idempotently; the board and progress follow', async () => {
    const taskId = c.ids.task('fe12', 'flexbox-notes');
    const before = (await c.call('learner', 'GET', `${base}/progress`)).json();
    expect(before).toMatchObject({ total: 5, completed: 1, points_earned: 10, points_total: 115 });

    const early = await c.call('learner', 'POST', `${base}/completed`, { task_id: taskId });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('task_not_accepted');

    const accepted = await c.call('learner', 'POST', `${base}/accept`, { task_id: taskId });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().task.state).toBe('accepted');
    const again = await c.call('learner', 'POST', `${base}/accept`, { task_id: taskId });
    expect(again.json().task.accepted_at).toBe(accepted.json().task.accepted_at);
    expect(titles((await c.call('learner', 'GET', `${base}/board`)).json().accepted)).toContain(
      '閱讀 Flexbox 指南並寫筆記',
    );

    const done = await c.call('learner', 'POST', `${base}/completed`, { task_id: taskId });
    expect(done.json().task.state).toBe('completed');
    expect(done.json().certificate_verification_id).toBeNull();
    const doneAgain = await c.call('learner', 'POST', `${base}/completed`, { task_id: taskId });
    expect(doneAgain.json().task.completed_at).toBe(done.json().task.completed_at);

    const after = (await c.call('learner', 'GET', `${base}/progress`)).json();
    expect(after).toMatchObject({ completed: 2, available: 1, points_earned: 30, percent: 40 });
    // The classmate's board is untouched by my progress.
    const mate = (await c.call('mate', 'GET', `${base}/board`)).json();
    expect(titles(mate.available)).toContain('閱讀 Flexbox 指南並寫筆記');
    expect(mate.completed).toEqual([]);
  });

  it('refuses to accept or complete an expired task', async () => {
    const taskId = c.ids.task('fe12', 'semantic-quiz');
    const res = await c.call('learner', 'POST', `${base}/accept`, { task_id: taskId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'task_expired', message: '任務已過期，無法接取' });
  });

  it('issues a certificate when the last task is completed', async () => {
    const dataBase = `/v1/training-classes/${c.ids.data}/tasks`;
    for (const key of ['clean', 'chart']) {
      await c.call('learner', 'POST', `${dataBase}/accept`, { task_id: c.ids.task('data', key) });
    }
    const first = await c.call('learner', 'POST', `${dataBase}/completed`, {
      task_id: c.ids.task('data', 'clean'),
    });
    expect(first.json().certificate_verification_id).toBeNull();
    const last = await c.call('learner', 'POST', `${dataBase}/completed`, {
      task_id: c.ids.task('data', 'chart'),
    });
    const verificationId = last.json().certificate_verification_id;
    expect(verificationId).toMatch(/^[\w-]{16}$/);
    const certs = (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.data}/certificates`)).json()
      .items;
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({
      verification_id: verificationId,
      class_name: '資料分析實戰營',
      learner_name: '學員小安',
    });
  });

  it('rejects bad input and tasks of other classes', async () => {
    expect((await c.call('learner', 'POST', `${base}/accept`, { task_id: 'nope' })).statusCode).toBe(400);
    expect((await c.call('learner', 'POST', `${base}/accept`, {})).statusCode).toBe(400);
    const res = await c.t.app.inject({
      method: 'POST',
      url: `${base}/accept`,
      headers: { authorization: `Bearer ${c.who.learner.token}`, 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(res.statusCode).toBe(400);
    // A task id of another class, through this class's path.
    const other = await c.call('learner', 'POST', `${base}/accept`, { task_id: c.ids.task('api', 'spec') });
    expect(other.statusCode).toBe(404);
    // An unpublished task cannot be accepted.
    expect(
      (await c.call('learner', 'POST', `${base}/accept`, { task_id: c.ids.task('fe12', 'react-draft') }))
        .statusCode,
    ).toBe(404);
    // A class I am not a member of.
    const outsider = await c.call('outsider', 'POST', `${base}/accept`, {
      task_id: c.ids.task('fe12', 'portfolio'),
    });
    expect(outsider.statusCode).toBe(404);
    expect((await c.call('outsider', 'GET', `/v1/tasks/${c.ids.task('fe12', 'portfolio')}`)).statusCode).toBe(
      404,
    );
  });

  it('gives the cross-class board and a single task', async () => {
    const board = (await c.call('learner', 'GET', '/v1/tasks/board')).json();
    const classNames = new Set(
      [...board.available, ...board.accepted, ...board.completed, ...board.expired].map((t) => t.class_name),
    );
    expect(classNames).toEqual(
      new Set(['前端工程師養成班 第 12 期', '資料分析實戰營', 'UI/UX 設計入門 第 3 期']),
    );
    const one = await c.call('learner', 'GET', `/v1/tasks/${c.ids.task('fe12', 'restaurant')}`);
    expect(one.json()).toMatchObject({
      title: '切版練習：餐廳網站首頁',
      state: 'accepted',
      class_id: c.ids.fe,
    });
    expect((await c.call('learner', 'GET', `/v1/tasks/${c.ids.task('api', 'spec')}`)).statusCode).toBe(404);
    expect((await c.call('learner', 'GET', '/v1/tasks/123')).statusCode).toBe(400);
  });
});
