import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { users } from '../../db/schema.ts';
import { grantRole } from './grant-role.ts';
import { verifyPassword } from './password.ts';

describe.each(databaseKinds)('roles on %s', (kind) => {
  let t: TestApp;
  let learner: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    learner = await createTestUser(t.app, { role: 'learner' });
    agent = await createTestUser(t.app, { role: 'agent' });
    admin = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const get = (url: string, auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: auth });

  it('lets agents and admins read recordings, and refuses learners and strangers', async () => {
    expect((await get('/v1/console/sessions', {})).statusCode).toBe(401);
    const refused = await get('/v1/console/sessions', learner.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await get('/v1/console/sessions', agent.auth)).statusCode).toBe(200);
    expect((await get('/v1/console/sessions', admin.auth)).statusCode).toBe(200);
  });

  it('keeps tracker settings to admins', async () => {
    expect((await get('/v1/console/ingest/projects', learner.auth)).statusCode).toBe(403);
    expect((await get('/v1/console/ingest/projects', agent.auth)).statusCode).toBe(403);
    expect((await get('/v1/console/ingest/projects', admin.auth)).statusCode).toBe(200);
  });

  it('makes an existing account admin without touching its password, and creates a missing one', async () => {
    const promoted = await grantRole(t.app.db, ` ${learner.email.toUpperCase()} `, 'admin');
    expect(promoted).toEqual({ email: learner.email, password: null });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, learner.email));
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, learner.password)).toBe(true);
    expect((await get('/v1/console/ingest/projects', learner.auth)).statusCode).toBe(200);

    const created = await grantRole(t.app.db, 'first-admin@example.com', 'admin');
    expect(created.password).toMatch(/^[\w-]{24}$/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: 'first-admin@example.com', password: created.password },
    });
    // A new browser always gets a code by mail; the password itself was accepted.
    expect(signIn.json().status).toBe('verify_required');
  });
});
