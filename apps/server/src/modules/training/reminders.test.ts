import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { classSessions, notifications } from '../../db/schema.ts';
import { seedCommunity } from '../../db/seed/seed-community.ts';
import { sendDeadlineReminders } from '../tasks/index.ts';
import { sendClassStarting } from './send-class-starting.ts';

type Message = { title: string; link: string | null };

describe.each(databaseKinds)('training notifications and seed on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  beforeAll(async () => {
    c = await openCommunity(kind);
    // Loading the demo community takes over a minute on a loaded two-core machine.
  }, 180_000);
  afterAll(() => c.close());

  const inbox = async (who: 'learner' | 'mate' | 'outsider'): Promise<Message[]> =>
    (await c.call(who, 'GET', '/v1/notify/message/list?page=1')).json().list;

  it("seeds the demo learner's inbox and a second seed adds nothing", async () => {
    const before = await inbox('learner');
    expect(before.map((m) => m.title)).toContain('歡迎加入 前端工程師養成班 第 12 期');
    await seedCommunity(c.db);
    expect(await inbox('learner')).toHaveLength(before.length);
    expect((await c.call('learner', 'GET', '/v1/training-classes/')).json().pagination.total).toBe(3);
    expect(
      (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/tasks`)).json().items,
    ).toHaveLength(5);
  });

  it('reminds of a deadline within a day once, and not those who completed it', async () => {
    // The seed already told the demo learner about 餐廳網站; the sweep must not repeat it for anyone.
    expect(await sendDeadlineReminders(c.db)).toBe(0);
    const soon = new Date(Date.now() + 2 * 86_400_000 + 60_000);
    const later = new Date(Date.now() + 2 * 86_400_000);
    // 3 days from now: 閱讀 Flexbox 指南 is due within a day of `later`.
    expect(await sendDeadlineReminders(c.db, later)).toBeGreaterThan(0);
    expect(await sendDeadlineReminders(c.db, soon)).toBe(0);
    expect((await inbox('mate')).map((m) => m.title)).toContain('任務即將截止：閱讀 Flexbox 指南並寫筆記');
    expect((await inbox('outsider')).map((m) => m.title)).not.toContain(
      '任務即將截止：閱讀 Flexbox 指南並寫筆記',
    );
  });

  it('tells members a session starts within the hour, once', async () => {
    await c.db
      .update(classSessions)
      .set({ startsAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(classSessions.title, '第 2 週：清理政府開放資料'));
    expect(await sendClassStarting(c.db)).toBe(3);
    expect(await sendClassStarting(c.db)).toBe(0);
    const message = (await inbox('learner')).find((m) =>
      m.title.includes('第 2 週：清理政府開放資料 即將開始'),
    );
    expect(message?.link).toBe(`/training/${c.ids.data}`);
  });

  // One way to add a task (ADR 0044): the community console's, admins only and audited.
  it('lets admins add a task in the console, notifying members; nobody else, and no other path', async () => {
    const url = `/v1/console/community/classes/${c.ids.fe}/tasks`;
    const body = {
      title: '期中作品發表',
      description: '五分鐘展示',
      due_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      points: 50,
    };
    const created = await c.call('staff', 'POST', url, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: '期中作品發表', state: 'available' });
    expect((await inbox('learner')).map((m) => m.title)).toContain('新任務：期中作品發表');
    expect((await c.call('learner', 'POST', url, body)).statusCode).toBe(403);
    const past = await c.call('staff', 'POST', url, {
      ...body,
      due_at: '2020-01-01T00:00:00Z',
    });
    expect(past.json().code).toBe('due_in_past');
    expect((await c.call('staff', 'POST', url, { ...body, title: '' })).statusCode).toBe(400);
    const sidePath = await c.call('staff', 'POST', `/v1/training-classes/${c.ids.fe}/tasks`, body);
    expect(sidePath.statusCode).toBe(404);
    expect(
      await c.db.select().from(notifications).where(eq(notifications.title, '新任務：期中作品發表')),
    ).toHaveLength(3);
  });
});
