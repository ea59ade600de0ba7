import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../test/create-test-user.ts';
import { databaseKinds } from '../../test/test-databases.ts';

type Entry = { actor_email: string; action: string; target: Record<string, string> };

describe.each(databaseKinds)('staff reads of learner data in the audit trail on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createTestUser(t.app, { role: 'admin' });
    agent = await createTestUser(t.app, { role: 'agent' });
    learner = await createTestUser(t.app, { nickname: '小安' });
  }, 120_000);
  afterAll(() => t.close());

  const get = (who: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: who.auth });
  /** The agent's reads as the admins' audit screen lists them, oldest first. */
  const reads = async () =>
    ((await get(admin, '/v1/console/community/audit')).json().items as Entry[])
      .filter((e) => e.actor_email === agent.email && e.action.startsWith('GET '))
      .reverse()
      .map((e) => `${e.action} ${JSON.stringify(e.target)}`);

  it('lists who searched recordings for whom, and who opened which learner record', async () => {
    const search = await get(agent, `/v1/console/sessions?learner=${encodeURIComponent(learner.email)}`);
    expect(search.statusCode).toBe(200);
    // The console's list refreshes every 10 s: the same search again is the same entry.
    await get(agent, `/v1/console/sessions?learner=${encodeURIComponent(learner.email)}&page=1`);
    await get(agent, '/v1/console/sessions?has_errors=true&sort=duration');
    expect((await get(agent, `/v1/console/community/learners/${learner.id}`)).statusCode).toBe(200);
    // A record that does not exist was not read.
    const missing = await get(agent, '/v1/console/community/learners/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);

    expect(await reads()).toEqual([
      `GET /v1/console/sessions ${JSON.stringify({ learner: learner.email })}`,
      `GET /v1/console/sessions ${JSON.stringify({ has_errors: 'true' })}`,
      `GET /v1/console/community/learners/:userId ${JSON.stringify({ userId: learner.id })}`,
    ]);
  });
});
