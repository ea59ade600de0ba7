import {
  classMembers,
  classSessions,
  taskProgress,
  taskSubmissions,
  tasks,
  trainingClasses,
  users,
} from '@atrium/server/db/schema';
import { seedDemoAccounts } from '@atrium/server/db/seed/seed-demo-accounts';
import { startTestServer, type TestServer } from '../../support/server.ts';

const DAY = 86_400_000;

/** The test server with the demo accounts only: these journeys build their own class, not the demo community. */
export async function startProgressServer(): Promise<TestServer> {
  const server = await startTestServer();
  await seedDemoAccounts(server.app.db);
  return server;
}

/** The Taipei date of an instant, YYYY-MM-DD (Taipei is UTC+8 all year). */
export const taipeiDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(d);

/**
 * A class for the progress journeys (ADR 0062): 王小明 completed 首頁切版 at 00:30 Taipei on 2 March, a learner
 * named like a formula handed in 期中作品 for review in 2020 (the oldest hand-in anywhere), and a session
 * starts now — today's, in Taipei.
 */
export async function seedProgressClass(server: TestServer) {
  const ids = { cls: '', wang: '', formula: '' };
  const db = server.app.db;
  const now = Date.now();
  const [cls] = await db.insert(trainingClasses).values({ name: '進度報告班', published: true }).returning();
  ids.cls = cls!.id;
  const [wang, formula] = await db
    .insert(users)
    .values([
      { email: 'wang@example.test', nickname: '王小明' },
      { email: 'formula@example.test', nickname: '=SUM(1,2)' },
    ])
    .returning({ id: users.id });
  ids.wang = wang!.id;
  ids.formula = formula!.id;
  await db.insert(classMembers).values([
    { classId: ids.cls, userId: ids.wang },
    { classId: ids.cls, userId: ids.formula },
  ]);
  const [t1, t2] = await db
    .insert(tasks)
    .values([
      { classId: ids.cls, title: '首頁切版', dueAt: new Date(now + 7 * DAY), points: 10 },
      {
        classId: ids.cls,
        title: '期中作品',
        dueAt: new Date(now + 7 * DAY),
        points: 20,
        review: true,
        submissionKind: 'text',
      },
    ])
    .returning();
  await db.insert(taskProgress).values([
    {
      taskId: t1!.id,
      userId: ids.wang,
      acceptedAt: new Date('2026-03-01T10:00:00Z'),
      completedAt: new Date('2026-03-01T16:30:00Z'),
    },
    {
      taskId: t2!.id,
      userId: ids.formula,
      acceptedAt: new Date('2020-01-01T00:00:00Z'),
      reviewState: 'pending',
    },
  ]);
  await db.insert(taskSubmissions).values({
    taskId: t2!.id,
    userId: ids.formula,
    kind: 'text',
    body: '我的期中作品',
    status: 'pending',
    submittedAt: new Date('2020-01-02T00:00:00Z'),
  });
  // A session starting now is today's in Taipei.
  await db.insert(classSessions).values({
    classId: ids.cls,
    title: '第三週直播',
    startsAt: new Date(now),
    endsAt: new Date(now + 3_600_000),
    checkInOpensAt: new Date(now - 600_000),
    checkInClosesAt: new Date(now + 3_600_000),
  });
  return ids;
}
