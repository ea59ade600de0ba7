import type { LearnerSummary } from '@atrium/protocol/community';
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import type { AccountDeps } from './account-deps.ts';
import { findUserById, type UserRow } from './account-user.ts';
import { revokeOtherSessions } from './revoke-sessions.ts';
import { sendVerification } from './send-verification.ts';

const PAGE = 20;
export const learnerNotFound = () => notFound('找不到這位學員', 'learner_not_found');

export function toLearnerSummary(u: UserRow): LearnerSummary {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    role: u.role,
    verified: u.emailVerifiedAt !== null,
    disabled: u.disabledAt !== null,
    created_at: u.createdAt.toISOString(),
  };
}

/** Accounts whose e-mail or nickname contains `q` (of one role, or staff), newest first, 20 a page. */
export async function searchLearners(
  db: Database,
  q: string,
  page: number,
  role?: UserRow['role'] | 'staff',
) {
  const like = `%${escapeLike(q)}%`;
  const byRole =
    role === 'staff' ? inArray(users.role, ['agent', 'admin']) : role ? eq(users.role, role) : undefined;
  const where = and(q ? or(ilike(users.email, like), ilike(users.nickname, like)) : undefined, byRole);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PAGE)
    .offset((page - 1) * PAGE);
  return { items: rows.map(toLearnerSummary), total };
}

export async function getLearner(db: Database, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw learnerNotFound();
  return row;
}

/**
 * Disables or re-enables an account, or changes its role. Disabling signs it out everywhere. Staff cannot
 * disable or demote themselves, so a console never locks its last admin out by a slip.
 */
export async function changeLearner(
  db: Database,
  actorId: string,
  userId: string,
  patch: { disabled?: boolean; role?: UserRow['role'] },
): Promise<LearnerSummary> {
  const current = await getLearner(db, userId);
  if (userId === actorId && (patch.disabled || (patch.role && patch.role !== current.role))) {
    throw badRequest('self_change', '不能停用自己的帳號或變更自己的角色');
  }
  const disabledAt =
    patch.disabled === undefined
      ? current.disabledAt
      : patch.disabled
        ? (current.disabledAt ?? new Date())
        : null;
  const [row] = await db
    .update(users)
    .set({ disabledAt, role: patch.role ?? current.role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (disabledAt && !current.disabledAt) await revokeOtherSessions(db, userId);
  return toLearnerSummary(row!);
}

/** Resends the verification (or claim) mail of an account that has not verified yet. */
export async function resendVerificationFor(deps: AccountDeps, userId: string): Promise<void> {
  const user = await getLearner(deps.db, userId);
  if (user.emailVerifiedAt && user.passwordHash) throw badRequest('already_verified', '這個帳號已完成驗證');
  await sendVerification(deps, user);
}
