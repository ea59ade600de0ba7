import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema.ts';
import type { Role } from '../src/modules/account/index.ts';
import { createSession, hashPassword } from '../src/modules/account/index.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  /** Bearer auth, as API clients (and the portal) send it. */
  auth: { authorization: string };
}

/** A verified user with a signed-in session, for integration tests of signed-in calls. */
export async function createTestUser(
  app: FastifyInstance,
  opts: { role?: Role; password?: string; nickname?: string } = {},
): Promise<TestUser> {
  const email = `u${randomBytes(6).toString('hex')}@example.com`;
  const password = opts.password ?? 'Passw0rdX';
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      nickname: opts.nickname ?? 'Tester',
      role: opts.role ?? 'learner',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token } = await createSession(app.db, { userId: row!.id, ttlDays: 1 });
  return { id: row!.id, email, password, token, auth: { authorization: `Bearer ${token}` } };
}
