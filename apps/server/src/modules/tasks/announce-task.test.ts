import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { sendDeadlineReminders } from './send-deadline-reminders.ts';

const base = '/v1/console/community';
const hoursAhead = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

describe.each(databaseKinds)('new-task messages of a draft class on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  const staff = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await c.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${c.who.staff.token}` },
      payload,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const taskTitles = async () =>
    ((await c.call('learner', 'GET', '/v1/notify/message/list?page=1')).json().list as { title: string }[])
      .map((m) => m.title)
      .filter((t) => t.includes('草稿班'));

  beforeAll(async () => {
    c = await openCommunity(kind);
  }, 180_000);
  afterAll(() => c.close());

  it('tells members nothing while the class is a draft, then once when it opens', async () => {
    const cls = await staff('POST', `${base}/classes`, { name: '草稿班' });
    await staff('POST', `${base}/classes/${cls.id}/members`, { emails: ['learner@atrium.local'] });
    const secret = await staff('POST', `${base}/classes/${cls.id}/tasks`, {
      title: '草稿班的秘密任務',
      due_at: hoursAhead(3),
    });
    await staff('POST', `${base}/classes/${cls.id}/tasks`, {
      title: '草稿班的第二個任務',
      due_at: hoursAhead(48),
    });
    // Publishing a task of the draft class, or its deadline coming near, says nothing either.
    await staff('PATCH', `${base}/tasks/${secret.id}`, { published: false });
    await staff('PATCH', `${base}/tasks/${secret.id}`, { published: true });
    await sendDeadlineReminders(c.db);
    expect(await taskTitles()).toEqual([]);

    // Opening the class: one message for both tasks, not one each.
    await staff('PATCH', `${base}/classes/${cls.id}`, { published: true });
    expect(await taskTitles()).toEqual(['新任務：草稿班 有 2 個任務']);
    // Closing and reopening it repeats nothing; the deadline reminder held back now goes out.
    await staff('PATCH', `${base}/classes/${cls.id}`, { published: false });
    await staff('PATCH', `${base}/classes/${cls.id}`, { published: true });
    await sendDeadlineReminders(c.db);
    expect(await taskTitles()).toEqual(['任務即將截止：草稿班的秘密任務', '新任務：草稿班 有 2 個任務']);

    // In the open class a new task is announced at once, and only once however often it is re-published.
    const third = await staff('POST', `${base}/classes/${cls.id}/tasks`, {
      title: '草稿班的第三個任務',
      due_at: hoursAhead(72),
    });
    await staff('PATCH', `${base}/tasks/${third.id}`, { published: false });
    await staff('PATCH', `${base}/tasks/${third.id}`, { published: true });
    expect(await taskTitles()).toEqual([
      '新任務：草稿班的第三個任務',
      '任務即將截止：草稿班的秘密任務',
      '新任務：草稿班 有 2 個任務',
    ]);
  });

  it('gives the deadline in Taipei time, as every screen does, not UTC (issue 23)', async () => {
    const cls = await staff('POST', `${base}/classes`, { name: '草稿班 台北' });
    await staff('POST', `${base}/classes/${cls.id}/members`, { emails: ['learner@atrium.local'] });
    await staff('PATCH', `${base}/classes/${cls.id}`, { published: true });
    await staff('POST', `${base}/classes/${cls.id}/tasks`, {
      title: '跨日的任務',
      due_at: '2030-01-01T16:30:00.000Z',
    });
    const list = (await c.call('learner', 'GET', '/v1/notify/message/list?page=1')).json().list as {
      title: string;
      body: string;
    }[];
    const message = list.find((m) => m.title === '新任務：跨日的任務');
    expect(message?.body).toBe('草稿班 台北 有新任務，截止時間 2030/01/02 00:30（台北時間）。');
  });
});
