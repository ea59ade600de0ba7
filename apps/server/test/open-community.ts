import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { seedCommunity, seedId } from '../src/db/seed/seed-community.ts';
import { seedDemoAccounts } from '../src/db/seed/seed-demo-accounts.ts';
import { createSession, ensureAccount } from '../src/modules/account/index.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import type { DatabaseKind } from './test-databases.ts';

/** Test helper: the real app with the demo community loaded and signed-in users of every kind. */
export async function openCommunity(kind: DatabaseKind) {
  const t: TestApp = await createTestApp(kind);
  const db = t.app.db;
  await seedDemoAccounts(db);
  await seedCommunity(db);
  await ensureAccount(db, {
    email: 'outsider@atrium.local',
    password: 'Outsider123',
    nickname: '路人',
    role: 'learner',
  });
  const tokenFor = async (email: string) => {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { token } = await createSession(db, { userId: u!.id, ttlDays: 1 });
    return { id: u!.id, token };
  };
  const who = {
    learner: await tokenFor('learner@atrium.local'),
    staff: await tokenFor('staff@atrium.local'),
    mate: await tokenFor('meimei@atrium.local'),
    outsider: await tokenFor('outsider@atrium.local'),
  };
  type Who = keyof typeof who;
  const call = (as: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who[as].token}` },
      ...(payload ? { payload } : {}),
    });
  const ids = {
    fe: seedId('class:fe12'),
    data: seedId('class:data'),
    uiux: seedId('class:uiux3'),
    api: seedId('class:api'),
    mobile: seedId('class:mobile'),
    chapter: (cls: string, ch: string) => seedId(`chapter:${cls}:${ch}`),
    sub: (cls: string, ch: string, sub: string) => seedId(`sub:${cls}:${ch}:${sub}`),
    task: (cls: string, key: string) => seedId(`task:${cls}:${key}`),
  };
  return { t, db, who, call, ids, close: () => t.close() };
}
